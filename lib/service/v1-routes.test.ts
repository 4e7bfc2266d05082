import http from "node:http";
import type { RouteHandler } from "@memorial/lib/v1/handler";
import { V1_ROUTES } from "@memorial/lib/v1/routes";
import { describe, expect, it } from "vitest";
import { createV1Router, serveV1 } from "./v1-routes";

const router = createV1Router(V1_ROUTES);

describe("the /v1 route table (lib/v1/routes.ts)", () => {
  it("serves every path of the specification, once each", () => {
    expect(V1_ROUTES.map((route) => route.path).sort()).toEqual(
      [
        "Arbre/[arbreId]",
        "Arbres/Deplacer",
        // Extension (issue 30): claim codes.
        "Codes",
        "Codes/Creer",
        "Codes/Utiliser",
        "Contextes",
        // Extension (issue 31.2): a data subject's request.
        "DonneesPersonnelles",
        "DonneesPersonnelles/Effacer",
        "Espece/[id]",
        "Especes",
        "LivreDor/[messageId]",
        "Memorial/[memorialId]/Infos",
        "Memorials/Creer",
        "Personne/Modifier",
        "Plantation/[id]",
        "Plantations",
        "Report/Arbres/Epf/[epfId]/Days/[days]/DepuisLe/[year]/[month]/[day]",
        "Report/Arbres/Epf/[epfId]/Personne/[personneId]/Days/[days]/DepuisLe/[year]/[month]/[day]",
        "Transactions/[year]/[month]",
        "Transactions/totaux/[mode]/[year]/[month]",
        "[key]/Arbre/[arbreId]",
        "[key]/Memorial/[memorialId]/Infos",
        "[key]/Report/Arbres/Epf/[epfId]/Days/[days]/DepuisLe/[year]/[month]/[day]",
        "[key]/Report/Arbres/Epf/[epfId]/Personne/[personneId]/Days/[days]/DepuisLe/[year]/[month]/[day]",
      ].sort(),
    );
    expect(() => createV1Router([...V1_ROUTES, V1_ROUTES[0]!])).toThrow(/listed twice/);
    expect(() => createV1Router([{ path: "A/[[...rest]]", methods: {} }])).toThrow(/only static segments/);
  });

  it("matches a static segment before a dynamic one", () => {
    expect(router.match("/v1/Memorial/12/Infos")).toEqual({
      route: expect.objectContaining({ path: "Memorial/[memorialId]/Infos" }),
      params: { memorialId: "12" },
    });
    expect(router.match("/v1/mt_live_abc/Memorial/12/Infos")).toEqual({
      route: expect.objectContaining({ path: "[key]/Memorial/[memorialId]/Infos" }),
      params: { key: "mt_live_abc", memorialId: "12" },
    });
    // "Arbre" is both a static segment and a possible {key}: the static one wins, and a key there
    // is still routed through [key] when the static branch has no route for the rest.
    expect(router.match("/v1/Arbre/7")?.route.path).toBe("Arbre/[arbreId]");
    expect(router.match("/v1/Arbre/Arbre/7")).toEqual({
      route: expect.objectContaining({ path: "[key]/Arbre/[arbreId]" }),
      params: { key: "Arbre", arbreId: "7" },
    });
    expect(router.match("/v1/Especes")?.route.path).toBe("Especes");
    expect(router.match("/v1/Transactions/totaux/ventes/2026/11")?.params).toEqual({
      mode: "ventes",
      year: "2026",
      month: "11",
    });
  });

  it("decodes dynamic segments and matches nothing else", () => {
    expect(router.match("/v1/Espece/%C3%A9t%C3%A9%2F1")?.params).toEqual({ id: "été/1" });
    expect(router.match("/v1/Nothing")).toBeNull();
    expect(router.match("/v1/Especes/extra")).toBeNull();
    expect(router.match("/v1/Espece/")).toBeNull();
    expect(router.match("/v1")).toBeNull();
    expect(router.match("/v1/especes")).toBeNull();
  });
});

