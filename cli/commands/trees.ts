// A tree's life: its steps one by one, and a field team's CSV sheet.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { withEvents } from "@memorial/lib/changes/record";
import { DomainError } from "@memorial/lib/errors";
import { storePhoto } from "@memorial/lib/photos/photos";
import { environmentOf, serviceAdminScope } from "@memorial/lib/scope";
import { declareDeath } from "@memorial/lib/trees/declare-death";
import { importTreeSheet } from "@memorial/lib/trees/import-sheet";
import { moveTrees } from "@memorial/lib/trees/move-trees";
import { treeOwner } from "@memorial/lib/trees/owner";
import { treeLife } from "@memorial/lib/trees/queries";
import { recordCheck } from "@memorial/lib/trees/record-check";
import { recordInGround } from "@memorial/lib/trees/record-in-ground";
import { SHEET_MAX_BYTES } from "@memorial/lib/trees/sheet";
import type { DeathReason, TreeHealth } from "@memorial/lib/trees/transitions";
import { INT32_MAX } from "@memorial/lib/validation";
import {
  type Command,
  decimal,
  flag,
  ids,
  integer,
  repeated,
  str,
  text,
  UsageError,
  type Values,
} from "../arguments";

// tree import: a field team's CSV sheet (columns in docs/public-pages.md, "A field team's sheet (CSV)"), all or
// nothing. Prints the report of every line; when a line is refused, its reasons go to standard
// error, nothing is written and the status is 1.
const treeImport: Command = {
  options: { operator: str, test: flag },
  positionals: ["file"],
  run: async (f, output) => {
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
        output.err(
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
  const tree = await treeOwner(treeId);
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

// tree move: the operator's trees from one of its memorials to another, as the
// dashboard and POST /v1/Arbres/Deplacer move them (lib/trees/move-trees.ts holds the rules).
// --tree names a tree (repeated, or ids separated by commas); without it every tree of the
// operator in --from moves. --test: between the operator's test memorials.
const treeMove: Command = {
  options: { operator: str, from: str, to: str, tree: repeated, test: flag },
  run: async (f) => {
    const operatorId = integer(f, "operator")!;
    const fromMemorialId = integer(f, "from")!;
    const toMemorialId = integer(f, "to")!;
    const treeIds = ids(f, "tree") ?? "all";
    const moved = await withEvents((tx, changes) =>
      moveTrees(tx, changes, {
        operatorId,
        isTest: f.test === true,
        fromMemorialId,
        toMemorialId,
        treeIds,
        by: "cli",
      }),
    );
    return { ok: true, ...moved };
  },
};

// A tree's life: the same use cases as the dashboard and the CSV import (lib/trees);
// a refused step exits with status 1 and the rule's message.
export const TREE_COMMANDS: Record<string, Command> = {
  "tree import": treeImport,
  "tree move": treeMove,
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
