// The generated reference: a valid OpenAPI 3.1 document, one path per /v1 route of the app (so a
// new route cannot go undocumented), every error code explained, the demo ids in the examples.
import { readFileSync } from "node:fs";
import path from "node:path";
import { WEBHOOK_EVENTS } from "@memorial/lib/webhooks/event-types";
import { validate } from "@scalar/openapi-parser";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "./openapi";
import { DEMO_IDS } from "./openapi-examples";
import { V1_ROUTES } from "./routes";
import { ERROR_CODES } from "./schemas/error-codes";

const doc = buildOpenApiDocument();

/** The /v1 operations the server answers (lib/v1/routes.ts): "/{key}/Memorial/{memorialId}/Infos get". */
function servedOperations(): string[] {
  return V1_ROUTES.flatMap((route) => {
    const documented = `/${route.path.replace(/\[([^\]]+)\]/g, "{$1}")}`;
    return Object.keys(route.methods).map((method) => `${documented} ${method.toLowerCase()}`);
  });
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
  });

  it("documents every operation the server answers, and no other", () => {
    const documented = Object.entries(doc.paths ?? {}).flatMap(([route, item]) =>
      Object.keys(item as object).map((method) => `${route} ${method}`),
    );
    expect(documented.sort()).toEqual(servedOperations().sort());
  });

  it("answers every documented path with the Error object for 400, 403, 405 and 500", () => {
    for (const [route, item] of Object.entries(doc.paths ?? {})) {
      for (const op of Object.values(item as Record<string, { responses: Record<string, unknown> }>)) {
        for (const status of ["200", "400", "403", "405", "500"]) {
          expect(op.responses[status], `${route} ${status}`).toBeDefined();
        }
      }
    }
  });

  it("explains every error code, in the Code enum and the description", () => {
    const codes = (doc.components?.schemas?.ErrorCode as { enum: string[] } | undefined)?.enum ?? [];
    expect(codes.sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const code of codes) expect(doc.info.description).toContain(`| \`${code}\` |`);
  });

  it("is the source of docs/api.md's table of error codes", () => {
    // The table's cells, whatever padding the formatter gives them.
    const readme = readFileSync(path.join(process.cwd(), "docs", "api.md"), "utf8");
    const section = readme.slice(readme.indexOf("## For partners"));
    const rows = section
      .slice(0, section.indexOf("\n## ", 1))
      .split("\n")
      .filter((line) => /^\| `[A-Z_]+` /.test(line))
      .map((line) =>
        line
          .split("|")
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    expect(rows).toEqual(
      Object.entries(ERROR_CODES).map(([code, { status, meaning }]) => [
        `\`${code}\``,
        String(status),
        meaning,
      ]),
    );
  });

  it("carries the descriptions of the request and response fields", () => {
    const json = JSON.stringify(doc);
    expect(json).toContain("0 or null creates a new memorial; an existing id plants into it.");
    expect(json).toContain("Extension: the absolute address of the memorial's public page");
    expect(json).toContain("**Idempotent retries**");
  });

  it("documents every webhook event type an endpoint can choose, the hidden memorial's address null", () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    const hidden = JSON.stringify(doc.webhooks?.["memorial.hidden"]);
    expect(hidden).toContain("memorialUrl");
    expect(hidden).toContain("hidden by its family");
    expect(hidden).toContain('"null"');
  });

  it("uses the demo funeral home's id in the creation example (not an id that fails with 400)", () => {
    const creer = doc.paths?.["/Memorials/Creer"]?.post as {
      requestBody: { content: Record<string, { example: { Contexte: { ContexteEpfId: number } } }> };
    };
    expect(creer.requestBody.content["application/json"].example.Contexte.ContexteEpfId).toBe(
      DEMO_IDS.funeralHomeId,
    );
  });
});
