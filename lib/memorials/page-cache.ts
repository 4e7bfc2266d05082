// The rendered-page cache of the public memorial pages, in front of Next.js (scripts/server.ts).
//
// A memorial page is the same for every visitor who asks for it in the same language (it reads no
// cookie and no session), so once rendered it is kept whole, as HTML (and gzip), and answered
// without entering Next.js again. What makes it exact:
// - the key is everything the page depends on: the memorial, the page's language (pageLanguage,
//   as the page decides it), the "confirmed" banner and the public origin of its absolute links;
//   the page is rendered for the key (an address with that language), never for one visitor;
// - the domain events of every instance (a tree planted, the person modified, a confirmation, a
//   family's change) drop the memorial's pages at once, through the same signals as the data cache
//   (LISTEN/NOTIFY from other processes); while this process cannot listen, the cache is bypassed;
// - an entry never outlives what the page shows at its time: the deceased's Url is linked for 14
//   days (4.1 rule 8), so a page rendered before the end of day 14 expires at that instant;
// - a page rendered while one of its memorial's events arrived is answered but not kept.
// A rendered page carries no nonce: the cache answers it with a Content-Security-Policy that
// allows the page's own inline scripts by their SHA-256 hashes, and nothing else inline.
import { createHash } from "node:crypto";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { onEventSignals } from "@/lib/events/events";
import { ensureListening, isListening } from "@/lib/events/listener";
import { contentSecurityPolicy } from "@/lib/http/csp";
import { langParam } from "@/lib/i18n/lang-param";
import { publicOrigin } from "@/lib/links";
import { processSingleton } from "@/lib/singleton";
import { parseId } from "@/lib/validation";
import { RENDER_FOR_CACHE_HEADER } from "./page-cache-token";
import { deceasedUrlEndsAt } from "./policy";
import { pageLanguage } from "./public-page";
import { getPublicMemorial } from "./public-queries";

export const PAGE_CACHE_HEADER = "x-cache";

interface Entry {
  memorialId: number;
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  etag: string;
  expires: number;
  bytes: number;
}

interface Rendered {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Store {
  entries: Map<string, Entry>;
  byMemorial: Map<number, Set<string>>;
  generations: Map<number, number>;
  epoch: number;
  bytes: number;
  subscribed: boolean;
}

const store = processSingleton<Store>("memorialPageCache", () => ({
  entries: new Map(),
  byMemorial: new Map(),
  generations: new Map(),
  epoch: 0,
  bytes: 0,
  subscribed: false,
}));

function drop(key: string) {
  const entry = store.entries.get(key);
  if (!entry) return;
  store.entries.delete(key);
  store.bytes -= entry.bytes;
  const keys = store.byMemorial.get(entry.memorialId);
  keys?.delete(key);
  if (keys?.size === 0) store.byMemorial.delete(entry.memorialId);
}

function subscribe() {
  if (store.subscribed) return;
  store.subscribed = true;
  onEventSignals((signals) => {
    for (const signal of signals) {
      if (signal.type === "reset") {
        store.entries.clear();
        store.byMemorial.clear();
        store.generations.clear();
        store.bytes = 0;
        store.epoch++;
        continue;
      }
      for (const id of signal.memorialIds) {
        for (const key of [...(store.byMemorial.get(id) ?? [])]) drop(key);
        store.generations.set(id, (store.generations.get(id) ?? 0) + 1);
      }
      // The counters only guard renders in progress: past a bound they start again, with a new
      // epoch so that no render begun before is kept.
      if (store.generations.size > 100_000) {
        store.generations.clear();
        store.epoch++;
      }
    }
  });
}

const generation = (id: number) => `${store.epoch}.${store.generations.get(id) ?? 0}`;

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
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const target = new URL(options.renderOrigin);
  const inFlight = new Map<string, Promise<Entry | null>>();

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

  function entryOf(memorialId: number, rendered: Rendered, createdAt: Date): Entry {
    const hashes = inlineHashes(rendered.body.toString("utf8"));
    const endsAt = deceasedUrlEndsAt(createdAt).getTime();
    const gzip = gzipSync(rendered.body);
    return {
      memorialId,
      headers: {
        ...rendered.headers,
        // The language follows Accept-Language when the memorial has none of its own.
        vary: [rendered.headers.vary, "Accept-Language"].filter(Boolean).join(", "),
        "content-security-policy": contentSecurityPolicy(
          { hashes: hashes.scripts },
          { dev: options.dev, styleHashes: hashes.styles },
        ),
      },
      body: rendered.body,
      gzip,
      etag: `"${createHash("sha256").update(rendered.body).digest("base64url").slice(0, 27)}"`,
      // A page that may link the deceased's Url is not kept past the end of its 14th day.
      expires: Math.min(Date.now() + maxAgeMs, endsAt > Date.now() ? endsAt : Number.POSITIVE_INFINITY),
      bytes: rendered.body.length + gzip.length,
    };
  }

  function keep(key: string, entry: Entry) {
    drop(key);
    if (entry.bytes > options.maxBytes / 4) return;
    while (store.bytes + entry.bytes > options.maxBytes && store.entries.size > 0) {
      drop(store.entries.keys().next().value as string); // the least recently used
    }
    store.entries.set(key, entry);
    store.bytes += entry.bytes;
    const keys = store.byMemorial.get(entry.memorialId) ?? new Set<string>();
    keys.add(key);
    store.byMemorial.set(entry.memorialId, keys);
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
      const match = /^\/memorial\/([^/]+)$/.exec(url.pathname);
      const id = match ? parseId(match[1]) : null;
      if (id === null) return false;
      subscribe();
      await ensureListening();
      if (!isListening()) return false;

      const memorial = await getPublicMemorial(id);
      if (!memorial) return false; // not public: Next.js renders the 404
      const language = pageLanguage(
        langParam(url.searchParams.get("lang")),
        memorial.language,
        String(request.headers["accept-language"] ?? ""),
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

      const hit = store.entries.get(key);
      if (hit && hit.expires > Date.now()) {
        store.entries.delete(key); // most recently used: last in the map's order
        store.entries.set(key, hit);
        answer(request, response, hit, "HIT");
        return true;
      }
      if (hit) drop(key);

      // One render per key at a time: the visitors who arrive meanwhile get the same page.
      let rendering = inFlight.get(key);
      if (!rendering) {
        const before = generation(id);
        const path = `/memorial/${id}?lang=${language}${confirmed ? "&confirmed=1" : ""}`;
        rendering = render(path, forwarded)
          .then((rendered) => {
            if (rendered?.status !== 200) return null; // Next.js answers it itself
            const entry = entryOf(id, rendered, new Date(memorial.createdAt));
            entry.bytes += key.length;
            // Rendered while one of the memorial's events arrived: answered, not kept.
            if (generation(id) === before) keep(key, entry);
            return entry;
          })
          .finally(() => inFlight.delete(key));
        inFlight.set(key, rendering);
      }
      const entry = await rendering;
      if (!entry) return false;
      answer(request, response, entry, "MISS");
      return true;
    },
  };
}
