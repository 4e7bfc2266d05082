// The compression of the public pages this server answers itself, rendered by Next.js but sent by
// lib/service/light-pages.ts: the same choice of coding as Next.js's compression middleware makes
// for the pages it sends (a test pins the two together), in one call on an answer already whole.
import type http from "node:http";
import { constants, deflateSync, gzipSync } from "node:zlib";
import Negotiator from "negotiator";

/** Answers smaller than this are sent as they are (the compression middleware's threshold). */
const COMPRESS_THRESHOLD = 1024;

/**
 * The body as Next.js's compression (the `compression` middleware) would send it: a text or JSON
 * answer says `Vary: Accept-Encoding`, and from 1 KiB on it is gzipped (or deflated) when the
 * client accepts it and its Cache-Control does not say no-transform. Compressed in one call at
 * zlib's fastest level, the whole answer being at hand: the middleware's stream cost a zlib stream
 * and a socket write per chunk (zlib and socket writes were a quarter of the server's CPU under 20
 * clients), and level 1 costs a fraction of level 6 for an answer 10-15 %
 * larger. Sets Content-Encoding in `headers` when it compresses.
 */
export function encoded(
  request: http.IncomingMessage,
  headers: Record<string, string | string[]>,
  body: Buffer,
): Buffer {
  const type = String(headers["content-type"] ?? "");
  if (!/^(application\/(json|[\w.+-]*\+json)|text\/)/i.test(type)) return body;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(headers["cache-control"] ?? ""))) return body;
  const vary = String(headers.vary ?? "");
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) {
    headers.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  }
  if (body.length < COMPRESS_THRESHOLD || headers["content-encoding"]) return body;
  const coding = preferredEncoding(request.headers["accept-encoding"]);
  if (coding === "identity") return body;
  headers["content-encoding"] = coding;
  const options = { level: constants.Z_BEST_SPEED };
  return coding === "gzip" ? gzipSync(body, options) : deflateSync(body, options);
}

/**
 * The coding for an Accept-Encoding header, chosen as Next.js's compression middleware chooses it
 * (node_modules/next/dist/compiled/compression): `negotiator` picks among gzip, deflate and
 * identity, and deflate gives way to gzip wherever gzip is acceptable at all.
 */
export function preferredEncoding(header: string | undefined): "gzip" | "deflate" | "identity" {
  if (!header) return "identity";
  const negotiator = new Negotiator({ headers: { "accept-encoding": header } });
  let chosen = negotiator.encoding(["gzip", "deflate", "identity"]);
  if (chosen === "deflate" && negotiator.encoding(["gzip"]))
    chosen = negotiator.encoding(["gzip", "identity"]);
  return chosen === "gzip" || chosen === "deflate" ? chosen : "identity";
}
