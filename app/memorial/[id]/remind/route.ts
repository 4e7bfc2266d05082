// POST /memorial/{id}/remind: the memorial page's reminder form, a plain HTML form
// that works without JavaScript. A visitor gives an e-mail address, ticks the days and agrees;
// the answer is a page: "check your inbox" (a confirmation e-mail was written to the outbox:
// double opt-in, nothing is sent before it is confirmed), or 400 naming what is missing, nothing
// written; 404 for a memorial the public may not see or without a date to remember; 403 from
// another site.

import { actingAs } from "@memorial/lib/audit/actor";
import { requestClient } from "@memorial/lib/auth/client-address";
import { DomainError } from "@memorial/lib/errors";
import { BodyTooLargeError, PUBLIC_FORM_BYTES, readCappedForm } from "@memorial/lib/http/capped-body";
import { fromThisSite } from "@memorial/lib/http/same-origin";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { RateLimitedError } from "@memorial/lib/limits/rate-limit";
import { HostNotAllowedError, linkBase } from "@memorial/lib/links";
import { reminderOptions, subscribe } from "@memorial/lib/reminders/subscriptions";
import { email as emailField, parseId } from "@memorial/lib/validation";
import type { NextRequest } from "next/server";
import { type ReminderPageView, reminderPage } from "@/web/public-pages/reminder-pages";

type Context = { params: Promise<{ id: string }> };

const EMAIL = emailField(254);

async function post(request: NextRequest, context: Context) {
  const id = parseId((await context.params).id);
  const options = id === null ? null : await reminderOptions(id);
  const language = secretLinkLanguage(request);
  const answer = (view: ReminderPageView, status: number) =>
    secretLinkPage(reminderPage(view, language, requestNonce(request), request.nextUrl.pathname), status);
  if (!options) return answer({ state: "unavailable" }, 404);
  // Another site cannot make its visitors' browsers ask for e-mails to an address (Origin required).
  if (!fromThisSite(request, { originRequired: true })) {
    return answer({ state: "invalid", memorialId: options.memorialId, problems: ["host"] }, 403);
  }
  let form: FormData;
  try {
    form = await readCappedForm(request, PUBLIC_FORM_BYTES);
  } catch (error) {
    return answer(
      { state: "invalid", memorialId: options.memorialId, problems: ["email", "consent", "kind"] },
      error instanceof BodyTooLargeError ? 413 : 400,
    );
  }
  const problems: ("email" | "consent" | "kind" | "host")[] = [];
  const parsed = EMAIL.safeParse(form.get("email") ?? "");
  if (!parsed.success) problems.push("email");
  if (form.get("consent") !== "yes") problems.push("consent");
  const deathAnniversary = options.deathAnniversary && form.get("death") === "yes";
  const birthday = options.birthday && form.get("birthday") === "yes";
  if (!deathAnniversary && !birthday) problems.push("kind");
  if (problems.length > 0 || !parsed.success) {
    return answer({ state: "invalid", memorialId: options.memorialId, problems }, 400);
  }
  try {
    await subscribe({
      memorialId: options.memorialId,
      email: parsed.data,
      language,
      deathAnniversary,
      birthday,
      linkBase: linkBase(request),
      client: requestClient(request.headers),
      confirmed: false,
    });
    // The same answer whether the address was new or known: the page tells nobody who subscribed.
    return answer({ state: "sent", memorialId: options.memorialId }, 200);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A forged Host (lib/links.ts emailLinkOrigin): no e-mail link is made on it, nothing written.
    if (error instanceof HostNotAllowedError) {
      return answer({ state: "invalid", memorialId: options.memorialId, problems: ["host"] }, 400);
    }
    if (error.status === 404) return answer({ state: "unavailable" }, 404);
    // This client, or this memorial today, had its share of confirmation e-mails.
    if (error instanceof RateLimitedError) {
      const limited = answer({ state: "limited", memorialId: options.memorialId }, 429);
      limited.headers.set("Retry-After", String(error.retryAfterSeconds));
      return limited;
    }
    return answer({ state: "invalid", memorialId: options.memorialId, problems: ["kind"] }, error.status);
  }
}

// Who acts, for the audit log: a visitor of the public pages (no account).
export function POST(request: NextRequest, context: Context) {
  return actingAs({ kind: "visitor" }, () => post(request, context));
}
