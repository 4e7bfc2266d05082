// POST /manage/{token}/reminders: the family subscribes an address to the memorial's anniversary
// reminders from its management page. From this site only (same-origin check, as
// every change of the management page). The family's own address, which received its management
// link, is active at once; another one gets a confirmation e-mail (double opt-in). Then back to the
// page (303); bad input is a 400 page naming the problem, nothing written.

import { actingAs } from "@memorial/lib/audit/actor";
import { requestClient } from "@memorial/lib/auth/client-address";
import { DomainError } from "@memorial/lib/errors";
import { BodyTooLargeError, PUBLIC_FORM_BYTES, readCappedForm } from "@memorial/lib/http/capped-body";
import { fromThisSite } from "@memorial/lib/http/same-origin";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { RateLimitedError } from "@memorial/lib/limits/rate-limit";
import { HostNotAllowedError, linkBase } from "@memorial/lib/links";
import { lookupManage } from "@memorial/lib/memorials/manage-token";
import { familyEmail } from "@memorial/lib/memorials/queries";
import { subscribe } from "@memorial/lib/reminders/subscriptions";
import { email as emailField } from "@memorial/lib/validation";
import type { NextRequest } from "next/server";
import { managePage } from "@/web/public-pages/manage-page";
import { type ReminderPageView, reminderPage } from "@/web/public-pages/reminder-pages";

type Context = { params: Promise<{ token: string }> };

const EMAIL = emailField(254);

export async function POST(request: NextRequest, context: Context) {
  const { token } = await context.params;
  const found = await lookupManage(token);
  const language = secretLinkLanguage(request, "language" in found ? found.language : null);
  const nonce = requestNonce(request);
  const path = request.nextUrl.pathname;
  if (!fromThisSite(request, { originRequired: false })) {
    return secretLinkPage(managePage({ state: "refused" }, language, nonce, path), 403);
  }
  if (found.state !== "active") {
    return secretLinkPage(
      managePage({ state: found.state }, language, nonce, path),
      found.state === "unknown" ? 404 : 410,
    );
  }
  const answer = (view: ReminderPageView, status: number) =>
    secretLinkPage(reminderPage(view, language, nonce, path), status);
  let form: FormData;
  try {
    form = await readCappedForm(request, PUBLIC_FORM_BYTES);
  } catch (error) {
    const status = error instanceof BodyTooLargeError ? 413 : 400;
    return answer({ state: "invalid", memorialId: found.memorialId, problems: ["email"] }, status);
  }
  const parsed = EMAIL.safeParse(form.get("email") ?? "");
  if (!parsed.success)
    return answer({ state: "invalid", memorialId: found.memorialId, problems: ["email"] }, 400);
  const familyAddress = await familyEmail(found.memorialId);
  try {
    // Who acts, for the audit log: the family holding the management link.
    const memorialId = found.memorialId;
    await actingAs({ kind: "family", memorialId }, () =>
      subscribe({
        memorialId,
        email: parsed.data,
        language,
        deathAnniversary: form.get("death") === "yes",
        birthday: form.get("birthday") === "yes",
        linkBase: linkBase(request),
        client: requestClient(request.headers),
        confirmed: familyAddress?.trim().toLowerCase() === parsed.data.trim().toLowerCase(),
      }),
    );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A forged Host (lib/links.ts emailLinkOrigin): no e-mail link is made on it, nothing written.
    if (error instanceof HostNotAllowedError) {
      return answer({ state: "invalid", memorialId: found.memorialId, problems: ["host"] }, 400);
    }
    if (error.status === 404) return answer({ state: "unavailable" }, 404);
    // This client, or this memorial today, had its share of confirmation e-mails.
    if (error instanceof RateLimitedError) {
      const limited = answer({ state: "limited", memorialId: found.memorialId }, 429);
      limited.headers.set("Retry-After", String(error.retryAfterSeconds));
      return limited;
    }
    return answer({ state: "invalid", memorialId: found.memorialId, problems: ["kind"] }, error.status);
  }
  return new Response(null, {
    status: 303,
    headers: {
      Location: `/manage/${encodeURIComponent(token)}?done=1&lang=${language}`,
      "Cache-Control": "no-store",
    },
  });
}
