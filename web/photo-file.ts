// The answer of an address that serves one file of a visitor's photo: the public gallery's
// (/memorial/{id}/photos/{key}.jpg), the family's management page's and the dashboard's (their
// thumbnails, of waiting photos too). The key names the file, whose bytes never change: it is the
// ETag, and a browser that has the file gets a 304.

const FILE = /^([0-9a-f]{32})\.jpg$/;

/** The key of a file's name in an address ("{key}.jpg"), or null. */
export function photoKeyOf(file: string): string | null {
  return FILE.exec(file)?.[1] ?? null;
}

export function photoNotFound(): Response {
  return new Response("Not found\n", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * The JPEG (or its 304), with `cacheControl`: public for a published photo, private for the pages
 * that show waiting ones. HEAD answers the same headers without the body.
 */
export function photoFileResponse(
  request: Request,
  key: string,
  body: Uint8Array | null,
  cacheControl: string,
): Response {
  if (!body) return photoNotFound();
  const etag = `"${key}"`;
  const headers = {
    "content-type": "image/jpeg",
    "cache-control": cacheControl,
    etag,
    "x-content-type-options": "nosniff",
  };
  if (
    request.headers
      .get("if-none-match")
      ?.split(",")
      .some((tag) => tag.trim().replace(/^W\//, "") === etag)
  )
    return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : Buffer.from(body), { headers });
}
