// The page of a visitor's reminders, linked from every reminder e-mail and every
// visitor's receipt. GET shows the subscriptions of the address the link's token names (reads
// only: mail scanners open links); POST deletes one of them (`subscription` = its id) or all
// (`subscription` = all), from this site's own form only (the Origin checked, as the guestbook's),
// then shows the page again with how many went. An unknown link is a 404 and changes nothing;
// so is, later, the link of a subscription deleted here (the address has then nothing left of it).

import { publicForm } from "@memorial/lib/http/public-form";
import {
  type AddressOfLink,
  addressOfLink,
  deleteSubscriptionsOfAddress,
  subscriptionsOfAddress,
} from "@memorial/lib/reminders/address-page";
import type { NextRequest } from "next/server";
import { type ReminderPageView, reminderPage, reminderPageResponse } from "@/web/public-pages/reminder-pages";

type Context = { params: Promise<{ token: string }> };

const NO_SUBSCRIPTION = () =>
  new Response('The form names no subscription: "subscription" must be an id or "all".', { status: 400 });

/** Answers a page of reminders: the view, its status, the address's language when known. */
type Answer = (view: ReminderPageView, status: number, language?: string | null) => Response;

async function mine(answer: Answer, token: string, deleted: number | null, known?: AddressOfLink) {
  const address = known ?? (await addressOfLink(token));
  if (!address) return answer({ state: "unknown" }, 404);
  const subscriptions = await subscriptionsOfAddress(address.email);
  return answer(
    { state: "mine", token, email: address.email, subscriptions, deleted },
    200,
    address.language,
  );
}

// GET /reminders/mine/{token}: the address's subscriptions. Reads only.
export async function GET(request: NextRequest, context: Context) {
  const { token } = await context.params;
  return mine((view, status, language) => reminderPageResponse(request, view, status, language), token, null);
}

// POST /reminders/mine/{token}: subscription=<id>|all deletes it (or them), then the page again.
export const POST = publicForm(
  {
    // Who acts, for the audit log: a visitor of the public pages (no account).
    actor: { kind: "visitor" },
    origin: "required",
    form: true,
    load: (ctx) => addressOfLink(ctx.params.token),
    refuse: (refusal, ctx) => {
      if (refusal.why === "origin") {
        return new Response("This form is sent from the page of this site only.", { status: 403 });
      }
      if (!ctx.loaded) return ctx.render(reminderPage, { state: "unknown" }, 404);
      return NO_SUBSCRIPTION();
    },
  },
  async (ctx) => {
    const address = ctx.loaded;
    if (!address) return ctx.render(reminderPage, { state: "unknown" }, 404);
    const which = ctx.field("subscription")?.trim() ?? "";
    const id = /^[1-9]\d{0,9}$/.test(which) ? Number(which) : null;
    if (which !== "all" && (id === null || id > 2_147_483_647)) return NO_SUBSCRIPTION();
    const deleted = await deleteSubscriptionsOfAddress(
      address.email,
      which === "all" ? "all" : (id as number),
    );
    // The address read before: the link's own subscription may be among those deleted.
    const answer: Answer = (view, status, language) => ctx.render(reminderPage, view, status, language);
    return mine(answer, ctx.params.token, deleted, address);
  },
);
