// The one way the service makes and keeps a secret token: the links it e-mails
// (confirmation, management, invitation, password reset, reminders), and the API keys. A token is
// 32 random bytes in base64url (43 characters, 256 bits); only its SHA-256 (hex) is stored, so the
// database (or a backup) holds no usable link or key. A string that is not shaped like a token is
// never looked up.
import { hash, randomBytes } from "node:crypto";

/** A new token and the hash to store. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashSecretToken(token) };
}

/**
 * What is stored of a token (or of an API key, prefix included): its SHA-256, hex. Every /v1
 * request hashes its key: the one-shot hash costs a third of a Hash object's.
 */
export function hashSecretToken(token: string): string {
  return hash("sha256", token, "hex");
}

/** A string that can be one of our tokens (43 base64url characters); anything else is unknown. */
export function isSecretTokenShape(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
