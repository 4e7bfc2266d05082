// A signed-in user changes their password (the use case: lib/auth/change-password.ts), counted by
// the rate limit of the password check under the address of the request that calls the action.

import { changePassword as changeUserPassword } from "@memorial/lib/auth/change-password";
import { requestClient, UNKNOWN_CLIENT } from "@memorial/lib/auth/client-address";
import { headers } from "next/headers";

/** The client of the server action, for the limits of the password check. */
async function actionClient(): Promise<string> {
  try {
    return requestClient(await headers());
  } catch {
    return UNKNOWN_CLIENT; // called outside a request (a script, a test)
  }
}

export async function changePassword(input: {
  userId: number;
  currentPassword: string;
  newPassword: string;
}) {
  return changeUserPassword({ ...input, client: await actionClient() });
}
