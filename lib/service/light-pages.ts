// The public pages that the rendered-page cache does not keep, answered light: the
// home page and its search results, a memorial page right after a guestbook message or while it
// may not be kept, the not-found page of a memorial address, and the planting form of a memorial.
// Each is rendered by Next.js in this process (lib/http/page-render.ts) and answered without Next.js's client runtime,
// which these server components do not need: a first visit of a phone stays under 40 KiB
// (e2e/browser/page-weight.spec.ts). Nothing is kept: every request is rendered for itself, with
// the visitor's own headers (language, cookies).
import type http from "node:http";
import { encoded } from "@memorial/lib/http/encoding";
import { createPageRenderer, lightened, type NodeRequestHandler } from "@memorial/lib/http/page-render";

// The request's headers that are its connection's, not the page's.
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "accept-encoding",
  "upgrade",
  "te",
  "trailer",
  "expect",
]);

/** The public pages made by Next.js that carry no client component, by path. */
function isLightPage(path: string): boolean {
  return path === "/" || /^\/memorial\/[^/]+(\/plant)?$/.test(path);
}

export interface LightPages {
  /** Answers a request for a public page, rendered and made light; false: Next.js answers it. */
  handle(request: http.IncomingMessage, response: http.ServerResponse, path: string): Promise<boolean>;
}

export function createLightPages(options: { handle: NodeRequestHandler; dev?: boolean }): LightPages {
  const render = createPageRenderer(options.handle);
  return {
    async handle(request, response, path) {
      if (request.method !== "GET" && request.method !== "HEAD") return false;
      if (!isLightPage(path)) return false;
      // Client-side navigations and prefetches ask for the page's RSC payload, not its HTML.
      if (request.headers.rsc !== undefined || request.headers["next-router-state-tree"] !== undefined) {
        return false;
      }
      if (/[?&]_rsc=/.test(request.url ?? "")) return false;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value === undefined || HOP_BY_HOP.has(name)) continue;
        headers[name] = Array.isArray(value) ? value.join(", ") : value;
      }
      const page = await render(request.url ?? "/", headers);
      if (!page) return false; // not answered in time: Next.js answers it itself
      const light = lightened(page, { dev: options.dev });
      const answer: Record<string, string | string[]> = { ...light.headers };
      if (page.cacheControl) answer["cache-control"] = page.cacheControl;
      if (page.setCookie.length > 0) answer["set-cookie"] = page.setCookie;
      const body = encoded(request, answer, light.body);
      answer["content-length"] = String(body.length);
      response.writeHead(page.status, answer);
      response.end(request.method === "HEAD" ? undefined : body);
      return true;
    },
  };
}
