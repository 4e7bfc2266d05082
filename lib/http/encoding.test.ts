import http from "node:http";
import { describe, expect, it } from "vitest";

describe("the light pages' compression, as Next.js's compression middleware chooses it", () => {
  const request = (acceptEncoding?: string) =>
    ({ headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }) as never;
  const json = () =>
    ({ "content-type": "application/json; charset=utf-8", vary: "rsc" }) as Record<string, string>;
  const big = Buffer.from(
    JSON.stringify({ Arbres: Array.from({ length: 150 }, (_, i) => ({ ArbreId: i })) }),
  );

  it("chooses the coding as the compression middleware did: gzip, deflate only without gzip, else identity", async () => {
    const { preferredEncoding } = await import("./encoding");
    expect(preferredEncoding(undefined)).toBe("identity");
    expect(preferredEncoding("gzip, deflate, br")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("deflate");
    expect(preferredEncoding("gzip;q=0.5, deflate")).toBe("gzip");
    expect(preferredEncoding("gzip;q=0, deflate")).toBe("deflate");
    expect(preferredEncoding("gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("gzip;q=0, identity")).toBe("identity");
    expect(preferredEncoding("br")).toBe("identity");
    expect(preferredEncoding("*")).toBe("gzip");
    expect(preferredEncoding("gzip;q=0.4, identity;q=0.5")).toBe("identity");
  });

  // Pinned to the Next.js installed: its compression middleware answers the other pages, and the
  // light pages must choose as it does for each header. A Next.js upgrade that changes the choice fails here.
  it("chooses, for each header, what Next.js's own compression middleware chooses", async () => {
    const { preferredEncoding } = await import("./encoding");
    const { createRequire } = await import("node:module");
    const compression = createRequire(import.meta.url)("next/dist/compiled/compression") as () => (
      request: http.IncomingMessage,
      response: http.ServerResponse,
      next: () => void,
    ) => void;
    const middleware = compression();
    const body = JSON.stringify({ Arbres: Array.from({ length: 150 }, (_, i) => ({ ArbreId: i })) });
    const server = http.createServer((request, response) =>
      middleware(request, response, () => {
        response.setHeader("content-type", "application/json; charset=utf-8");
        response.end(body);
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const chosenByNext = (acceptEncoding: string) =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ port, host: "127.0.0.1", headers: { "accept-encoding": acceptEncoding } }, (response) => {
            response.resume();
            resolve(String(response.headers["content-encoding"] ?? "identity"));
          })
          .on("error", reject);
      });
    try {
      for (const header of [
        "gzip, deflate, br",
        "deflate",
        "deflate, gzip",
        "gzip;q=0.5, deflate",
        "gzip;q=0, deflate",
        "gzip;q=0.5",
        "gzip;q=0, identity",
        "br",
        "*",
        "*;q=0.5, gzip;q=0",
        "gzip;q=0.4, identity;q=0.5",
        "deflate;q=0.9, gzip;q=0.1",
        "identity",
        "",
      ]) {
        expect(preferredEncoding(header || undefined), header).toBe(await chosenByNext(header));
      }
    } finally {
      server.close();
    }
  });

  it("gzips a JSON answer from 1 KiB on, says Vary: Accept-Encoding, and leaves the rest as it is", async () => {
    const { encoded } = await import("./encoding");
    const { gunzipSync, inflateSync } = await import("node:zlib");
    const zipped = json();
    const out = encoded(request("gzip, deflate"), zipped, big);
    expect(zipped["content-encoding"]).toBe("gzip");
    expect(zipped.vary).toBe("rsc, Accept-Encoding");
    expect(gunzipSync(out).equals(big)).toBe(true);

    const deflated = json();
    expect(inflateSync(encoded(request("deflate"), deflated, big)).equals(big)).toBe(true);
    expect(deflated["content-encoding"]).toBe("deflate");

    const small = json();
    expect(encoded(request("gzip"), small, Buffer.from("{}"))).toEqual(Buffer.from("{}"));
    expect(small).toEqual({ ...json(), vary: "rsc, Accept-Encoding" });

    const refused = json();
    expect(encoded(request("identity"), refused, big)).toBe(big);
    expect(refused["content-encoding"]).toBeUndefined();

    const noTransform = { ...json(), "cache-control": "no-store, no-transform" };
    expect(encoded(request("gzip"), noTransform, big)).toBe(big);
    const binary = { "content-type": "image/jpeg" } as Record<string, string>;
    expect(encoded(request("gzip"), binary, big)).toBe(big);
    expect(binary).toEqual({ "content-type": "image/jpeg" });
  });
});
