// Server-side request forgery: a webhook URL makes the service send requests where the partner
// says. Only http and https are accepted, and in production mode never to the loopback, private,
// link-local, carrier-grade NAT, multicast or reserved addresses (the service's own network, cloud
// metadata at 169.254.169.254). The host is checked at registration and again at each delivery,
// where the connection goes to the very address that was checked (a DNS answer that changes
// between the check and the connection, "DNS rebinding", cannot slip through).
// Outside production mode (tests, `npm run dev`) private addresses are allowed so that receivers on
// the loopback work; WEBHOOK_ALLOW_PRIVATE=1 allows them in production too, 0 refuses them always.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { invalid } from "@memorial/lib/errors";
import { settings } from "@memorial/lib/settings";

const URL_MAX = 2048;

const blocked = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const) {
  blocked.addSubnet(network, prefix, "ipv6");
}

/** True for an address a webhook must not reach in production mode. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const lower = address.toLowerCase();
  // IPv4-mapped (::ffff:10.0.0.1) and NAT64 (64:ff9b::a00:1) addresses carry an IPv4 address.
  const mapped = lower.match(/^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return blocked.check(mapped[1], "ipv4");
  const hex = lower.match(/^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/);
  if (hex) {
    const n = (Number.parseInt(hex[1], 16) << 16) | Number.parseInt(hex[2], 16);
    return blocked.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join("."), "ipv4");
  }
  return blocked.check(address, "ipv6");
}

export interface GuardOptions {
  /** Production mode: settings().production (lib/settings.ts isProductionMode) unless given. */
  production?: boolean;
}

/** Whether webhooks may go to private addresses (see the header of this file). */
export function privateAddressesAllowed(options: GuardOptions = {}): boolean {
  const { WEBHOOK_ALLOW_PRIVATE, production } = settings();
  return WEBHOOK_ALLOW_PRIVATE ?? !(options.production ?? production);
}

/** The URL's host without the brackets of an IPv6 literal. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** The form of the URL alone: http(s), a host, no user or password, at most 2,048 characters. */
export function parseWebhookUrl(raw: string): URL {
  const text = raw.trim();
  if (!text) throw invalid("the webhook URL is required", { field: "url", reason: "required" });
  if (text.length > URL_MAX) {
    throw invalid(`the webhook URL is longer than ${URL_MAX} characters`, {
      field: "url",
      reason: "too-long",
    });
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`the webhook URL "${text}" is not a URL`, { field: "url", reason: "invalid-url" });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw invalid(`the webhook URL must start with http:// or https://, got ${url.protocol}`, {
      field: "url",
      reason: "invalid-url",
    });
  }
  if (url.username || url.password) {
    throw invalid("the webhook URL must not contain a user name or password", {
      field: "url",
      reason: "invalid-url",
    });
  }
  if (!url.hostname) throw invalid("the webhook URL has no host", { field: "url", reason: "invalid-url" });
  return url;
}

function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );
}

function refusePrivate(url: URL, address: string) {
  return invalid(
    `the webhook URL's host ${hostOf(url)} is (or resolves to) ${address}, a loopback, private or reserved address; webhooks go to public addresses only`,
    { field: "url", reason: "private-address" },
  );
}

/**
 * The addresses a delivery to `url` may connect to: all of the host's, none of them private unless
 * allowed. Throws the DomainError of the registration's 400 (or the delivery's failure).
 */
export async function resolveWebhookHost(url: URL, options: GuardOptions = {}): Promise<LookupAddress[]> {
  const host = hostOf(url);
  const allowed = privateAddressesAllowed(options);
  const family = isIP(host);
  if (family) {
    if (!allowed && isPrivateAddress(host)) throw refusePrivate(url, host);
    return [{ address: host, family }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host);
  } catch (error) {
    throw invalid(
      `the webhook URL's host ${host} does not resolve (${(error as NodeJS.ErrnoException).code})`,
      {
        field: "url",
        reason: "unresolvable",
      },
    );
  }
  if (addresses.length === 0) {
    throw invalid(`the webhook URL's host ${host} does not resolve`, {
      field: "url",
      reason: "unresolvable",
    });
  }
  if (!allowed) {
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) throw refusePrivate(url, bad.address);
  }
  return addresses;
}

/** Registration: the URL's form and where it leads, or the 400 that says what is wrong. */
export async function checkWebhookUrl(raw: string, options: GuardOptions = {}): Promise<URL> {
  const url = parseWebhookUrl(raw);
  await resolveWebhookHost(url, options);
  return url;
}
