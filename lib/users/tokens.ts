// The secret of an e-mailed link (invitation, password reset): 32 random bytes in the link, only
// their SHA-256 in the database, so that the table (or a backup) gives no usable link.
import { createHash, randomBytes } from "node:crypto";

export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: tokenHash(token) };
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A string that can be one of our tokens (43 base64url characters); anything else is unknown. */
export function isTokenShape(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
