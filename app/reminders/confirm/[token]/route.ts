// The confirmation link of a reminder subscription (double opt-in). Opening it (GET,
// or HEAD as mail scanners do) only shows a page with one button; only the button (a POST)
// confirms, so a scanner following links never subscribes anyone. An unknown link answers 404.

import { actingAs } from "@memorial/lib/audit/actor";
import { DomainError } from "@memorial/lib/errors";
import { confirmSubscription, lookupSubscription } from "@memorial/lib/reminders/subscriptions";
import type { NextRequest } from "next/server";
import { reminderPageResponse } from "@/web/public-pages/reminder-pages";

type Context = { params: Promise<{ token: string }> };

const page = reminderPageResponse;

// GET /reminders/confirm/{token}: what would be confirmed, and the button. Reads only.
export async function GET(request: NextRequest, context: Context) {
  const { token } = await context.params;
  const found = await lookupSubscription(token);
  if (!found) return page(request, { state: "unknown" }, 404);
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
}

// POST /reminders/confirm/{token}: confirms (again is harmless).
async function post(request: NextRequest, context: Context) {
  const { token } = await context.params;
  try {
    await confirmSubscription(token);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.problem?.reason === "unsubscribed") return page(request, { state: "cancelled" }, 410);
    return page(request, { state: "unknown" }, 404);
  }
  const found = await lookupSubscription(token);
  if (!found) return page(request, { state: "unknown" }, 404);
  return page(
    request,
    { state: "confirmed", title: found.title, memorialId: found.memorialId },
    200,
    found.language,
  );
}

// Who acts, for the audit log: a visitor of the public pages (no account).
export function POST(request: NextRequest, context: Context) {
  return actingAs({ kind: "visitor" }, () => post(request, context));
}
