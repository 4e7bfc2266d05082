// The page of a visitor's reminders, linked from every reminder e-mail and every
// visitor's receipt. GET shows the subscriptions of the address the link's token names (reads
// only: mail scanners open links); POST deletes one of them (`subscription` = its id) or all
// (`subscription` = all), from this site's own form only (the Origin checked, as the guestbook's),
// then shows the page again with how many went. An unknown link is a 404 and changes nothing;
// so is, later, the link of a subscription deleted here (the address has then nothing left of it).

import { actingAs } from "@memorial/lib/audit/actor";
import { readPublicForm } from "@memorial/lib/http/capped-body";
import { fromThisSite } from "@memorial/lib/http/same-origin";
import {
  type AddressOfLink,
  addressOfLink,
  deleteSubscriptionsOfAddress,
  subscriptionsOfAddress,
} from "@memorial/lib/reminders/address-page";
import type { NextRequest } from "next/server";
import { reminderPageResponse } from "@/web/public-pages/reminder-pages";

type Context = { params: Promise<{ token: string }> };

async function mine(request: NextRequest, token: string, deleted: number | null, known?: AddressOfLink) {
  const address = known ?? (await addressOfLink(token));
  if (!address) return reminderPageResponse(request, { state: "unknown" }, 404);
  const subscriptions = await subscriptionsOfAddress(address.email);
  return reminderPageResponse(
    request,
    { state: "mine", token, email: address.email, subscriptions, deleted },
    200,
    address.language,
  );
}

// GET /reminders/mine/{token}: the address's subscriptions. Reads only.
export async function GET(request: NextRequest, context: Context) {
  const { token } = await context.params;
  return mine(request, token, null);
}

// POST /reminders/mine/{token}: subscription=<id>|all deletes it (or them), then the page again.
async function post(request: NextRequest, context: Context) {
  const { token } = await context.params;
  if (!fromThisSite(request, { originRequired: true })) {
    return new Response("This form is sent from the page of this site only.", { status: 403 });
  }
  const address = await addressOfLink(token);
  if (!address) return reminderPageResponse(request, { state: "unknown" }, 404);
  const form = await readPublicForm(request);
  const which = form.field("subscription")?.trim() ?? "";
  const id = /^[1-9]\d{0,9}$/.test(which) ? Number(which) : null;
  if (which !== "all" && (id === null || id > 2_147_483_647)) {
    return new Response('The form names no subscription: "subscription" must be an id or "all".', {
      status: 400,
    });
  }
  const deleted = await deleteSubscriptionsOfAddress(address.email, which === "all" ? "all" : (id as number));
  // The address read before: the link's own subscription may be among those deleted.
  return mine(request, token, deleted, address);
}

// Who acts, for the audit log: a visitor of the public pages (no account).
export function POST(request: NextRequest, context: Context) {
  return actingAs({ kind: "visitor" }, () => post(request, context));
}
