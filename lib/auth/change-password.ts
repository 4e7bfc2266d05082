// A signed-in user changes their password: the current one is checked (with the same rate limit
// as sign-in, so a left-open session cannot be used to guess it) and the new one must be long enough.
import { recordChange } from "@memorial/lib/changes/record";
import { db, transaction } from "@memorial/lib/db/client";
import { notFound } from "@memorial/lib/errors";
import { checkNewPassword } from "@memorial/lib/users/create-user";
import { hashPassword } from "@memorial/lib/users/passwords";
import { closeOtherSessions } from "./dashboard-sessions";
import { checkPassword } from "./sign-in";

type ChangePasswordResult = { ok: true } | { ok: false; reason: "WrongPassword" | "RateLimited" };

/** `client` is the address the rate limit of the password check counts (lib/auth/client-address.ts). */
export async function changePassword(input: {
  userId: number;
  currentPassword: string;
  newPassword: string;
  client: string;
}): Promise<ChangePasswordResult> {
  checkNewPassword(input.newPassword);
  const user = await db.operatorUser.findUnique({ where: { id: input.userId } });
  if (!user) throw notFound(`user ${input.userId} does not exist`);
  const check = await checkPassword(user.email, input.currentPassword, input.client);
  if (!check.ok)
    return { ok: false, reason: check.reason === "RateLimited" ? "RateLimited" : "WrongPassword" };
  const passwordHash = await hashPassword(input.newPassword);
  await transaction(async (tx) => {
    await tx.operatorUser.update({ where: { id: user.id }, data: { passwordHash } });
    await recordChange(tx, {
      kind: "user.password_changed",
      target: { type: "user", id: user.id },
      operatorId: user.operatorId,
    });
  });
  // The sessions opened with the old password end (their password stamp no longer matches either).
  await closeOtherSessions(user.id);
  return { ok: true };
}
