import { describe, expect, it } from "vitest";
import {
  allowedHosts,
  emailLinkOrigin,
  HostNotAllowedError,
  hostAllowed,
  memorialAlternates,
  memorialUrl,
  publicOrigin,
} from "./links";

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
    expect(publicOrigin(h(forwarded), { TRUST_PROXY: "0" })).toBe("http://10.0.0.5:3000");
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

describe("emailLinkOrigin", () => {
  const production = { NODE_ENV: "production" };
  const forged = h({ host: "attacker.example" });

  it("is APP_URL when set, whatever the Host, the proxy's headers or the mode", () => {
    for (const settings of [
      {},
      production,
      { ...production, TRUST_PROXY: "1", ALLOWED_HOSTS: "x.example" },
    ]) {
      expect(emailLinkOrigin(forged, { ...settings, APP_URL: "https://trees.example.org/" })).toBe(
        "https://trees.example.org",
      );
      expect(
        emailLinkOrigin(h({ ...forwarded, "x-forwarded-host": "attacker.example" }), {
          ...settings,
          APP_URL: "https://trees.example.org",
        }),
      ).toBe("https://trees.example.org");
    }
  });

  it("in production mode without APP_URL, refuses a host that is neither local nor in ALLOWED_HOSTS", () => {
    expect(() => emailLinkOrigin(forged, production)).toThrow(HostNotAllowedError);
    expect(() => emailLinkOrigin(h({ host: "attacker.example:3000" }), production)).toThrow(
      "the host attacker.example:3000 is not allowed for the links of e-mails: set APP_URL to the public address of the service, or add the host to ALLOWED_HOSTS",
    );
    // The refusal is a HOST_NOT_ALLOWED DomainError: a 503 Error object on /v1.
    try {
      emailLinkOrigin(forged, { ...production, APP_URL: " " });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ code: "HOST_NOT_ALLOWED", status: 503, host: "attacker.example" });
    }
    // Behind a trusted proxy, the forwarded host is the one checked.
    expect(() =>
      emailLinkOrigin(h({ host: "localhost:3000", "x-forwarded-host": "attacker.example" }), {
        ...production,
        TRUST_PROXY: "1",
      }),
    ).toThrow(HostNotAllowedError);
    // A listed host on another port, or a host that merely ends like a listed one, is refused.
    expect(() =>
      emailLinkOrigin(h({ host: "trees.example.org:8080" }), {
        ...production,
        ALLOWED_HOSTS: "trees.example.org:443",
      }),
    ).toThrow(HostNotAllowedError);
    expect(() =>
      emailLinkOrigin(h({ host: "eviltrees.example.org" }), {
        ...production,
        ALLOWED_HOSTS: "trees.example.org",
      }),
    ).toThrow(HostNotAllowedError);
    expect(() =>
      emailLinkOrigin(h({ host: "trees.example.org.attacker.example" }), {
        ...production,
        ALLOWED_HOSTS: "trees.example.org",
      }),
    ).toThrow(HostNotAllowedError);
  });

  it("in production mode without APP_URL, accepts the local names and the hosts of ALLOWED_HOSTS", () => {
    expect(emailLinkOrigin(h({ host: "127.0.0.1:4321" }), production)).toBe("http://127.0.0.1:4321");
    expect(emailLinkOrigin(h({ host: "LOCALHOST" }), production)).toBe("http://localhost");
    expect(emailLinkOrigin(h({ host: "[::1]:3000" }), production)).toBe("http://[::1]:3000");
    // The bind address and a Host that is not a host are localhost, never the request's text.
    expect(emailLinkOrigin(h({ host: "0.0.0.0:3000" }), production)).toBe("http://localhost:3000");
    expect(emailLinkOrigin(h({ host: "evil.example/x" }), { ...production, PORT: "4000" })).toBe(
      "http://localhost:4000",
    );
    const allowed = { ...production, ALLOWED_HOSTS: "trees.example.org, Other.Example:8443 ,[2001:db8::1]" };
    expect(emailLinkOrigin(h({ host: "trees.example.org" }), allowed)).toBe("http://trees.example.org");
    expect(emailLinkOrigin(h({ host: "Trees.Example.org:3000" }), allowed)).toBe(
      "http://trees.example.org:3000",
    );
    expect(emailLinkOrigin(h({ host: "other.example:8443" }), allowed)).toBe("http://other.example:8443");
    expect(() => emailLinkOrigin(h({ host: "other.example" }), allowed)).toThrow(HostNotAllowedError);
    expect(emailLinkOrigin(h({ host: "[2001:db8::1]:80" }), allowed)).toBe("http://[2001:db8::1]:80");
    expect(
      emailLinkOrigin(
        h({ host: "10.0.0.5:3000", "x-forwarded-host": "trees.example.org", "x-forwarded-proto": "https" }),
        {
          ...allowed,
          TRUST_PROXY: "1",
        },
      ),
    ).toBe("https://trees.example.org");
  });

  it("with NODE_ENV unset (an operator's shell), is in production mode: a forged Host is refused", () => {
    expect(() => emailLinkOrigin(forged, {})).toThrow(HostNotAllowedError);
    expect(() => emailLinkOrigin(forged, { NODE_ENV: "staging" })).toThrow(HostNotAllowedError);
  });

  it("outside production mode, follows the request's Host as publicOrigin does", () => {
    for (const mode of ["development", "test"]) {
      expect(emailLinkOrigin(forged, { NODE_ENV: mode })).toBe("http://attacker.example");
      expect(emailLinkOrigin(h(forwarded), { NODE_ENV: mode, TRUST_PROXY: "1" })).toBe(
        "https://trees.example",
      );
    }
  });
});

describe("allowedHosts and hostAllowed", () => {
  it("reads a comma- or space-separated list, leaving out schemes and paths written by habit", () => {
    expect(allowedHosts({ ALLOWED_HOSTS: " https://Trees.Example.org/ ,a.example:81  b.example,," })).toEqual(
      ["trees.example.org", "a.example:81", "b.example"],
    );
    expect(allowedHosts({})).toEqual([]);
    expect(hostAllowed("trees.example.org:3000", { ALLOWED_HOSTS: "https://trees.example.org/" })).toBe(true);
    expect(hostAllowed("a.example:82", { ALLOWED_HOSTS: "a.example:81" })).toBe(false);
    expect(hostAllowed("127.0.0.1:9", {})).toBe(true);
    expect(hostAllowed("127.0.0.2", {})).toBe(false);
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
