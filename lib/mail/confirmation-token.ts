// Confirmation links: 256 random bits, only their SHA-256 stored, valid once and for a while.
import type { Tx } from "@memorial/lib/db/client";
import type { PendingPlanting } from "@memorial/lib/events/payloads";
import { confirmationEmail } from "@memorial/lib/mail/confirmation-email";
import type { FamilyLetter } from "@memorial/lib/mail/family-letter";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { settings } from "@memorial/lib/settings";

export { hashSecretToken as hashToken } from "@memorial/lib/secret-token";

import { newSecretToken } from "@memorial/lib/secret-token";

/** A new confirmation link of a memorial (its raw token), carrying the waiting planting. */
export async function newConfirmationToken(
  tx: Tx,
  memorialId: number,
  planting: PendingPlanting,
  expiresAt: Date,
): Promise<string> {
  const { token, hash } = newSecretToken();
  await tx.confirmationToken.create({
    data: {
      memorialId,
      tokenHash: hash,
      expiresAt,
      ...planting,
      externalId: planting.externalId === null ? null : BigInt(planting.externalId),
    },
  });
  return token;
}

/** A new token for a memorial and its e-mail in the outbox, in the caller's transaction. */
export async function issueConfirmation(
  tx: Tx,
  input: {
    memorialId: number;
    isTest: boolean;
    to: string;
    /** Who writes, in which language, about whom (lib/mail/family-letter.ts). */
    letter: FamilyLetter;
    appUrl: string;
    planting: PendingPlanting;
  },
) {
  const token = await newConfirmationToken(
    tx,
    input.memorialId,
    input.planting,
    new Date(Date.now() + settings().CONFIRMATION_TTL_DAYS * 86_400_000),
  );
  // The family's management link comes with it (a new one revokes the one sent before).
  const manage = await issueManageToken(tx, input.memorialId);
  const mail = await confirmationEmail({
    ...input.letter,
    link: `${input.appUrl}/confirm/${token}`,
    days: settings().CONFIRMATION_TTL_DAYS,
    manageLink: `${input.appUrl}/manage/${manage.token}`,
  });
  await tx.outgoingEmail.create({
    data: { memorialId: input.memorialId, to: input.to, ...mail, isTest: input.isTest },
  });
  return token;
}
