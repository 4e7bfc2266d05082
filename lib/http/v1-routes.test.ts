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
