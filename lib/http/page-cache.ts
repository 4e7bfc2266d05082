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
//   days (4.1 rule 8), so a page rendered before the end of day 14 expires at that instant; a
//   ceremony's block changes an hour before its start (the livestream appears), at its start (its
//   words turn to the past) and 7 days after (the livestream goes), so a page expires at the next
//   of these;
// - a page rendered while one of its memorial's events arrived is answered but not kept.
// A kept page is rendered and made light (no Next.js runtime, a policy of its scripts' hashes) by
// page-render.ts.
import { createHash } from "node:crypto";
import type http from "node:http";
import { gzipSync } from "node:zlib";
import { publicCeremony } from "@memorial/lib/ceremonies/queries";
import { nextBoundary } from "@memorial/lib/ceremonies/rules";
import { expiringCache } from "@memorial/lib/events/expiring-cache";
import { langParam, memorialPageLanguage } from "@memorial/lib/i18n/resolve-language";
import { publicOrigin } from "@memorial/lib/links";
import { deceasedUrlEndsAt } from "@memorial/lib/memorials/policy";
import { getPublicMemorial } from "@memorial/lib/memorials/public-queries";
import { parseId } from "@memorial/lib/validation";
import { createPageRenderer, lightened, type NodeRequestHandler, type RenderedPage } from "./page-render";

const PAGE_CACHE_HEADER = "x-cache";

interface Entry {
  headers: Record<string, string>;
  body: Buffer;
  gzip: Buffer;
  etag: string;
  /** The end of what the page may show (the deceased's Url), or Infinity. */
  until: number;
}

export interface MemorialPageCacheOptions {
  /** Next.js's request handler, which renders the pages (page-render.ts). */
  handle: NodeRequestHandler;
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
  const render = createPageRenderer(options.handle);
  const inFlight = new Map<string, Promise<{ entry: Entry | null; rendered: boolean }>>();

  function entryOf(rendered: RenderedPage, createdAt: Date, ceremonyChangesAt: Date | null): Entry {
    const { headers, body } = lightened(rendered, { dev: options.dev });
    const urlEndsAt = deceasedUrlEndsAt(createdAt).getTime();
    const endsAt = Math.min(
      urlEndsAt > Date.now() ? urlEndsAt : Number.POSITIVE_INFINITY,
      ceremonyChangesAt?.getTime() ?? Number.POSITIVE_INFINITY,
    );
    return {
      headers: {
        ...headers,
        // The language follows Accept-Language (the family's language, when the browser asks for it).
        vary: [headers.vary, "Accept-Language"].filter(Boolean).join(", "),
      },
      body,
      gzip: gzipSync(body, { level: 9 }),
      etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      // A page that may link the deceased's Url is not kept past the end of its 14th day, nor a
      // page with a ceremony past its block's next change.
      until: endsAt,
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
      // Right after a shared photo (?photo=sent): the thanks are this visitor's only.
      if (url.searchParams.has("photo")) return false;
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
            // Read before the render: the page shows this ceremony or a later one (whose change
            // drops the entry).
            const ceremony = await publicCeremony(id);
            const ceremonyChangesAt =
              ceremony && ceremony.status === "scheduled"
                ? nextBoundary(ceremony.startsAt, new Date())
                : null;
            const page = await render(path, forwarded);
            // Not a public page any more, or not answered, or a page for one visitor (a cookie):
            // Next.js answers it itself.
            return page?.status === 200 && page.setCookie.length === 0
              ? entryOf(page, new Date(memorial.createdAt), ceremonyChangesAt)
              : null;
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
