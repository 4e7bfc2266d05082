// next-auth for the operator dashboard: e-mail and password (Credentials), sessions in a signed
// and encrypted JWT cookie that names a session the server keeps (lib/auth/dashboard-sessions.ts),
// so that signing out ends it. Built on demand so that the secret is read at run time, not at build.

import { requestClient } from "@memorial/lib/auth/client-address";
import { closeSession, openSession, SESSION_HOURS } from "@memorial/lib/auth/dashboard-sessions";
import { checkPassword } from "@memorial/lib/auth/sign-in";
import { authSecret } from "@memorial/lib/auth-secret";
import { settings } from "@memorial/lib/settings";
import type { NextAuthOptions } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { authLogger } from "./logger";

export const SIGN_IN_PATH = "/dashboard/signin";

let options: NextAuthOptions | undefined;

export function authOptions(): NextAuthOptions {
  // The public address of the service (APP_URL, also used in e-mails) is next-auth's address
  // unless NEXTAUTH_URL says otherwise.
  // (next-auth itself reads NEXTAUTH_URL from the environment.)
  const { NEXTAUTH_URL, APP_URL } = settings();
  if (!NEXTAUTH_URL && APP_URL) process.env.NEXTAUTH_URL = APP_URL;
  options ??= {
    secret: authSecret(),
    // A forged or stale session cookie: one line in the log, not a stack.
    logger: authLogger,
    session: { strategy: "jwt", maxAge: SESSION_HOURS * 3600 },
    // Secure cookies whenever the service is reached over https (NEXTAUTH_URL says so).
    useSecureCookies: (NEXTAUTH_URL ?? APP_URL ?? "").startsWith("https://"),
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    providers: [
      Credentials({
        name: "password",
        credentials: { email: { type: "email" }, password: { type: "password" } },
        async authorize(credentials, request) {
          const result = await checkPassword(
            credentials?.email ?? "",
            credentials?.password ?? "",
            requestClient(request?.headers ?? {}),
          );
          // The reason travels to the sign-in form as `error`, which shows it in the user's language.
          if (!result.ok) throw new Error(result.reason);
          return {
            id: String(result.user.id),
            email: result.user.email,
            operatorId: result.user.operatorId,
            passwordStamp: result.user.passwordStamp,
          };
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.userId = Number(user.id);
          token.operatorId = (user as { operatorId?: number }).operatorId;
          token.passwordStamp = (user as { passwordStamp?: string }).passwordStamp;
          token.sessionId = await openSession(Number(user.id));
        }
        return token;
      },
      async session({ session, token }) {
        return {
          ...session,
          user: {
            email: token.email,
            userId: token.userId,
            operatorId: token.operatorId,
            passwordStamp: token.passwordStamp,
            sessionId: token.sessionId,
          },
        } as typeof session;
      },
    },
    events: {
      async signOut({ token }) {
        await closeSession(token?.sessionId);
      },
    },
  };
  return options;
}
