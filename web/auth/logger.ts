// next-auth's logger. Its own writes a stack trace for every request whose session
// cookie it cannot read: a forged cookie, or one signed with a previous secret, is a visitor's
// doing, not a fault of the service, so it is one line. Other errors keep their detail.
import type { LoggerInstance } from "next-auth";

/** The errors a client causes by the cookie it sends: one line each, without a stack. */
const CLIENT_CAUSED = new Set(["JWT_SESSION_ERROR"]);

const messageOf = (metadata: unknown): string => {
  if (metadata instanceof Error) return metadata.message;
  const inner = (metadata as { error?: unknown; message?: unknown } | null) ?? {};
  if (inner.error instanceof Error) return inner.error.message;
  return typeof inner.message === "string" ? inner.message : String(metadata);
};

export const authLogger: LoggerInstance = {
  error(code, metadata) {
    if (CLIENT_CAUSED.has(code)) {
      console.warn(`[next-auth] ${code}: an unreadable session cookie was ignored (${messageOf(metadata)})`);
      return;
    }
    console.error(`[next-auth][error][${code}]`, metadata);
  },
  warn(code) {
    console.warn(`[next-auth][warn][${code}] https://next-auth.js.org/warnings#${code.toLowerCase()}`);
  },
  debug() {},
};
