// Search engines do not index a memorial page that is not public for them: link-only
// (its page carries <meta name="robots" content="noindex"> too) or not public at all (hidden by its
// family, awaiting it, a test memorial, unknown: a 404). Nor what the page links to,
// every address under it (certificate, QR codes, preview picture, calendar file), which would
// otherwise be indexed in its place. Set on the response before the rendered-page cache or Next.js
// answers it (lib/service/server.ts).
import type http from "node:http";
import { getPublicMemorial } from "@memorial/lib/memorials/public-queries";
import { parseId } from "@memorial/lib/validation";

const NOINDEX = "noindex";

/**
 * Adds X-Robots-Tag: noindex to the answer of a memorial page that must not be indexed, and of each
 * address under it (`/memorial/{id}/...`).
 */
export async function markNoindex(path: string, response: http.ServerResponse): Promise<void> {
  const match = /^\/memorial\/([^/]+)(?:\/|$)/.exec(path);
  if (!match) return;
  const id = parseId(decodeURIComponentSafe(match[1] ?? ""));
  const memorial = id === null ? null : await getPublicMemorial(id);
  if (!memorial || memorial.privacy === "link_only") response.setHeader("X-Robots-Tag", NOINDEX);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
