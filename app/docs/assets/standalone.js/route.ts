// GET /docs/assets/standalone.js: Scalar's standalone bundle, served from node_modules by the
// service itself (no CDN). Read once per process; its version is in package-lock.json.
import { readFile } from "node:fs/promises";
import path from "node:path";

let bundle: Promise<Buffer> | null = null;

export async function GET() {
  bundle ??= readFile(
    path.join(process.cwd(), "node_modules", "@scalar", "api-reference", "dist", "browser", "standalone.js"),
  );
  return new Response(new Uint8Array(await bundle), {
    headers: { "content-type": "text/javascript; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
