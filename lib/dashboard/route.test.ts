import { describe, expect, it } from "vitest";
import { sameOrigin } from "./route";

const request = (method: string, headers: Record<string, string>) =>
  new Request("http://trees.example/api/dashboard/keys", {
    method,
    headers: { host: "trees.example", ...headers },
  });

describe("sameOrigin", () => {
  it("accepts reads from this site, or with no Fetch Metadata (the address typed, an old browser)", () => {
    expect(sameOrigin(request("GET", { "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(sameOrigin(request("GET", { "sec-fetch-site": "none" }))).toBe(true);
    expect(sameOrigin(request("GET", {}))).toBe(true);
  });

  it("refuses cross-site and same-site requests", () => {
    expect(sameOrigin(request("GET", { "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(sameOrigin(request("GET", { "sec-fetch-site": "same-site" }))).toBe(false);
  });

  it("requires this site's Origin for other methods", () => {
    expect(sameOrigin(request("POST", { origin: "http://trees.example" }))).toBe(true);
    expect(sameOrigin(request("POST", {}))).toBe(false);
    expect(sameOrigin(request("POST", { origin: "https://evil.example" }))).toBe(false);
    expect(sameOrigin(request("DELETE", { origin: "null" }))).toBe(false);
    // X-Forwarded-Host counts only behind a proxy the settings trust.
    const proxied = request("POST", { origin: "https://trees.example", "x-forwarded-host": "proxy.example" });
    proxied.headers.set("host", "internal:3000");
    expect(sameOrigin(proxied)).toBe(false);
    process.env.TRUST_PROXY = "1";
    try {
      const behindProxy = request("POST", {
        origin: "https://trees.example",
        "x-forwarded-host": "trees.example",
      });
      behindProxy.headers.set("host", "internal:3000");
      expect(sameOrigin(behindProxy)).toBe(true);
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
});
