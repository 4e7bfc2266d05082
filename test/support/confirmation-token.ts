// A confirmation link of a memorial awaiting its family, written as a planting writes it: only the
// token's hash kept, valid a day, with the planting the confirmation then makes (the family's by
// default). The tests follow the link with the token returned.
import { randomBytes } from "node:crypto";
import { db } from "@memorial/lib/db/client";
import { hashToken } from "@memorial/lib/mail/confirmation-token";

export async function confirmationToken(
  memorialId: number,
  operatorId: number,
  planting: { message?: string; externalId?: bigint } = {},
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.confirmationToken.create({
    data: {
      memorialId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 86_400_000),
      operatorId,
      contextId: null,
      planter: "La famille",
      ...planting,
    },
  });
  return token;
}
