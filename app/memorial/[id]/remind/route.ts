// POST /memorial/{id}/remind: the memorial page's reminder form, a plain HTML form
// that works without JavaScript. A visitor gives an e-mail address, ticks the days and agrees;
// the answer is a page: "check your inbox" (a confirmation e-mail was written to the outbox:
// double opt-in, nothing is sent before it is confirmed), or 400 naming what is missing, nothing
// written; 404 for a memorial the public may not see or without a date to remember; 403 from
// another site; 429 (Retry-After) past the limits.

import { requestClient } from "@memorial/lib/auth/client-address";
import { type PublicFormRequest, publicForm } from "@memorial/lib/http/public-form";
import { linkBase } from "@memorial/lib/links";
import { reminderOptions, subscribe } from "@memorial/lib/reminders/subscriptions";
import { email as emailField, parseId } from "@memorial/lib/validation";
import { type ReminderPageView, reminderPage } from "@/web/public-pages/reminder-pages";

const EMAIL = emailField(254);

type Problem = "email" | "consent" | "kind" | "host";

const answer = (ctx: PublicFormRequest, view: ReminderPageView, status: number) =>
  ctx.render(reminderPage, view, status);

export const POST = publicForm(
  {
    // Who acts, for the audit log: a visitor of the public pages (no account).
    actor: { kind: "visitor" },
    // Another site cannot make its visitors' browsers ask for e-mails to an address.
    origin: "required",
    form: true,
    load: async (ctx) => {
      const id = parseId(ctx.params.id);
      const options = id === null ? null : await reminderOptions(id);
      return options ?? answer(ctx, { state: "unavailable" }, 404);
    },
    refuse: (refusal, ctx) => {
      const memorialId = ctx.loaded.memorialId;
      const invalid = (problems: Problem[], status: number) =>
        answer(ctx, { state: "invalid", memorialId, problems }, status);
      switch (refusal.why) {
        case "origin":
          return invalid(["host"], 403);
        case "too-large":
          return invalid(["email", "consent", "kind"], 413);
        case "unreadable":
          return invalid(["email", "consent", "kind"], 400);
        // A forged Host (lib/links.ts emailLinkOrigin): no e-mail link is made on it, nothing written.
        case "host":
          return invalid(["host"], 400);
        // This client, or this memorial today, had its share of confirmation e-mails.
        case "limited":
          return answer(ctx, { state: "limited", memorialId }, 429);
        case "refused":
          if (refusal.error.status === 404) return answer(ctx, { state: "unavailable" }, 404);
          return invalid(["kind"], refusal.error.status);
      }
    },
  },
  async (ctx) => {
    const options = ctx.loaded;
    const problems: Problem[] = [];
    const parsed = EMAIL.safeParse(ctx.form.get("email") ?? "");
    if (!parsed.success) problems.push("email");
    if (ctx.field("consent") !== "yes") problems.push("consent");
    const deathAnniversary = options.deathAnniversary && ctx.field("death") === "yes";
    const birthday = options.birthday && ctx.field("birthday") === "yes";
    if (!deathAnniversary && !birthday) problems.push("kind");
    if (problems.length > 0 || !parsed.success) {
      return answer(ctx, { state: "invalid", memorialId: options.memorialId, problems }, 400);
    }
    await subscribe({
      memorialId: options.memorialId,
      email: parsed.data,
      language: ctx.language(),
      deathAnniversary,
      birthday,
      linkBase: linkBase(ctx.request),
      client: requestClient(ctx.request.headers),
      confirmed: false,
    });
    // The same answer whether the address was new or known: the page tells nobody who subscribed.
    return answer(ctx, { state: "sent", memorialId: options.memorialId }, 200);
  },
);
