import { describe, expect, it } from "vitest";
import { memorialAlternates, memorialUrl, publicOrigin } from "./links";

const h = (headers: Record<string, string>) => new Headers(headers);
const forwarded = {
  host: "10.0.0.5:3000",
  "x-forwarded-host": "trees.example",
  "x-forwarded-proto": "https",
};

describe("publicOrigin", () => {
  it("uses APP_URL when set, without its trailing slashes", () => {
    expect(publicOrigin(h({ host: "evil.example" }), { APP_URL: "https://trees.example.org/" })).toBe(
      "https://trees.example.org",
    );
    expect(publicOrigin(h(forwarded), { APP_URL: "https://a.example//", TRUST_PROXY: "1" })).toBe(
      "https://a.example",
    );
  });

  it("uses the Host header with http when APP_URL is unset or blank", () => {
    expect(publicOrigin(h({ host: "127.0.0.1:4321" }), {})).toBe("http://127.0.0.1:4321");
    expect(publicOrigin(h({ host: "Trees.Example" }), { APP_URL: "  " })).toBe("http://trees.example");
    expect(publicOrigin(h({ host: "[::1]:3000" }), {})).toBe("http://[::1]:3000");
  });

  it("ignores X-Forwarded-* unless TRUST_PROXY=1", () => {
    expect(publicOrigin(h(forwarded), {})).toBe("http://10.0.0.5:3000");
    expect(publicOrigin(h(forwarded), { TRUST_PROXY: "true" })).toBe("http://10.0.0.5:3000");
    expect(publicOrigin(h(forwarded), { TRUST_PROXY: "1" })).toBe("https://trees.example");
  });

  it("behind a trusted proxy, takes the first of several values and only http or https", () => {
    expect(
      publicOrigin(
        h({
          host: "internal",
          "x-forwarded-host": "a.example, b.example",
          "x-forwarded-proto": "https,http",
        }),
        { TRUST_PROXY: "1" },
      ),
    ).toBe("https://a.example");
    expect(
      publicOrigin(h({ host: "internal", "x-forwarded-proto": "javascript" }), { TRUST_PROXY: "1" }),
    ).toBe("http://internal");
    // A trusted proxy that sets no X-Forwarded-Host: the Host header.
    expect(publicOrigin(h({ host: "trees.example" }), { TRUST_PROXY: "1" })).toBe("http://trees.example");
  });

  it("never answers the bind address 0.0.0.0", () => {
    expect(publicOrigin(h({ host: "0.0.0.0:3000" }), {})).toBe("http://localhost:3000");
    expect(publicOrigin(h({ host: "[::]:8080" }), {})).toBe("http://localhost:8080");
    expect(publicOrigin(h({ host: "0.0.0.0" }), {})).toBe("http://localhost");
    expect(publicOrigin(h({ host: "x", "x-forwarded-host": "0.0.0.0:3000" }), { TRUST_PROXY: "1" })).toBe(
      "http://localhost:3000",
    );
  });

  it("falls back to localhost:PORT when the Host is missing or not a host", () => {
    expect(publicOrigin(h({}), { PORT: "4000" })).toBe("http://localhost:4000");
    expect(publicOrigin(h({}), {})).toBe("http://localhost:3000");
    for (const host of [
      "evil.example/path",
      "user@evil.example",
      "a b",
      "evil.example:port",
      "-bad.example",
    ]) {
      expect(publicOrigin(h({ host }), { PORT: "4000" }), host).toBe("http://localhost:4000");
    }
  });
});

describe("memorialUrl and memorialAlternates", () => {
  const memorial = { id: 42, language: "nl" };

  it("is the plain address in the memorial's language, ?lang= in the others", () => {
    expect(memorialUrl("https://t.example", memorial)).toBe("https://t.example/memorial/42");
    expect(memorialUrl("https://t.example", memorial, "nl")).toBe("https://t.example/memorial/42");
    expect(memorialUrl("https://t.example", memorial, "de")).toBe("https://t.example/memorial/42?lang=de");
  });

  it("lists the four languages and x-default", () => {
    expect(memorialAlternates("http://h", memorial)).toEqual({
      fr: "http://h/memorial/42?lang=fr",
      nl: "http://h/memorial/42",
      en: "http://h/memorial/42?lang=en",
      de: "http://h/memorial/42?lang=de",
      "x-default": "http://h/memorial/42",
    });
  });
});
