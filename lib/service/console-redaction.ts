// No secret in a log line, whatever writes it. The service's own lines go through its logger
// (lib/log.ts), which redacts fields by name; a framework's message (Next.js saying a request body
// exceeded its limit "for /manage/<token>") is a sentence with the path in it. Every console
// method of the process is wrapped once, so that the secret segments of the service's addresses
// (the tokens of the family's, the visitor's and the team's links) and API keys never reach the
// output, whoever prints them.
import { format } from "node:util";

/** The addresses whose next segment is a secret token (app/**\/[token]). */
const TOKEN_PATHS =
  /(\/(?:confirm|manage|guestbook\/withdraw|reminders\/(?:confirm|mine|unsubscribe)|dashboard\/(?:invite|reset))\/)[A-Za-z0-9_%~+=-]+/g;
/** A partner's key, wherever it appears (a /v1/{key}/... path, a header echoed). */
const API_KEY = /\bmt_(live|test)_[A-Za-z0-9_-]+/g;

/** `text` with every secret token and API key replaced by what it is. */
export function redactSecrets(text: string): string {
  return text.replace(TOKEN_PATHS, "$1[token]").replace(API_KEY, "mt_$1_[redacted]");
}

const METHODS = ["log", "info", "warn", "error", "debug", "trace"] as const;
let wrapped = false;

/** Wraps the console's methods of this process once: each prints its arguments redacted. */
export function redactConsole(): void {
  if (wrapped) return;
  wrapped = true;
  for (const method of METHODS) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => original(redactSecrets(format(...args)));
  }
}
