// The v1 API's route files (app/v1), its route table (lib/v1/routes.ts) and its paths
// (lib/v1-paths.ts) held together: one route file per path of the specification, each the one
// call of v1Route for its own path, and no other route file under app/v1 than the catch-all of
// the JSON 404. The OpenAPI document is held to the same table by lib/v1/openapi.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { V1_PATHS } from "@memorial/lib/v1-paths";
import { describe, expect, it } from "vitest";
import { noEndpoint, V1_ROUTES, v1Route } from "./routes";

const APP_V1 = path.join(__dirname, "..", "..", "app", "v1");
const CATCH_ALL = "[[...path]]";

/** Every route.ts under app/v1, by its path under /v1/. */
function routeFiles(dir = APP_V1, segments: string[] = []): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      for (const [route, text] of routeFiles(full, [...segments, entry.name])) found.set(route, text);
    } else {
      expect(entry.name, `${full}: app/v1 holds route files only`).toBe("route.ts");
      found.set(segments.join("/"), readFileSync(full, "utf8"));
    }
  }
  return found;
}

describe("the v1 route files", () => {
  const files = routeFiles();

  it("are one per path of the specification, and the catch-all", () => {
    expect([...files.keys()].sort()).toEqual([...V1_PATHS, CATCH_ALL].sort());
    expect(V1_ROUTES.map((route) => route.path)).toEqual([...V1_PATHS]);
  });

  it("each export every method from v1Route of their own path, and nothing else", () => {
    // Compared without spaces and line breaks (the formatter wraps the long paths).
    const compact = (text: string) => text.replace(/\s+/g, "").replace(/,\)/g, ")");
    for (const v1Path of V1_PATHS) {
      const text = compact(files.get(v1Path) ?? "");
      const exported = [...text.matchAll(/exportconst(.+?)=/g)].map((match) => match[1]);
      expect(exported, v1Path).toEqual(["dynamic", "{GET,HEAD,POST,PUT,DELETE,PATCH}"]);
      expect(text, v1Path).toContain(`=v1Route(${JSON.stringify(v1Path)});`);
    }
    const catchAll = files.get(CATCH_ALL) ?? "";
    for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"]) {
      expect(catchAll).toContain(`export const ${method} = noEndpoint;`);
    }
  });

  it("answer a method their path does not have with the Error object, 405 and Allow", async () => {
    const route = v1Route("Memorials/Creer");
    const answer = await route.PUT(new Request("http://localhost/v1/Memorials/Creer", { method: "PUT" }), {
      params: Promise.resolve({}),
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("POST");
    expect(await answer.json()).toMatchObject({ HttpStatusCode: 405, Code: "METHOD_NOT_ALLOWED" });
    // HEAD is GET where the path has one, a 405 where it has none.
    expect(v1Route("Especes").HEAD).toBe(v1Route("Especes").GET);
    const head = await route.HEAD(new Request("http://localhost/v1/Memorials/Creer", { method: "HEAD" }), {
      params: Promise.resolve({}),
    });
    expect(head.status).toBe(405);
  });

  it("answer a path no route serves with the JSON 404, without echoing a key written in it", async () => {
    const answer = await noEndpoint(new Request("http://localhost/v1/mt_live_secret/Nothing%20here"), {
      params: Promise.resolve({}),
    });
    expect(answer.status).toBe(404);
    const body = await answer.json();
    expect(body).toMatchObject({ HttpStatusCode: 404, Statut: "Erreur" });
    expect(body.Message).toBe("no endpoint GET /v1/{key}/Nothing here");
  });
});
