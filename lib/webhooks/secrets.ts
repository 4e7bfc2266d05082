// Webhook signing secrets. Standard Webhooks secrets are `whsec_` + base64 of random bytes; the
// service needs the secret itself to sign each delivery, so (unlike API keys, kept as hashes) it is
// stored encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from WEBHOOK_SECRET_KEY, or
// from the dashboard's NEXTAUTH_SECRET when that is not set. A copy of the database alone therefore
// does not give the secrets away. Changing that setting makes existing secrets unreadable: their
// deliveries fail with a message saying so, and the endpoints must be made again.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "@memorial/lib/auth-secret";
import { settings } from "@memorial/lib/settings";

const PREFIX = "whsec_";
const FORMAT = "v1";

export function generateSecret(): string {
  return `${PREFIX}${randomBytes(32).toString("base64")}`;
}

function key(): Buffer {
  const material = settings().WEBHOOK_SECRET_KEY || authSecret();
  return Buffer.from(hkdfSync("sha256", material, "", "memorial-trees webhook secrets", 32));
}

export function encryptSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return [
    FORMAT,
    iv.toString("base64"),
    cipher.getAuthTag().toString("base64"),
    sealed.toString("base64"),
  ].join(":");
}

class SecretUnreadable extends Error {}

export function decryptSecret(stored: string): string {
  const [format, iv, tag, sealed] = stored.split(":");
  if (format !== FORMAT || !iv || !tag || !sealed) throw new SecretUnreadable("the endpoint has no secret");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretUnreadable(
      "the endpoint's secret cannot be decrypted: WEBHOOK_SECRET_KEY (or NEXTAUTH_SECRET) changed since it was made",
    );
  }
}
