// Holds any response of the service against the OpenAPI document it serves (/openapi.json): finds
// the operation by method and path, its response by status (resolving components/responses), and
// validates the body with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) and its formats.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

const baseUrl = () => process.env.E2E_BASE_URL!;

type Json = Record<string, unknown>;
interface Operation {
  operationId: string;
  responses: Record<string, Json>;
}

interface Contract {
  document: Json;
  /** The schema errors of a response, or [] when it matches the document. */
  check(method: string, url: string, status: number, body: unknown, contentType?: string | null): string[];
  /** Every operation of the document, as "METHOD /path". */
  operations(): string[];
}

let loaded: Promise<Contract> | null = null;

/** The served document, fetched once per worker. */
export function contract(): Promise<Contract> {
  loaded ??= fetch(`${baseUrl()}/openapi.json`)
    .then((response) => response.json() as Promise<Json>)
    .then(build);
  return loaded;
}

function build(document: Json): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its default export arrives wrapped once more under ESM.
  const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
    addFormatsModule) as typeof addFormatsModule;
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: "openapi.json" });
  const paths = document.paths as Record<string, Record<string, Operation>>;
  const components = document.components as { responses: Record<string, Json> };
  const routes = Object.keys(paths).map((template) => ({
    template,
    // {key} and the other parameters are one path segment each; literal segments win over them.
    pattern: new RegExp(`^/v1${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    literals: template.split("/").filter((s) => s && !s.startsWith("{")).length,
  }));
  // The most specific template first: /Transactions/totaux/{mode}/... before /{key}/... forms.
  routes.sort((a, b) => b.literals - a.literals);

  return {
    document,
    operations: () =>
      Object.entries(paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`)),
    check(method, url, status, body, contentType) {
      // A HEAD answer has the GET's headers and no body to hold against a schema.
      if (method.toUpperCase() === "HEAD") return [];
      const pathname = new URL(url, baseUrl()).pathname;
      const route = routes.find((r) => r.pattern.test(pathname));
      const problems: string[] = [];
      if (contentType !== undefined && contentType !== "application/json; charset=utf-8") {
        problems.push(`content-type is ${contentType}`);
      }
      // An unknown path answers the document's NotFound; another method the MethodNotAllowed.
      const operation = route ? paths[route.template][method.toLowerCase()] : undefined;
      let response: Json | undefined;
      let where: string;
      if (operation) {
        response = operation.responses[String(status)];
        where = `${operation.operationId} ${status}`;
      } else {
        const shared = { 404: "NotFound", 405: "MethodNotAllowed", 400: "BadRequest" }[status];
        response = shared ? { $ref: `#/components/responses/${shared}` } : undefined;
        where = `${method} ${pathname} (no operation) ${status}`;
      }
      if (!response) return [...problems, `${where}: the document has no such response`];
      const ref = response.$ref as string | undefined;
      const pointer = ref
        ? `${ref}/content/application~1json/schema`
        : `#/paths/${pointerEscape(route!.template)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
      if (ref && !components.responses[ref.split("/").pop()!]) {
        return [...problems, `${where}: ${ref} is not in the document`];
      }
      const validate = ajv.getSchema(`openapi.json${pointer}`);
      if (!validate) return [...problems, `${where}: no schema at ${pointer}`];
      if (!validate(body)) {
        for (const error of validate.errors ?? []) {
          problems.push(
            `${where}: ${error.instancePath || "(body)"} ${error.message} ${JSON.stringify(error.params)}`,
          );
        }
      }
      return problems;
    },
  };
}

const pointerEscape = (template: string) => template.replace(/~/g, "~0").replace(/\//g, "~1");
