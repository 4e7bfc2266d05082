// The mark of a public page rendered in this process for the rendered-page cache (page-cache.ts)
// or to be answered light (lib/service/light-pages.ts): a header set on the request made in memory
// (page-render.ts). The HTTP server removes it from every request it receives
// (lib/service/server.ts), so that only the process's own renders carry it: a visitor cannot ask
// for a page without its per-request nonce.
export const RENDER_MARK_HEADER = "x-memorial-render";

/** Whether a request is one of the process's own renders (its mark is set). */
export function isOwnRender(value: string | null | undefined): boolean {
  return value === "1";
}
