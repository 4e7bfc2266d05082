// The arguments of the command line: node:util's parseArgs (strict), the readers of typed
// values that refuse a bad one by name (a UsageError: exit status 2), and the shape of a command.
import { parseArgs } from "node:util";
import type { PrivacyLevel } from "@memorial/lib/events/payloads";
import { parseLanguage } from "@memorial/lib/i18n/languages";
import { INT32_MAX } from "@memorial/lib/validation";

export class UsageError extends Error {}

/** --privacy public|link_only (|default, for null, when required): a stored level ("hidden" is the family's hide). */
export function privacy(f: Values, required: boolean): Exclude<PrivacyLevel, "hidden"> | null {
  const value = f.privacy;
  if (value === undefined && !required) return null;
  if (value === "public" || value === "link_only") return value;
  if (value === "default" && required) return null;
  throw new UsageError(
    `--privacy must be public or link_only${required ? " or default" : ""}; got "${String(value ?? "")}"`,
  );
}

export type OptionSpec = Record<string, { type: "string"; multiple?: boolean } | { type: "boolean" }>;
export type Values = Record<string, string | boolean | string[] | undefined>;

export const str = { type: "string" } as const;
export const flag = { type: "boolean" } as const;
/** An option that may be given more than once (`--tree 1 --tree 2`): its values in order. */
export const repeated = { type: "string", multiple: true } as const;

/**
 * The options of a command, parsed by node:util's parseArgs (strict: an unknown option, a value
 * given to a switch or a missing value is refused). A negative number is a value, not an option:
 * `--lng -3.5` is read as `--lng=-3.5`.
 */
export function parseOptions(args: string[], options: OptionSpec, positionals?: string[]): Values {
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

export function text(values: Values, name: string, required = true): string | undefined {
  const value = values[name];
  if (value === undefined) {
    if (required) throw new UsageError(`--${name} is required`);
    return undefined;
  }
  if (typeof value !== "string" || !value.trim()) throw new UsageError(`--${name} needs a value`);
  return value.trim();
}

export function integer(values: Values, name: string, options: { required?: boolean; min?: number } = {}) {
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

/** The ids of a repeated option (`--tree 1 --tree 2`, or `--tree 1,2`); undefined when not given. */
export function ids(values: Values, name: string): number[] | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const parts = (Array.isArray(raw) ? raw : [String(raw)]).flatMap((value) => value.split(","));
  return parts.map((part) => {
    const id = part.trim();
    if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > INT32_MAX) {
      throw new UsageError(`--${name}: "${id}" is not an id`);
    }
    return Number(id);
  });
}

export function decimal(values: Values, name: string, min: number, max: number, required = true) {
  const raw = text(values, name, required);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^-?\d+(\.\d+)?$/.test(raw) || value < min || value > max) {
    throw new UsageError(`--${name} must be a number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

export function language(values: Values, name: string) {
  const raw = text(values, name, false);
  if (raw === undefined) return undefined;
  const lang = parseLanguage(raw);
  if (!lang) throw new UsageError(`--${name} must be one of fr, nl, en, de; got "${raw}"`);
  return lang;
}

/** Where a command writes: its answer and notes (`out`), its complaints (`err`), a line each. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

export interface Command {
  options: OptionSpec;
  /** The names of the arguments the command reads by position, if any. */
  positionals?: string[];
  run(values: Values, output: CommandOutput): Promise<object>;
}
