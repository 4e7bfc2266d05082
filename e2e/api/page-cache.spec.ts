// The rendered-page cache of the public memorial pages (lib/http/page-cache.ts): a page is
// rendered once per memorial, language and banner, then answered whole; the domain events drop it;
// the 14-day rule of the deceased's Url holds to the second; its CSP allows exactly its own inline
// scripts.
import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { withoutNextRuntime } from "@memorial/lib/http/page-render";
import { expect, test } from "@playwright/test";
import { api, baseUrl, db, makeIsolatedOperator } from "../support/factories";

const DAY = 86_400_000;

async function newMemorial(op: { key: string }, defunt: Record<string, unknown> = {}) {
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Cache", Prenom: "Page", DateDeces: "2026-11-01", ...defunt } },
  });
  expect(made.status, made.text).toBe(200);
  return made.json.IdMemorial as number;
}

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl()}${path}`, { headers: { "accept-encoding": "identity", ...headers } });

const totalTrees = (html: string) => /data-testid="total-trees"[^>]*>([^<]+)</.exec(html)?.[1];

test("a page is rendered once, then answered from the cache with its ETag, gzip and a CSP of its own scripts' hashes", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await newMemorial(op);
  const first = await get(`/memorial/${id}`);
  expect(first.status).toBe(200);
  expect(first.headers.get("x-cache")).toBe("MISS");
  const html = await first.text();
  const second = await get(`/memorial/${id}`);
  expect(second.headers.get("x-cache")).toBe("HIT");
  expect(await second.text()).toBe(html);
  expect(second.headers.get("cache-control")).toBe("public, no-cache");
  expect(second.headers.get("vary")).toMatch(/Accept-Language/);

  // The policy names each inline script of the page by its SHA-256 (if any is left), and allows
  // nothing else inline.
  const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/\ssrc=/.test(m[1]!) && m[2])
    .map((m) => `'sha256-${createHash("sha256").update(m[2]!).digest("base64")}'`);
  const csp = second.headers.get("content-security-policy")!;
  const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!.split(" ");
  expect(new Set(scriptSrc)).toEqual(new Set(["'self'", ...inline]));
  expect(csp).toContain("frame-ancestors 'none'");
  expect(html).not.toMatch(/nonce=/);

  // The same page for a client that asks whether its copy is current, and one that takes gzip.
  const etag = second.headers.get("etag")!;
  expect((await get(`/memorial/${id}`, { "if-none-match": etag })).status).toBe(304);
  const zipped = await fetch(`${baseUrl()}/memorial/${id}`, { headers: { "accept-encoding": "gzip" } });
  expect(zipped.headers.get("content-encoding")).toBe("gzip");
  expect(await zipped.text()).toBe(html); // fetch decompresses
  const raw = await new Promise<Buffer>((resolve, reject) => {
    import("node:http").then(({ get: httpGet }) =>
      httpGet(`${baseUrl()}/memorial/${id}`, { headers: { "accept-encoding": "gzip" } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () => resolve(Buffer.concat(chunks)));
      }).on("error", reject),
    );
  });
  expect(gunzipSync(raw).toString("utf8")).toBe(html);
});

test("a tree planted through the API drops the memorial's pages: the next load shows it", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await newMemorial(op);
  await get(`/memorial/${id}`);
  const cached = await get(`/memorial/${id}`);
  expect(cached.headers.get("x-cache")).toBe("HIT");
  expect(totalTrees(await cached.text())).toBe("1");
  // Written behind the service's back (no event): the cached page does not change...
  await db.tree.updateMany({ where: { memorialId: id }, data: { message: "Changé en douce" } });
  expect(await (await get(`/memorial/${id}`)).text()).not.toContain("Changé en douce");
  // ...a planting through the API (its tree.planted event) drops it at once.
  const more = await api("POST", "/Memorials/Creer", { key: op.key, body: { MemorialId: id } });
  expect(more.status, more.text).toBe(200);
  const next = await get(`/memorial/${id}`);
  expect(next.headers.get("x-cache")).toBe("MISS");
  const html = await next.text();
  expect(totalTrees(html)).toBe("2");
  expect(html).toContain("Changé en douce");
});

test("each language and the confirmation banner are pages of their own", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await newMemorial(op);
  const fr = await (await get(`/memorial/${id}`)).text();
  expect(fr).toMatch(/<html lang="fr"/);
  const nl = await get(`/memorial/${id}?lang=nl`);
  expect(nl.headers.get("x-cache")).toBe("MISS");
  expect(await nl.text()).toMatch(/<html lang="nl"/);
  // An unknown or hostile ?lang= is the memorial's own language: the same page as without it.
  const odd = await get(`/memorial/${id}?lang=${encodeURIComponent("x\u0000<y>")}`);
  expect(odd.headers.get("x-cache")).toBe("HIT");
  expect(await odd.text()).toBe(fr);
  const banner = await get(`/memorial/${id}?confirmed=1`);
  expect(await banner.text()).toContain('data-testid="confirmed-banner"');
  expect(await (await get(`/memorial/${id}`)).text()).not.toContain('data-testid="confirmed-banner"');
});

test("a page that links the deceased's Url is not kept past the end of day 14", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const url = "https://pf.example/avis/cache";
  const id = await newMemorial(op, { Url: url });
  // Created 14 days ago less 8 seconds: the Url is linked for 8 more seconds.
  const endsAt = Date.now() + 8_000;
  await db.memorial.update({ where: { id }, data: { createdAt: new Date(endsAt - 14 * DAY) } });
  await get(`/memorial/${id}`);
  const cached = await get(`/memorial/${id}`);
  expect(cached.headers.get("x-cache")).toBe("HIT");
  expect(await cached.text()).toContain(url);
  // Served from the cache, with the Url, until that instant; rendered anew, without it, after.
  let servedAt = 0;
  let page = "";
  await expect
    .poll(
      async () => {
        servedAt = Date.now();
        const response = await get(`/memorial/${id}`);
        page = await response.text();
        return page.includes(url) ? "with Url" : "without Url";
      },
      { timeout: 20_000, intervals: [250] },
    )
    .toBe("without Url");
  expect(servedAt).toBeGreaterThanOrEqual(endsAt - 1_000);
  expect(page).not.toContain(url);
});

test("only public pages' HTML is cached: client navigations and memorials that are not public go to Next.js", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await newMemorial(op);
  await get(`/memorial/${id}`);
  const flight = await get(`/memorial/${id}`, { rsc: "1" });
  expect(flight.headers.get("x-cache")).toBeNull();
  expect(flight.headers.get("content-type")).toContain("text/x-component");
  const waiting = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      Defunt: { Nom: "Attente", DateDeces: "2026-11-01" },
      AConfirmer: true,
      Famille: { FamilleEmail: "f@example.org" },
    },
  });
  expect(waiting.status, waiting.text).toBe(200);
  for (let i = 0; i < 2; i++) {
    const response = await get(`/memorial/${waiting.json.IdMemorial}`);
    expect(response.status).toBe(404);
    expect(response.headers.get("x-cache")).toBeNull();
  }
});

test("a kept page carries no Next.js client runtime, only its HTML, its stylesheet and the share island; a page Next.js answers itself keeps it", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await newMemorial(op);
  const kept = await get(`/memorial/${id}`);
  expect(kept.headers.get("x-cache")).toBe("MISS");
  const html = await kept.text();
  // No script of Next.js, no preload of one, no RSC payload...
  expect(html).not.toMatch(/<script[^>]*\ssrc="\/_next\//);
  expect(html).not.toMatch(/<link[^>]*\shref="\/_next\/[^"]*\.js"/);
  expect(html).not.toContain("self.__next_f");
  // ...the page's own island, deferred, with no nonce (the policy allows this origin's scripts)...
  expect(html).toMatch(/<script src="\/share\.js" defer="">/);
  expect(/script-src ([^;]+)/.exec(kept.headers.get("content-security-policy")!)![1]).toMatch(/^'self'/);
  // ...and the page whole: its stylesheet, metadata, share markup and map.
  expect(html).toMatch(/<link rel="stylesheet" href="\/_next\/static\/[^"]+\.css"/);
  expect(html).toContain('<meta property="og:title"');
  expect(html).toContain('data-testid="share-copy"');
  expect(html).toContain('data-testid="site-map"');
  const island = await get("/share.js");
  expect(island.status).toBe(200);
  expect(island.headers.get("content-type")).toMatch(/javascript/);
  expect((await island.text()).length).toBeLessThan(2048);

  // Right after a guestbook message the page is rendered for this visitor and not kept, and it
  // is answered light as well (lib/service/light-pages.ts).
  const own = await get(`/memorial/${id}?guestbook=pending`);
  expect(own.headers.get("x-cache")).toBeNull();
  const ownHtml = await own.text();
  expect(ownHtml).not.toMatch(/<script[^>]*\ssrc="\/_next\//);
  expect(ownHtml).toMatch(/<script src="\/share\.js" defer="">/);
  expect(own.headers.get("content-security-policy")).not.toContain("'nonce-");

  // Pinned to the Next.js installed: the stripping relies on what Next.js writes into
  // a page (its scripts under /_next/, its payload in self.__next_f, Turbopack's bootstrap). Applied
  // to Next.js's own rendering (here the site's not-found page, which Next.js answers itself) it
  // must leave only React's inline reveal scripts ($RC, $RS...) and the page's island: a new kind
  // of runtime script in an upgrade fails here.
  const nextOwn = await get("/no-such-page");
  expect(nextOwn.status).toBe(404);
  const nextHtml = await nextOwn.text();
  expect(nextHtml).toContain("self.__next_f");
  expect(nextHtml).toMatch(/<script[^>]*\ssrc="\/_next\/static\/chunks\//);
  const left = [...withoutNextRuntime(nextHtml).matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)];
  for (const [whole, attributes, body] of left) {
    const src = /\ssrc="([^"]+)"/.exec(attributes ?? "")?.[1];
    if (src !== undefined) expect(src, whole).toBe("/share.js");
    else expect(body, whole).toMatch(/^\$R[A-Z]*\b/);
  }
});
