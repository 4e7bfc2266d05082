// The secret of a reminder subscription's links (confirm, unsubscribe). It is derived, not stored:
// HMAC-SHA256 of the subscription's own fixed fields under the service's secret (NEXTAUTH_SECRET,
// lib/auth-secret.ts), so that the daily job can put it in every reminder's List-Unsubscribe while
// the database keeps only its SHA-256 (unsubscribe_token_hash), like every other link's token.
import { createHmac } from "node:crypto";
import { authSecret } from "@memorial/lib/auth-secret";
import { hashSecretToken, isSecretTokenShape } from "@memorial/lib/secret-token";

export interface TokenFields {
  memorialId: number;
  email: string;
  createdAt: Date;
}

export function reminderToken(subscription: TokenFields): string {
  return createHmac("sha256", authSecret())
    .update(
      `reminder\n${subscription.memorialId}\n${subscription.email}\n${subscription.createdAt.toISOString()}`,
    )
    .digest("base64url");
}

export const hashReminderToken = hashSecretToken;

/** A plausible token (43 base64url characters): nothing else is looked up. */
export const plausibleToken = (token: string) => isSecretTokenShape(token);
