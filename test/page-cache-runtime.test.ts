// What the rendered-page cache removes from a memorial page it keeps (Next.js's client
// runtime) and what it leaves (the page, its stylesheet, its own island, React's inline scripts
// that reveal streamed parts). The e2e tests (e2e/api/page-cache.spec.ts, e2e/browser/page-weight)
// check the same on the real page.

import { inlineHashes, lightened, withoutNextRuntime } from "@memorial/lib/http/page-render";
import { describe, expect, it } from "vitest";

const page = [
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/b.js"/>',
  '<link href="/_next/static/chunks/c.js" rel="modulepreload"/>',
  '<script src="/_next/static/chunks/b.js" async=""></script>',
  '<script src="/_next/static/chunks/p.js" noModule=""></script>',
  '<link rel="canonical" href="http://x.example/memorial/1"/>',
  '<meta property="og:title" content="Marie Dupont"/></head><body>',
  '<main><h1>Marie Dupont</h1><div hidden id="S:0"><p>late</p></div>',
  '<script>$RC("B:0","S:0")</script>',
  '<script src="/share.js" defer=""></script></main>',
  '<script id="_R_">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":[]});</script>',
  "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
  '<script>self.__next_f.push([1,"0:{\\"P\\":null}"])</script>',
  "</body></html>",
].join("");

describe("a kept memorial page", () => {
  it("loses Next.js's scripts, their preloads and its inline payload, and keeps the rest", () => {
    const kept = withoutNextRuntime(page);
    expect(kept).not.toContain("/_next/static/chunks/b.js");
    expect(kept).not.toContain("/_next/static/chunks/c.js");
    expect(kept).not.toContain("/_next/static/chunks/p.js");
    expect(kept).not.toContain("__next_f");
    expect(kept).not.toContain("TURBOPACK");
    expect(kept).toBe(
      [
        '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/>',
        '<link rel="stylesheet" href="/_next/static/chunks/a.css" data-precedence="next"/>',
        '<link rel="canonical" href="http://x.example/memorial/1"/>',
        '<meta property="og:title" content="Marie Dupont"/></head><body>',
        '<main><h1>Marie Dupont</h1><div hidden id="S:0"><p>late</p></div>',
        '<script>$RC("B:0","S:0")</script>',
        '<script src="/share.js" defer=""></script></main>',
        "</body></html>",
      ].join(""),
    );
    // The policy then names only the inline scripts that are left.
    expect(inlineHashes(kept).scripts).toHaveLength(1);
    expect(inlineHashes(page).scripts).toHaveLength(4);
  });
});

describe("a public page answered light", () => {
  const rendered = (status: number, type = "text/html; charset=utf-8") => ({
    status,
    headers: { "content-type": type },
    cacheControl: null,
    setCookie: [],
    body: Buffer.from(page),
  });

  it("a page answered 200 loses the runtime; its policy names the hash of what is left", () => {
    const light = lightened(rendered(200));
    expect(light.body.toString()).toBe(withoutNextRuntime(page));
    const csp = light.headers["content-security-policy"];
    const kept = inlineHashes(withoutNextRuntime(page)).scripts;
    expect(kept).toHaveLength(1);
    for (const hash of inlineHashes(page).scripts) expect(csp.includes(hash)).toBe(kept.includes(hash));
  });

  it("a not-found page keeps its runtime (Next.js reveals its content with it), every script allowed by its hash", () => {
    const light = lightened(rendered(404));
    expect(light.body.toString()).toBe(page);
    for (const hash of inlineHashes(page).scripts)
      expect(light.headers["content-security-policy"]).toContain(hash);
  });

  it("what is not HTML is left as it is", () => {
    const file = rendered(200, "text/calendar");
    expect(lightened(file)).toBe(file);
  });
});
