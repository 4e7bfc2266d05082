// A public page as a phone should get it: rendered by Next.js through this
// very server (a request on the loopback carrying the process's render token), then answered
// without Next.js's client runtime. The public pages (home, search results, memorial pages, their
// not-found pages) are server components with no client component: their HTML works whole without
// React in the browser, which Next.js would otherwise download (~140 KiB on a first visit) and
// hydrate for nothing. Used by the rendered-page cache of the memorial pages (page-cache.ts) and,
// for the pages it does not keep, by lib/service/light-pages.ts.
//
// A page rendered with the token carries no nonce (proxy.ts gives it a 'self'-only policy): its
// answer gets a Content-Security-Policy that allows the page's own inline scripts by their
// SHA-256 hashes, and nothing else inline.
import { createHash } from "node:crypto";
import http from "node:http";
import { contentSecurityPolicy } from "./csp";
import { RENDER_FOR_CACHE_HEADER } from "./page-cache-token";

/**
 * A page without Next.js's client runtime. Removed: the scripts Next.js loads (`/_next/` chunks)
 * and their preloads, and its inline scripts that only feed or start that runtime (the RSC payload
 * `self.__next_f`, the chunks Turbopack's runtime is to load, `globalThis["TURBOPACK"]`). What else
 * is inline (React's `$RC`-style scripts that reveal streamed parts of a page) stays, and so does
 * the page's own script, the share island (public/share.js).
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

// Headers of a rendered page that are not the page's own: transport, or set per answer.
const TRANSPORT = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "date",
  "etag",
  "content-security-policy",
  // The render's own request id; each answer has its own (lib/service/observed.ts).
  "x-request-id",
]);

export interface RenderedPage {
  status: number;
  /** The page's own headers (not the transport's; Set-Cookie and Cache-Control apart). */
  headers: Record<string, string>;
  cacheControl: string | null;
  setCookie: string[];
  body: Buffer;
}

export interface PageRendererOptions {
  /** Where this server listens, for its own renders (http://127.0.0.1:PORT). */
  renderOrigin: string;
  /** The render token of this process (PAGE_RENDER_TOKEN). */
  token: string;
}

export type PageRenderer = (path: string, headers: Record<string, string>) => Promise<RenderedPage | null>;

/** GET `path` from this server with the render token, uncompressed; null when it did not answer. */
export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const target = new URL(options.renderOrigin);
  return (path, headers) =>
    new Promise((resolve) => {
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
              if (value === undefined || TRANSPORT.has(name)) continue;
              if (name === "set-cookie" || name === "cache-control") continue;
              kept[name] = Array.isArray(value) ? value.join(", ") : value;
            }
            resolve({
              status: response.statusCode ?? 500,
              headers: kept,
              cacheControl: response.headers["cache-control"] ?? null,
              setCookie: response.headers["set-cookie"] ?? [],
              body: Buffer.concat(chunks),
            });
          });
        },
      );
      request.on("timeout", () => request.destroy());
      request.on("error", () => resolve(null));
      request.end();
    });
}

/**
 * A rendered page made light: an HTML page answered 200 loses Next.js's runtime; every HTML page
 * gets the policy of its own inline scripts' and styles' hashes. Another page (a not-found page,
 * whose content Next.js's runtime reveals) keeps its runtime; another answer (a redirect, a file)
 * is left as it is.
 */
export function lightened(
  page: RenderedPage,
  options: { dev?: boolean } = {},
): { headers: Record<string, string>; body: Buffer } {
  if (!/^text\/html\b/i.test(page.headers["content-type"] ?? "")) return page;
  const whole = page.body.toString("utf8");
  const html = page.status === 200 ? withoutNextRuntime(whole) : whole;
  const hashes = inlineHashes(html);
  return {
    headers: {
      ...page.headers,
      "content-security-policy": contentSecurityPolicy(
        { hashes: hashes.scripts },
        { dev: options.dev, styleHashes: hashes.styles },
      ),
    },
    body: Buffer.from(html, "utf8"),
  };
}
