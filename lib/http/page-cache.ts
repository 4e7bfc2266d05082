// The rendered-page cache of the public memorial pages, in front of Next.js (lib/service/server.ts).
//
// A memorial page is the same for every visitor who asks for it in the same language (it reads no
// cookie and no session), so once rendered it is kept whole, as HTML (and gzip), and answered
// without entering Next.js again. What makes it exact:
// - the key is everything the page depends on: the memorial, the page's language (resolveLanguage,
//   as the page decides it), the "confirmed" banner and the public origin of its absolute links;
//   the page is rendered for the key (an address with that language), never for one visitor;
// - the domain events of every instance (a tree planted, the person modified, a confirmation, a
//   family's change) drop the memorial's pages at once: the pages are kept in the event-expired
//   cache of every read (lib/events/expiring-cache.ts, LISTEN/NOTIFY from other processes); while
//   this process cannot listen, each page is rendered for its request and not kept;
// - an entry never outlives what the page shows at its time: the deceased's Url is linked for 14
//   days (4.1 rule 8), so a page rendered before the end of day 14 expires at that instant;
// - a page rendered while one of its memorial's events arrived is answered but not kept.
// A rendered page carries no nonce: the cache answers it with a Content-Security-Policy that
// allows the page's own inline scripts by their SHA-256 hashes, and nothing else inline.
import { createHash } from "node:crypto";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { expiringCache } from "@memorial/lib/events/expiring-cache";
import { langParam, memorialPageLanguage } from "@memorial/lib/i18n/resolve-language";
import { publicOrigin } from "@memorial/lib/links";
import { deceasedUrlEndsAt } from "@memorial/lib/memorials/policy";
import { getPublicMemorial } from "@memorial/lib/memorials/public-queries";
import { parseId } from "@memorial/lib/validation";
import { contentSecurityPolicy } from "./csp";
import { RENDER_FOR_CACHE_HEADER } from "./page-cache-token";

export const PAGE_CACHE_HEADER = "x-cache";

interface Entry {
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  etag: string;
  /** The end of what the page may show (the deceased's Url), or Infinity. */
  until: number;
}

interface Rendered {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * A kept memorial page without Next.js's client runtime (issue 22.1). The page is a server
 * component with no client component: its HTML works whole without React in the browser, which
 * Next.js would otherwise download (~136 KiB on a first visit) and hydrate for nothing. Removed:
 * the scripts Next.js loads (`/_next/` chunks) and their preloads, and its inline scripts that only
 * feed or start that runtime (the RSC payload `self.__next_f`, the chunks Turbopack's runtime is
 * to load, `globalThis["TURBOPACK"]`). What else is inline (React's `$RC`-style scripts that
 * reveal streamed parts of a page) stays, and so does the page's own script, the share island
 * (public/share.js). Only a kept page is stripped: a page Next.js answers itself (not public,
 * right after a guestbook message, RSC navigations, development) keeps its runtime.
 */
export function withoutNextRuntime(html: string): string {
  return (
    html
      .replace(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi, (whole, attributes: string, body: string) => {
        const src = /\ssrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
        if (src !== undefined) return src.startsWith("/_next/") ? "" : whole;
        return /\bself\.__next_[a-z]+\b|\bglobalThis\["TURBOPACK"\]/.test(body) ? "" : whole;
      })
      // <link rel="preload" as="script" href="/_next/..."> and modulepreload of its chunks.
      .replace(/<link\b[^>]*>/gi, (link) =>
        /\srel\s*=\s*["']?(?:preload|modulepreload)\b/i.test(link) &&
        /\shref\s*=\s*["']?\/_next\/[^"'\s>]*\.js\b/i.test(link)
          ? ""
          : link,
      )
  );
}

/** The hashes of a page's inline scripts and style elements, as CSP sources. */
export function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;
  const scripts = new Set<string>();
  const styles = new Set<string>();
  // The contents between the tags exactly as the browser reads them: an HTML writer never puts
  // `</script` or `</style` inside one, so the hash of each is the one the browser computes.
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? "") || !match[2]) continue;
    scripts.add(sha256(match[2]));
  }
  for (const match of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi)) {
    if (match[1]) styles.add(sha256(match[1]));
  }
  return { scripts: [...scripts], styles: [...styles] };
}

// Headers of a rendered page that are not the page's own (transport, or set per answer here).
const NOT_KEPT = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
  "etag",
  "cache-control",
  "content-security-policy",
  "set-cookie",
  // The render's own request id; each answer has its own (lib/service/observed.ts).
  "x-request-id",
]);

export interface MemorialPageCacheOptions {
  /** Where this server listens, for its own renders (http://127.0.0.1:PORT). */
  renderOrigin: string;
  /** The render token of this process (PAGE_RENDER_TOKEN). */
  token: string;
  /** The most the cache holds, in bytes (HTML and gzip together). */
  maxBytes: number;
  /** A safety net: no page is kept longer (changes that no memorial event announces). */
  maxAgeMs?: number;
  dev?: boolean;
}

export interface MemorialPageCache {
  /** Answers a request for a public memorial page from the cache; false: Next.js answers it. */
  handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<boolean>;
}

