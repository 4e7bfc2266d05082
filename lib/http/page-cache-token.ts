// The mark of a request the rendered-page cache (page-cache.ts) sends to its own server to render
// a public memorial page: a random token the server process draws at start (PAGE_RENDER_TOKEN),
// so that no visitor can ask for a page without its per-request nonce.
export const RENDER_FOR_CACHE_HEADER = "x-memorial-render-for-cache";

/** Whether a request's header value is this process's token. */
export function renderForCache(value: string | null): boolean {
  const token = process.env.PAGE_RENDER_TOKEN ?? "";
  if (token.length < 32 || value === null || value.length !== token.length) return false;
  let difference = 0;
  for (let i = 0; i < token.length; i++) difference |= token.charCodeAt(i) ^ value.charCodeAt(i);
  return difference === 0;
}
