import { readPhoto } from "@memorial/lib/photos/photos";

// A photo's address names its content (the key is a hash of its bytes): it never changes, so
// browsers and proxies may keep it for a year without asking again.
const IMMUTABLE = "public, max-age=31536000, immutable";
const FILE = /^([0-9a-f]{32})\.jpg$/;

function notFound(): Response {
  // A plain 404: this is not the /v1 API, and nothing of the request is echoed.
  return new Response("Not found\n", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

async function photo(
  request: Request,
  params: Promise<{ file: string }>,
  withBody: boolean,
): Promise<Response> {
  const key = FILE.exec((await params).file)?.[1];
  const found = key ? await readPhoto(key) : null;
  if (!key || !found) return notFound();
  const etag = `"${key}"`;
  const headers = {
    "content-type": found.contentType,
    "cache-control": IMMUTABLE,
    etag,
    "x-content-type-options": "nosniff",
  };
  if (matches(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers });
  return new Response(withBody ? Buffer.from(found.body) : null, { headers });
}

/** If-None-Match: "*", or a list of entity tags, weak ones compared weakly (RFC 9110, 13.1.2). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim();
    return value === "*" || value.replace(/^W\//, "") === etag;
  });
}

// GET /photos/{key}.jpg: a tree's photo (lib/photos), or a plain 404
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  return photo(request, params, true);
}

// HEAD /photos/{key}.jpg: the same headers, no body
export async function HEAD(request: Request, { params }: { params: Promise<{ file: string }> }) {
  return photo(request, params, false);
}