export function createMemorialPageCache(options: MemorialPageCacheOptions): MemorialPageCache {
  // The memorial's events drop its pages (each memorial is a group); the 14-day rule and the size
  // are the entries' own bounds.
  const pages = expiringCache({
    dropsAll: () => false,
    groupsOf: (signal) => signal.memorialIds,
    maxAgeMs: options.maxAgeMs ?? 10 * 60_000,
    maxEntries: 50_000,
    expiresAt: (page) => (page as Entry).until,
    sizeOf: (page) => (page as Entry).body.length + (page as Entry).gzip.length,
    maxBytes: options.maxBytes,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const target = new URL(options.renderOrigin);
  const inFlight = new Map<string, Promise<{ entry: Entry | null; rendered: boolean }>>();

  function render(path: string, headers: Record<string, string>): Promise<Rendered | null> {
    return new Promise((resolve) => {
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path,
          method: "GET",
          headers: { ...headers, [RENDER_FOR_CACHE_HEADER]: options.token, "accept-encoding": "identity" },
          timeout: 30_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", () => resolve(null));
          response.on("end", () => {
            const kept: Record<string, string> = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (value === undefined) continue;
              if (name === "set-cookie") return resolve(null); // a page for one visitor: never shared
              if (!NOT_KEPT.has(name)) kept[name] = Array.isArray(value) ? value.join(", ") : value;
            }
            resolve({ status: response.statusCode ?? 500, headers: kept, body: Buffer.concat(chunks) });
          });
        },
      );
      request.on("timeout", () => request.destroy());
      request.on("error", () => resolve(null));
      request.end();
    });
  }

  function entryOf(rendered: Rendered, createdAt: Date): Entry {
    const body = Buffer.from(withoutNextRuntime(rendered.body.toString("utf8")), "utf8");
    const hashes = inlineHashes(body.toString("utf8"));
    const endsAt = deceasedUrlEndsAt(createdAt).getTime();
    return {
      headers: {
        ...rendered.headers,
        // The language follows Accept-Language (the family's language, when the browser asks for it).
        vary: [rendered.headers.vary, "Accept-Language"].filter(Boolean).join(", "),
        "content-security-policy": contentSecurityPolicy(
          { hashes: hashes.scripts },
          { dev: options.dev, styleHashes: hashes.styles },
        ),
      },
      body,
      gzip: gzipSync(body, { level: 9 }),
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      // A page that may link the deceased's Url is not kept past the end of its 14th day.
      until: endsAt > Date.now() ? endsAt : Number.POSITIVE_INFINITY,
    };
  }

  function answer(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    entry: Entry,
    state: "HIT" | "MISS",
  ) {
    const headers: Record<string, string | number> = {
      ...entry.headers,
      etag: entry.etag,
      // Browsers and shared caches may keep it, asking each time whether it is still current.
      "cache-control": "public, no-cache",
      [PAGE_CACHE_HEADER]: state,
    };
    const tags = String(request.headers["if-none-match"] ?? "").split(/\s*,\s*/);
    if (tags.includes(entry.etag) || tags.includes(`W/${entry.etag}`)) {
      response.writeHead(304, headers);
      response.end();
      return;
    }
    const gzip = /\bgzip\b/i.test(String(request.headers["accept-encoding"] ?? ""));
    const body = gzip ? entry.gzip : entry.body;
    if (gzip) headers["content-encoding"] = "gzip";
    headers["content-length"] = body.length;
    response.writeHead(200, headers);
    response.end(request.method === "HEAD" ? undefined : body);
  }

  return {
    async handle(request, response) {
      if (!request.url?.startsWith("/memorial/")) return false;
      if (request.method !== "GET" && request.method !== "HEAD") return false;
      if (request.headers[RENDER_FOR_CACHE_HEADER] !== undefined) return false;
      // Client-side navigations and prefetches ask for the page's RSC payload, not its HTML.
      if (request.headers.rsc !== undefined || request.headers["next-router-state-tree"] !== undefined) {
        return false;
      }
      let url: URL;
      try {
        url = new URL(request.url ?? "/", "http://page-cache.invalid");
      } catch {
        return false;
      }
      if (url.searchParams.has("_rsc")) return false;
      // Right after a guestbook message (?guestbook=...): the page says so to this visitor only.
      if (url.searchParams.has("guestbook")) return false;
      const match = /^\/memorial\/([^/]+)$/.exec(url.pathname);
      const id = match ? parseId(match[1]) : null;
      if (id === null) return false;
      const memorial = await getPublicMemorial(id);
      if (!memorial) return false; // not public: Next.js renders the 404
      const language = memorialPageLanguage(
        {
          lang: langParam(url.searchParams.get("lang")),
          acceptLanguage: String(request.headers["accept-language"] ?? ""),
        },
        memorial,
      );
      const confirmed = url.searchParams.get("confirmed") === "1";
      const forwarded: Record<string, string> = {};
      for (const name of ["host", "x-forwarded-host", "x-forwarded-proto"]) {
        const value = request.headers[name];
        if (typeof value === "string") forwarded[name] = value;
      }
      // Without a Host the page's links would name this server's own address: Next.js answers.
      if (!forwarded.host) return false;
      const origin = publicOrigin(new Headers(forwarded));
      const key = `${id}\n${language}\n${confirmed ? 1 : 0}\n${origin}`;

      // One render per key at a time: the visitors who arrive meanwhile get the same page.
      let lookup = inFlight.get(key);
      if (!lookup) {
        const path = `/memorial/${id}?lang=${language}${confirmed ? "&confirmed=1" : ""}`;
        let rendered = false;
        lookup = pages
          .get<Entry>(key, id, async () => {
            rendered = true;
            const page = await render(path, forwarded);
            // Not a public page any more, or not answered: Next.js answers it itself.
            return page?.status === 200 ? entryOf(page, new Date(memorial.createdAt)) : null;
          })
          .then((entry) => ({ entry, rendered }))
          .finally(() => inFlight.delete(key));
        inFlight.set(key, lookup);
      }
      const { entry, rendered } = await lookup;
      if (!entry) return false;
      answer(request, response, entry, rendered ? "MISS" : "HIT");
      return true;
    },
  };
}
