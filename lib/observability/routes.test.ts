// The route templates of the metrics and the request log lines, read from this project's app/.
import { describe, expect, it } from "vitest";
import { createRouteMatcher, listRouteTemplates, pathOf, UNMATCHED_ROUTE } from "./routes";

const routes = createRouteMatcher(listRouteTemplates(process.cwd()));

describe("route templates", () => {
  it("names a request by its route, never by the ids and keys of its path", () => {
    expect(routes.match("/v1/mt_live_abc/Memorial/12/Infos")).toBe("/v1/{key}/Memorial/{memorialId}/Infos");
    // A static segment before a dynamic one, as Next.js routes.
    expect(routes.match("/v1/Memorial/12/Infos")).toBe("/v1/Memorial/{memorialId}/Infos");
    expect(routes.match("/v1/Especes")).toBe("/v1/Especes");
    expect(routes.match("/v1/mt_live_abc/Report/Arbres/Epf/3/Days/30/DepuisLe/2026/1/2")).toBe(
      "/v1/{key}/Report/Arbres/Epf/{epfId}/Days/{days}/DepuisLe/{year}/{month}/{day}",
    );
    expect(routes.match("/memorial/42")).toBe("/memorial/{id}");
    expect(routes.match("/manage/secret-token/reminders")).toBe("/manage/{token}/reminders");
    // Route groups do not appear; catch-alls do, by name.
    expect(routes.match("/dashboard/trees/7")).toBe("/dashboard/trees/{id}");
    expect(routes.match("/dashboard")).toBe("/dashboard");
    expect(routes.match("/api/auth/callback/credentials")).toBe("/api/auth/{nextauth...}");
    // A /v1 path no operation serves is answered by the v1 API's catch-all (its JSON 404).
    expect(routes.match("/v1/mt_live_abc/Nothing")).toBe("/v1/{path...}");
    expect(routes.match("/")).toBe("/");
    expect(routes.match("/favicon.ico")).toBe("/favicon.ico");
    expect(routes.match("/share.js")).toBe("/share.js");
    expect(routes.match("/_next/static/chunks/app.js")).toBe("/_next/{asset...}");
    // The launcher's probes are routes of their own, not "unmatched".
    expect(routes.match("/readyz")).toBe("/readyz");
    expect(routes.match("/healthz")).toBe("/healthz");
  });

  it("gives one label to every path no route matches", () => {
    expect(routes.match("/wp-admin/install.php")).toBe(UNMATCHED_ROUTE);
    expect(routes.match("/memorial/42/nothing-here")).toBe(UNMATCHED_ROUTE);
  });
});

describe("the path of a request target", () => {
  const parsed = (target: string) => {
    try {
      return new URL(target, "http://server.invalid").pathname;
    } catch {
      return "/";
    }
  };

  it("is the path URL parsing gives, whatever the target", () => {
    expect(pathOf("/v1/Especes?Page=2")).toBe("/v1/Especes");
    expect(pathOf("/v1/../dashboard")).toBe("/dashboard");
    expect(pathOf("/v1/%2e%2e/dashboard")).toBe("/dashboard");
    expect(pathOf("//evil.example/v1")).toBe("/v1");
    expect(pathOf("/a\\b")).toBe("/a/b");
    expect(pathOf(undefined)).toBe("/");
    // Plain paths are cut at their query without a parse; every other target is parsed. Both ways
    // agree on 200,000 targets drawn from the characters that parsing treats apart.
    const pieces = [
      "/",
      "a",
      "Z",
      "0",
      ".",
      "..",
      "%",
      "%2e",
      "%2E",
      "\\",
      "?",
      "#",
      " ",
      "~",
      "!",
      "$",
      "&",
      "'",
      "(",
      ")",
      "*",
      "+",
      ",",
      ";",
      "=",
      ":",
      "@",
      "-",
      "_",
      "é",
      '"',
      "<",
      ">",
      "`",
      "{",
      "}",
      "|",
      "[",
      "]",
      "//",
    ];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 200_000; i++) {
      let target = next(10) === 0 ? "" : "/";
      for (let j = 0, n = 1 + next(8); j < n; j++) target += pieces[next(pieces.length)];
      if (pathOf(target) !== parsed(target))
        expect({ target, path: pathOf(target) }).toEqual({ target, path: parsed(target) });
    }
  });
});
