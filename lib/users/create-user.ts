// A person who signs in to the dashboard on behalf of one operator.
import { recordChange } from "@memorial/lib/changes/record";
import { db, transaction } from "@memorial/lib/db/client";
import { invalid, notFound } from "@memorial/lib/errors";
import { hashPassword } from "./passwords";
import { isRole, type Role } from "./roles";

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1000;

/** The rules of a new password (creation, change, invitation, reset): why it is refused, or null. */
function passwordProblem(password: string): "too-short" | "too-long" | null {
  if (password.length < MIN_PASSWORD_LENGTH) return "too-short";
  if (password.length > MAX_PASSWORD_LENGTH) return "too-long";
  return null;
}

/** The same rules, as the domain's refusal. */
export function checkNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem === "too-short") {
    throw invalid(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`, {
      field: "password",
      reason: problem,
    });
  }
  if (problem === "too-long") {
    throw invalid(`the password must have at most ${MAX_PASSWORD_LENGTH} characters`, {
      field: "password",
      reason: problem,
    });
  }
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A user of an operator; the first one (command line) is an admin unless told otherwise. */
export async function createUser(input: {
  operatorId: number;
  email: string;
  password: string;
  role?: Role;
}) {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > 254)
    throw invalid(`"${input.email}" is not an e-mail address`);
  checkNewPassword(input.password);
  const role = input.role ?? "admin";
  if (!isRole(role)) throw invalid(`the role must be admin or staff, not "${role}"`);
  const operator = await db.operator.findUnique({ where: { id: input.operatorId } });
  if (!operator) throw notFound(`operator ${input.operatorId} does not exist`);
  // The unique index on email decides, so that two simultaneous creations cannot both succeed.
  try {
    const passwordHash = await hashPassword(input.password);
    return await transaction(async (tx) => {
      const user = await tx.operatorUser.create({
        data: { operatorId: input.operatorId, email, role, passwordHash },
      });
      await recordChange(tx, {
        kind: "user.created",
        target: { type: "user", id: user.id },
        operatorId: input.operatorId,
        after: { email, role },
      });
      return user;
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002")
      throw invalid(`a user with the e-mail ${email} exists`);
    throw error;
  }
}