describe("serveV1: the route table answered from node:http", () => {
  const echo: RouteHandler = async (request, { params }) => {
    const body = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    return new Response(
      JSON.stringify({
        method: request.method,
        params: await params,
        length: body.length,
        key: request.headers.get("key"),
        search: new URL(request.url).search,
      }),
      { status: 201, headers: { "content-type": "application/json", "x-route": "echo" } },
    );
  };

  async function withServer(run: (origin: string) => Promise<void>) {
    const echoRouter = createV1Router([{ path: "Echo/[id]", methods: { GET: echo, POST: echo } }]);
    const server = http.createServer((request, response) => {
      const pathname = new URL(request.url ?? "/", "http://x").pathname;
      void serveV1(echoRouter, pathname, request, response, { "x-extra": "1" });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      await run(`http://127.0.0.1:${port}`);
    } finally {
      server.close();
    }
  }

  it("passes the decoded params, headers, query and body, and writes the answer with its headers", async () => {
    await withServer(async (origin) => {
      const got = await fetch(`${origin}/v1/Echo/a%20b?Limite=2`, { headers: { key: "k1" } });
      expect(got.status).toBe(201);
      expect(got.headers.get("x-route")).toBe("echo");
      expect(got.headers.get("x-extra")).toBe("1");
      expect(await got.json()).toEqual({
        method: "GET",
        params: { id: "a b" },
        length: 0,
        key: "k1",
        search: "?Limite=2",
      });

      const posted = await fetch(`${origin}/v1/Echo/1`, { method: "POST", body: "x".repeat(1000) });
      expect(await posted.json()).toMatchObject({ method: "POST", length: 1000 });
      // A body past the API's limit is not read whole: the handler gets just enough to refuse it.
      const large = await fetch(`${origin}/v1/Echo/1`, { method: "POST", body: "x".repeat(1024 * 1024) });
      expect(await large.json()).toMatchObject({ length: 64 * 1024 + 1 });
    });
  });

  it("answers HEAD with the GET handler and no body, another method with 405, another path with the JSON 404", async () => {
    await withServer(async (origin) => {
      const head = await fetch(`${origin}/v1/Echo/1`, { method: "HEAD" });
      expect(head.status).toBe(201);
      expect(head.headers.get("x-route")).toBe("echo");
      expect(await head.text()).toBe("");
      const put = await fetch(`${origin}/v1/Echo/1`, { method: "PUT" });
      expect(put.status).toBe(405);
      expect(put.headers.get("allow")).toBe("GET, POST");
      expect(await put.json()).toMatchObject({ HttpStatusCode: 405, Code: "METHOD_NOT_ALLOWED" });
      const missing = await fetch(`${origin}/v1/mt_live_secret/Nothing`);
      expect(missing.status).toBe(404);
      expect(missing.headers.get("x-extra")).toBe("1");
      const body = await missing.json();
      expect(body).toMatchObject({ HttpStatusCode: 404 });
      expect(body.Message).toBe("no endpoint GET /v1/{key}/Nothing");
    });
  });
});

describe("the /v1 answers' compression, as Next.js's compression middleware chooses it", () => {
  const request = (acceptEncoding?: string) =>
    ({ headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }) as never;
  const json = () =>
    ({ "content-type": "application/json; charset=utf-8", vary: "rsc" }) as Record<string, string>;
  const big = Buffer.from(
    JSON.stringify({ Arbres: Array.from({ length: 150 }, (_, i) => ({ ArbreId: i })) }),
  );

  it("chooses the coding as the compression middleware did: gzip, deflate only without gzip, else identity", async () => {
    const { preferredEncoding } = await import("./v1-routes");
    expect(preferredEncoding(undefined)).toBe("identity");
    expect(preferredEncoding("gzip, deflate, br")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("deflate");
    expect(preferredEncoding("gzip;q=0.5, deflate")).toBe("gzip");
    expect(preferredEncoding("gzip;q=0, deflate")).toBe("deflate");
    expect(preferredEncoding("gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("gzip;q=0, identity")).toBe("identity");
    expect(preferredEncoding("br")).toBe("identity");
    expect(preferredEncoding("*")).toBe("gzip");
    expect(preferredEncoding("gzip;q=0.4, identity;q=0.5")).toBe("identity");
  });

  // Pinned to the Next.js installed: its compression middleware answers the pages, and the API
  // must choose as it does for each header. A Next.js upgrade that changes the choice fails here.
  it("chooses, for each header, what Next.js's own compression middleware chooses", async () => {
    const { preferredEncoding } = await import("./v1-routes");
    const { createRequire } = await import("node:module");
    const compression = createRequire(import.meta.url)("next/dist/compiled/compression") as () => (
      request: http.IncomingMessage,
      response: http.ServerResponse,
      next: () => void,
    ) => void;
    const middleware = compression();
    const body = JSON.stringify({ Arbres: Array.from({ length: 150 }, (_, i) => ({ ArbreId: i })) });
    const server = http.createServer((request, response) =>
      middleware(request, response, () => {
        response.setHeader("content-type", "application/json; charset=utf-8");
        response.end(body);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const chosenByNext = (acceptEncoding: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ port, host: "127.0.0.1", headers: { "accept-encoding": acceptEncoding } }, (response) => {
            response.resume();
            resolve(String(response.headers["content-encoding"] ?? "identity"));
          })
          .on("error", reject);
      });
    try {
      for (const header of [
        "gzip, deflate, br",
        "deflate",
        "deflate, gzip",
        "gzip;q=0.5, deflate",
        "gzip;q=0, deflate",
        "gzip;q=0.5",
        "gzip;q=0, identity",
        "br",
        "*",
        "*;q=0.5, gzip;q=0",
        "gzip;q=0.4, identity;q=0.5",
        "deflate;q=0.9, gzip;q=0.1",
        "identity",
        "",
      ]) {
        expect(preferredEncoding(header || undefined), header).toBe(await chosenByNext(header));
      }
    } finally {
      server.close();
    }
  });

  it("gzips a JSON answer from 1 KiB on, says Vary: Accept-Encoding, and leaves the rest as it is", async () => {
    const { encoded } = await import("./v1-routes");
    const { gunzipSync, inflateSync } = await import("node:zlib");
    const zipped = json();
    const out = encoded(request("gzip, deflate"), zipped, big);
    expect(zipped["content-encoding"]).toBe("gzip");
    expect(zipped.vary).toBe("rsc, Accept-Encoding");
    expect(gunzipSync(out).equals(big)).toBe(true);

    const deflated = json();
    expect(inflateSync(encoded(request("deflate"), deflated, big)).equals(big)).toBe(true);
    expect(deflated["content-encoding"]).toBe("deflate");

    const small = json();
    expect(encoded(request("gzip"), small, Buffer.from("{}"))).toEqual(Buffer.from("{}"));
    expect(small).toEqual({ ...json(), vary: "rsc, Accept-Encoding" });

    const refused = json();
    expect(encoded(request("identity"), refused, big)).toBe(big);
    expect(refused["content-encoding"]).toBeUndefined();

    const noTransform = { ...json(), "cache-control": "no-store, no-transform" };
    expect(encoded(request("gzip"), noTransform, big)).toBe(big);
    const binary = { "content-type": "image/jpeg" } as Record<string, string>;
    expect(encoded(request("gzip"), binary, big)).toBe(big);
    expect(binary).toEqual({ "content-type": "image/jpeg" });
  });
});
