// A person who signs in to the dashboard on behalf of one operator.
import { db } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors";
import { hashPassword } from "./passwords";

export const MIN_PASSWORD_LENGTH = 10;

export async function createUser(input: { operatorId: number; email: string; password: string }) {
  const email = input.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid(`"${input.email}" is not an e-mail address`);
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw invalid(`the password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const operator = await db.operator.findUnique({ where: { id: input.operatorId } });
  if (!operator) throw notFound(`operator ${input.operatorId} does not exist`);
  // The unique index on email decides, so that two simultaneous creations cannot both succeed.
  try {
    return await db.operatorUser.create({
      data: { operatorId: input.operatorId, email, passwordHash: await hashPassword(input.password) },
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002")
      throw invalid(`a user with the e-mail ${email} exists`);
    throw error;
  }
}
