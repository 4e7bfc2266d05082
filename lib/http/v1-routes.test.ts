import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createV1Router, listV1Routes } from "./v1-routes";

const project = path.resolve(import.meta.dirname, "../..");
const routes = listV1Routes(project);
const router = createV1Router(routes);

describe("the /v1 route table of the production server (issue 22.2)", () => {
  it("lists every app/v1 route.ts that git knows", () => {
    const tracked = execFileSync("git", ["ls-files", "app/v1"], { cwd: project, encoding: "utf8" })
      .split("\n")
      .filter((file) => /\/route\.ts$/.test(file))
      .map((file) => file.slice("app/v1/".length, -"/route.ts".length))
      .sort((a, b) => a.localeCompare(b));
    expect(tracked.length).toBeGreaterThan(10);
    expect(routes.map((route) => route.path)).toEqual(tracked);
  });

  it("matches a static segment before a dynamic one, as Next.js does", () => {
    expect(router.match("/v1/Memorial/12/Infos")).toEqual({
      route: expect.objectContaining({ path: "Memorial/[memorialId]/Infos" }),
      params: { memorialId: "12" },
    });
    expect(router.match("/v1/mt_live_abc/Memorial/12/Infos")).toEqual({
      route: expect.objectContaining({ path: "[key]/Memorial/[memorialId]/Infos" }),
      params: { key: "mt_live_abc", memorialId: "12" },
    });
    // "Arbre" is both a static folder and a possible {key}: the static one wins, and a key there
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

  it("decodes dynamic segments and leaves unknown paths to Next.js", () => {
    expect(router.match("/v1/Espece/%C3%A9t%C3%A9%2F1")?.params).toEqual({ id: "été/1" });
    expect(router.match("/v1/Nothing")).toBeNull();
    expect(router.match("/v1/Especes/extra")).toBeNull();
    expect(router.match("/v1/Espece/")).toBeNull();
    expect(router.match("/v1")).toBeNull();
    expect(router.match("/v1/especes")).toBeNull();
  });

  it("loads each route's module with its handlers", async () => {
    for (const route of routes) {
      const module = await router.load(route);
      const handlers = Object.keys(module).filter((name) => typeof module[name] === "function");
      expect(handlers.length, route.path).toBeGreaterThan(0);
    }
  });
});

describe("serveV1: a route handler called from node:http", () => {
  async function withServer(run: (origin: string) => Promise<void>) {
    const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const http = await import("node:http");
    const { serveV1 } = await import("./v1-routes");
    const dir = mkdtempSync(path.join(tmpdir(), "v1-routes-"));
    mkdirSync(path.join(dir, "app/v1/Echo/[id]"), { recursive: true });
    writeFileSync(
      path.join(dir, "app/v1/Echo/[id]/route.js"),
      `const echo = async (request, { params }) => {
         const body = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
         return new Response(JSON.stringify({ method: request.method, params: await params, length: body.length,
           key: request.headers.get("key"), search: new URL(request.url).search }),
           { status: 201, headers: { "content-type": "application/json", "x-route": "echo" } });
       };
       export const GET = echo;
       export const POST = echo;`,
    );
    const echoRouter = createV1Router(listV1Routes(dir));
    const server = http.createServer((request, response) => {
      const pathname = new URL(request.url ?? "/", "http://x").pathname;
      serveV1(echoRouter, pathname, request, response, { "x-extra": "1" }).then((answered) => {
        if (!answered) response.writeHead(418).end("not here");
      });
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

  it("answers HEAD with the GET handler and no body; leaves other methods and paths to Next.js", async () => {
    await withServer(async (origin) => {
      const head = await fetch(`${origin}/v1/Echo/1`, { method: "HEAD" });
      expect(head.status).toBe(201);
      expect(head.headers.get("x-route")).toBe("echo");
      expect(await head.text()).toBe("");
      expect((await fetch(`${origin}/v1/Echo/1`, { method: "PUT" })).status).toBe(418);
      expect((await fetch(`${origin}/v1/Nothing`)).status).toBe(418);
    });
  });
});

describe("the /v1 answers' compression, as Next.js's compression middleware did", () => {
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
