// The SSRF rule's address classes, and the form of a webhook URL.
import { afterEach, describe, expect, it } from "vitest";
import { isPrivateAddress, parseWebhookUrl, privateAddressesAllowed } from "./url-guard";

describe("isPrivateAddress", () => {
  it("refuses loopback, private, link-local, CGNAT, reserved and multicast addresses, v4 and v6", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.0.9",
      "0.0.0.0",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fd12:3456::1",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::10.0.0.1",
      "not an address",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it("accepts public addresses", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

describe("parseWebhookUrl", () => {
  it("takes http and https only", () => {
    expect(parseWebhookUrl(" https://example.org/hook ").href).toBe("https://example.org/hook");
    for (const url of [
      "ftp://example.org/",
      "javascript:alert(1)",
      "file:///etc/passwd",
      "example.org/hook",
      "",
    ]) {
      expect(() => parseWebhookUrl(url), url).toThrow();
    }
    expect(() => parseWebhookUrl(`https://example.org/${"a".repeat(2048)}`)).toThrow(/longer than 2048/);
  });
});

describe("privateAddressesAllowed", () => {
  const saved = process.env.WEBHOOK_ALLOW_PRIVATE;
  afterEach(() => {
    if (saved === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE;
    else process.env.WEBHOOK_ALLOW_PRIVATE = saved;
  });

  it("refuses them in production mode unless WEBHOOK_ALLOW_PRIVATE=1; 0 refuses them always", () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    expect(privateAddressesAllowed({ production: true })).toBe(false);
    expect(privateAddressesAllowed({ production: false })).toBe(true);
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    expect(privateAddressesAllowed({ production: true })).toBe(true);
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    expect(privateAddressesAllowed({ production: false })).toBe(false);
  });
});
