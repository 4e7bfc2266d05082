// The visitor's `?lang=` as the pages read it (proxy.ts passes it on as the x-lang header, the
// rendered-page cache keys its pages by it): only the characters a language tag can have. A raw
// value with U+0000, a line break or a non-Latin-1 character would make `Headers.set` throw.
export function langParam(lang: string | null): string | null {
  const cleaned = (lang ?? "").slice(0, 10).replace(/[^A-Za-z0-9_-]/g, "");
  return cleaned || null;
}
