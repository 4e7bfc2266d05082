// The address of a memorial merged into another (a duplicate, lib/duplicates) answers
// 301 Moved Permanently to the kept memorial's, for the page and every address under it (the QR
// code, the certificate, the guestbook...), query kept: /memorial/12?lang=nl → /memorial/34?lang=nl.
// Only GET and HEAD; in front of the rendered-page cache and Next.js (lib/service/server.ts).
// The answer says no-store: a merge can be undone within 30 days, and a browser that kept the
// redirect would never see the page again. Which memorial an address leads to is read from the
// memorial cache (lib/memorials/cache.ts), whose entries the merge's and the undo's events drop on
// every instance.
import type http from "node:http";
import { db } from "@memorial/lib/db/client";
import { cachedMemorial } from "@memorial/lib/memorials/cache";
import { mergedInto } from "@memorial/lib/memorials/duplicates";
import { parseId } from "@memorial/lib/validation";

const MEMORIAL_PATH = /^\/memorial\/([^/]+)(\/.*)?$/;

/** Where memorial `id`'s address leads: the kept memorial (end of a chain of merges), or null. */
export async function mergedTarget(id: number): Promise<number | null> {
  const found = await cachedMemorial(id, "merged-into", async () => ({ to: await mergedInto(db, id) }));
  return found?.to ?? null;
}

/** Answers 301 for a merged memorial's address; false when the address is not one. */
export async function redirectMerged(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  path: string,
): Promise<boolean> {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const match = MEMORIAL_PATH.exec(path);
  const id = match ? parseId(match[1]) : null;
  if (id === null) return false;
  const to = await mergedTarget(id);
  if (to === null) return false;
  const query = (request.url ?? "").includes("?") ? (request.url ?? "").slice(request.url!.indexOf("?")) : "";
  response.writeHead(301, {
    location: `/memorial/${to}${match?.[2] ?? ""}${query}`,
    "cache-control": "no-store",
    "content-length": 0,
  });
  response.end();
  return true;
}
