// The prose of the API reference, written in markdown beside the schemas (lib/v1/reference/*.md):
// the rules of each operation as partners read them on /docs and in openapi.json. A file may name
// values of the code as {{NAME}}; each is filled in here, and one left without a value is an error.
import { readFileSync } from "node:fs";
import path from "node:path";

const DIR = path.join(process.cwd(), "lib", "v1", "reference");

/** The text of lib/v1/reference/`name`.md, its {{NAME}} placeholders filled from `values`. */
export function prose(name: string, values: Record<string, string | number> = {}): string {
  const text = readFileSync(path.join(DIR, `${name}.md`), "utf8").trimEnd();
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`lib/v1/reference/${name}.md: no value for {{${key}}}`);
    return String(values[key]);
  });
}
