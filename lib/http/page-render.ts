// A public page as a phone should get it: rendered by Next.js in this process (a request made in
// memory and handed to Next.js's handler, with the render mark), then answered without Next.js's
// client runtime. The public pages (home, search results, memorial pages, their
// not-found pages) are server components with no client component: their HTML works whole without
// React in the browser, which Next.js would otherwise download (~140 KiB on a first visit) and
// hydrate for nothing. Used by the rendered-page cache of the memorial pages (page-cache.ts) and,
// for the pages it does not keep, by lib/service/light-pages.ts.
//
// A memorial page rendered with the mark carries no nonce (proxy.ts gives it a 'self'-only
// policy): its answer gets a Content-Security-Policy that allows the page's own inline scripts by their
// SHA-256 hashes, and nothing else inline.
import { createHash } from "node:crypto";
import type http from "node:http";
import { inject } from "light-my-request";
import { contentSecurityPolicy } from "./csp";
import { RENDER_MARK_HEADER } from "./render-mark";

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

/** Next.js's request handler (app.getRequestHandler()), which renders the page. */
export type NodeRequestHandler = (request: http.IncomingMessage, response: http.ServerResponse) => unknown;

export type PageRenderer = (path: string, headers: Record<string, string>) => Promise<RenderedPage | null>;

/** How long a render may take before the visitor's request is handed to Next.js as it is. */
const RENDER_TIMEOUT_MS = 30_000;

/**
 * GETs `path` from Next.js in this process, uncompressed, with the render mark: a request made in
 * memory (light-my-request, Fastify's injection) and handed to Next.js's handler, never sent to
 * this server. Null when it did not answer in time.
 */
export function createPageRenderer(handle: NodeRequestHandler): PageRenderer {
  return async (path, headers) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
    });
    const rendered = inject((request, response) => void handle(request, response), {
      method: "GET",
      url: path,
      headers: { ...headers, [RENDER_MARK_HEADER]: "1", "accept-encoding": "identity" },
    }).catch(() => null);
    const answer = await Promise.race([rendered, late]).finally(() => clearTimeout(timer));
    if (!answer) return null;
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || TRANSPORT.has(name)) continue;
      if (name === "set-cookie" || name === "cache-control") continue;
      kept[name] = Array.isArray(value) ? value.join(", ") : String(value);
    }
    const cookies = answer.headers["set-cookie"];
    return {
      status: answer.statusCode,
      headers: kept,
      cacheControl:
        typeof answer.headers["cache-control"] === "string" ? answer.headers["cache-control"] : null,
      setCookie: cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [String(cookies)],
      body: answer.rawPayload,
    };
  };
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
