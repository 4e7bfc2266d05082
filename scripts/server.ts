// The production HTTP server (lib/http/server.ts), started by the launcher (scripts/start.ts);
// `npm run dev` runs it with --dev (Next.js's development mode, no page cache).
import { startHttpServer } from "@/lib/http/server";

await startHttpServer({
  dev: process.argv.includes("--dev"),
  port: Number(process.env.PORT || 3000),
  hostname: process.env.HOST || "0.0.0.0",
  trustProxy: process.env.TRUST_PROXY === "1",
  pageCacheBytes: Number(process.env.PAGE_CACHE_MB ?? 128) * 1024 * 1024,
});
