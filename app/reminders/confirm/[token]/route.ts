// The confirmation link of a reminder subscription (double opt-in). Opening it (GET,
// or HEAD as mail scanners do) only shows a page with one button; only the button (a POST)
// confirms, so a scanner following links never subscribes anyone. An unknown link answers 404.

import { publicForm } from "@memorial/lib/http/public-form";
import { confirmSubscription, lookupSubscription } from "@memorial/lib/reminders/subscriptions";
import { reminderPage, reminderPageResponse, subscriptionLinkPage } from "@/web/public-pages/reminder-pages";

const page = reminderPageResponse;

// GET /reminders/confirm/{token}: what would be confirmed, and the button. Reads only.
export const GET = subscriptionLinkPage((request, token, found) => {
  if (found.unsubscribed) return page(request, { state: "cancelled" }, 410, found.language);
  if (found.confirmed) {
    return page(
      request,
      { state: "confirmed", title: found.title, memorialId: found.memorialId },
      200,
      found.language,
    );
  }
  return page(request, { state: "confirm", token, title: found.title }, 200, found.language);
});

// POST /reminders/confirm/{token}: confirms (again is harmless). The button of the page the link
// opens; no Origin is asked, the secret token is the proof.
export const POST = publicForm(
  {
    // Who acts, for the audit log: a visitor of the public pages (no account).
    actor: { kind: "visitor" },
    origin: "none",
    form: false,
    refuse: (refusal, ctx) =>
      "error" in refusal && refusal.error.problem?.reason === "unsubscribed"
        ? ctx.render(reminderPage, { state: "cancelled" }, 410)
        : ctx.render(reminderPage, { state: "unknown" }, 404),
  },
  async (ctx) => {
    const { token } = ctx.params;
    await confirmSubscription(token);
    const found = await lookupSubscription(token);
    if (!found) return ctx.render(reminderPage, { state: "unknown" }, 404);
    return ctx.render(
      reminderPage,
      { state: "confirmed", title: found.title, memorialId: found.memorialId },
      200,
      found.language,
    );
  },
);
