// The address a sign-in comes from, for its rate limits. lib/service/server.ts writes it into the
// request as CLIENT_HEADER (replacing any copy the client sent): the socket's address, or with
// TRUST_PROXY=1 the last address of X-Forwarded-For (the one the trusted proxy saw). IPv6 addresses
// count by their /64 network, which one client usually holds whole.
import { isIPv4, isIPv6 } from "node:net";

export const CLIENT_HEADER = "x-memorial-client";
export const UNKNOWN_CLIENT = "unknown";

function expandIPv6(address: string): string[] {
  const [head, tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right];
}

/** The key the limits count under: an IPv4 address, an IPv6 /64 network, or "unknown". */
export function clientKey(address: string | null | undefined): string {
  const raw = (address ?? "").trim().replace(/^\[|\]$/g, "");
  const mapped = raw.toLowerCase().startsWith("::ffff:") ? raw.slice(7) : raw;
  if (isIPv4(mapped)) return mapped;
  if (isIPv6(raw) && !raw.includes(".")) {
    const groups = expandIPv6(raw.toLowerCase().split("%")[0] ?? "");
    return `${groups
      .slice(0, 4)
      .map((g) => g.replace(/^0+(?=.)/, ""))
      .join(":")}::/64`;
  }
  return UNKNOWN_CLIENT;
}

/** The client address of a socket connection, as lib/service/server.ts passes it on. */
export function socketClient(
  remoteAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy && forwardedFor) {
    const list = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",");
    const last = list[list.length - 1]?.trim();
    if (last) return clientKey(last);
  }
  return clientKey(remoteAddress);
}

/** The client key of a request, from the header lib/service/server.ts set. */
export function requestClient(
  headers: { get(name: string): string | null } | Record<string, unknown>,
): string {
  const value =
    typeof (headers as { get?: unknown }).get === "function"
      ? (headers as { get(name: string): string | null }).get(CLIENT_HEADER)
      : (headers as Record<string, unknown>)[CLIENT_HEADER];
  return typeof value === "string" && value.length <= 64 && value ? value : UNKNOWN_CLIENT;
}
