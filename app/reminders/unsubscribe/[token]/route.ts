// The unsubscribe link of every reminder e-mail, also its List-Unsubscribe address.
// GET (and HEAD) only shows a page with one button: mail scanners open links, and must not
// unsubscribe anyone. POST unsubscribes: the page's button, and the one-click unsubscribe of RFC
// 8058, which mail providers send from their own servers (body List-Unsubscribe=One-Click): so no
// same-origin check here, the secret token is the proof. Again is harmless; an unknown link is a
// 404 and changes nothing.

import { publicForm } from "@memorial/lib/http/public-form";
import { lookupSubscription, unsubscribe } from "@memorial/lib/reminders/subscriptions";
import { reminderPage, reminderPageResponse, subscriptionLinkPage } from "@/web/public-pages/reminder-pages";

const page = reminderPageResponse;

// GET /reminders/unsubscribe/{token}: the question and the button. Reads only.
export const GET = subscriptionLinkPage((request, token, found) => {
  if (found.unsubscribed)
    return page(request, { state: "unsubscribed", title: found.title }, 200, found.language);
  return page(request, { state: "unsubscribe", token, title: found.title }, 200, found.language);
});

// POST /reminders/unsubscribe/{token}: the button, or a mail provider's one-click request.
export const POST = publicForm(
  {
    // Who acts, for the audit log: a visitor of the public pages (no account).
    actor: { kind: "visitor" },
    // RFC 8058: mail providers send the one-click request from their own servers.
    origin: "none",
    form: false,
    refuse: (_refusal, ctx) => ctx.render(reminderPage, { state: "unknown" }, 404),
  },
  async (ctx) => {
    const { token } = ctx.params;
    await unsubscribe(token);
    const found = await lookupSubscription(token);
    return ctx.render(
      reminderPage,
      { state: "unsubscribed", title: found?.title ?? "" },
      200,
      found?.language,
    );
  },
);
