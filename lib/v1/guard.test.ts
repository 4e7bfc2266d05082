import { describe, expect, it } from "vitest";
import { guardV1Request, isV1Request, v1Failed } from "./guard";

async function answer(response: Response | null) {
  expect(response).not.toBeNull();
  const r = response as Response;
  return {
    status: r.status,
    type: r.headers.get("content-type"),
    body: await r.json(),
    allow: r.headers.get("allow"),
  };
}

describe("what is answered in front of the /v1 route files", () => {
  it("lets a well-formed request through to its route file", () => {
    expect(guardV1Request("GET", "/v1/Especes")).toBeNull();
    expect(guardV1Request("POST", "/v1/Memorials/Creer")).toBeNull();
  });

  it("answers a bad %-escape, an unknown method and a trailing slash with the Error object", async () => {
    const badEscape = await answer(guardV1Request("GET", "/v1/Espece/%E9"));
    expect(badEscape).toMatchObject({ status: 400, body: { Objet: "erreur", Code: "INVALID_INPUT" } });
    const method = await answer(guardV1Request("TRACE", "/v1/Especes"));
    expect(method).toMatchObject({
      status: 405,
      allow: "GET, POST, PUT",
      body: { Code: "METHOD_NOT_ALLOWED" },
    });
    const slash = await answer(guardV1Request("GET", "/v1/Especes/"));
    expect(slash).toMatchObject({ status: 404, body: { Code: "NOT_FOUND" } });
    expect(slash.type).toBe("application/json; charset=utf-8");
  });

  it("answers a path with an empty segment with a JSON 404, where Next.js would redirect", async () => {
    for (const target of [
      "/v1//Plantations",
      "/v1/Memorials//Creer",
      "/v1/Memorial//1/Infos",
      "//v1/Especes",
    ]) {
      const empty = await answer(guardV1Request("POST", "/v1/Plantations", target));
      expect(empty, target).toMatchObject({ status: 404, body: { Code: "NOT_FOUND" } });
      expect(empty.body.Message).toMatch(/empty segment/);
    }
    // A query may hold // (an address in a parameter): the path alone counts.
    expect(guardV1Request("GET", "/v1/Especes", "/v1/Especes?next=http://example.org")).toBeNull();
  });

  it("takes a target with repeated slashes before v1 as a /v1 request", () => {
    expect(isV1Request("/Especes", "//v1/Especes")).toBe(true);
    expect(isV1Request("/v1", "/v1")).toBe(true);
    expect(isV1Request("/v1/Especes", "/v1/Especes?x=1")).toBe(true);
    expect(isV1Request("/v10", "/v10")).toBe(false);
    expect(isV1Request("/memorial/1", "//memorial/1")).toBe(false);
  });

  it("answers a failure of Next.js's own handling with the Error object, not a text 500", async () => {
    const failed = await answer(v1Failed());
    expect(failed).toMatchObject({
      status: 500,
      type: "application/json; charset=utf-8",
      body: { Objet: "erreur", Statut: "Erreur", HttpStatusCode: 500, Code: "INTERNAL" },
    });
    expect(failed.body.Message).toMatch(/unexpected error/);
  });
});
