// POST /memorial/{id}/guestbook: a visitor's message, from the guestbook form of the memorial page
// (lib/guestbook/post-entry.ts). Works without JavaScript: on success 303 back to the
// page with its status (Post/Redirect/Get); refused, nothing is written and a page says why, in
// the visitor's language: 400 (limits, control characters, links, honeypot, a closed guestbook,
// an incomplete form, a malformed e-mail address), 403 (not from this site), 404 (no such public
// memorial), 429 (too many). An author who leaves an e-mail address (optional) is sent
// the link that withdraws their message (lib/guestbook/withdraw-entry.ts); the address is not kept
// with the message.

import { actingAs } from "@memorial/lib/audit/actor";
import { requestClient } from "@memorial/lib/auth/client-address";
import { DomainError } from "@memorial/lib/errors";
import { postGuestbookEntry } from "@memorial/lib/guestbook/post-entry";
import { type GuestbookReason, HONEYPOT_FIELD } from "@memorial/lib/guestbook/rules";
import { EMAIL_FIELD, parseAuthorEmail } from "@memorial/lib/guestbook/withdraw-entry";
import { readPublicForm } from "@memorial/lib/http/capped-body";
import { fromThisSite } from "@memorial/lib/http/same-origin";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { isLanguage } from "@memorial/lib/i18n/languages";
import { linkBaseIfAllowed } from "@memorial/lib/links";
import { parseId } from "@memorial/lib/validation";
import type { NextRequest } from "next/server";
import { getPublicMemorial } from "@/web/memorials/public-memorial";
import { type GuestbookRefusalKey, guestbookRefusalPage } from "@/web/public-pages/guestbook-refusal";

type Context = { params: Promise<{ id: string }> };

const REFUSAL: Record<GuestbookReason, { key: GuestbookRefusalKey; status: number }> = {
  "name-length": { key: "refusedName", status: 400 },
  "message-length": { key: "refusedMessage", status: 400 },
  "control-characters": { key: "refusedControl", status: 400 },
  link: { key: "refusedLink", status: 400 },
  honeypot: { key: "refusedHoneypot", status: 400 },
  closed: { key: "refusedClosed", status: 400 },
  "rate-limited": { key: "refusedRateLimited", status: 429 },
};

async function post(request: NextRequest, context: Context) {
  const memorialId = parseId((await context.params).id);
  const memorial = memorialId === null ? null : await getPublicMemorial(memorialId);
  const form = await readPublicForm(request);
  const field = form.field;
  const rawLang = field("lang");
  const lang = isLanguage(rawLang) ? rawLang : null;
  const language = secretLinkLanguage(request, lang, memorial?.language);
  const refuse = (key: GuestbookRefusalKey, status: number, message?: string) => {
    const page = secretLinkPage(
      guestbookRefusalPage({
        language,
        nonce: requestNonce(request),
        memorialId: memorial?.id ?? null,
        reason: key,
        message,
      }),
      status,
    );
    if (status === 429) page.headers.set("Retry-After", "3600");
    return page;
  };
  // A form of another site (or a script without this site's Origin) cannot post in its name.
  if (!fromThisSite(request, { originRequired: true })) return refuse("refusedOrigin", 403);
  if (memorialId === null || !memorial) return refuse("refusedInvalid", 404);
  // Past the public forms' limit: the message is too long to be one.
  if (form.tooLarge) return refuse("refusedMessage", 413);
  const name = field("name");
  const message = field("message");
  if (!form.read || name === null || message === null) return refuse("refusedInvalid", 400);
  let email: string | null;
  try {
    email = parseAuthorEmail(field(EMAIL_FIELD));
  } catch {
    return refuse("refusedEmail", 400, message);
  }
  // The e-mail's link names this site: a host that may not name links is refused,
  // with nothing written, rather than a message posted whose link cannot be sent.
  const base = email ? linkBaseIfAllowed(request) : null;
  if (email && !base) return refuse("refusedOrigin", 403, message);
  try {
    const result = await postGuestbookEntry({
      memorialId,
      name,
      message,
      honeypot: field(HONEYPOT_FIELD) ?? "",
      client: requestClient(request.headers),
      withdrawal: email && base ? { email, language, linkBase: base } : null,
    });
    if (!result.ok) {
      const refusal = REFUSAL[result.reason];
      return refuse(refusal.key, refusal.status, result.reason === "honeypot" ? undefined : message);
    }
    const query = `?${lang ? `lang=${lang}&` : ""}guestbook=${result.status}`;
    return new Response(null, {
      status: 303,
      headers: { Location: `/memorial/${memorialId}${query}#guestbook`, "Cache-Control": "no-store" },
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === "NOT_FOUND") return refuse("refusedInvalid", 404);
    throw error;
  }
}

// Who acts, for the audit log: a visitor of the public pages (no account).
export function POST(request: NextRequest, context: Context) {
  return actingAs({ kind: "visitor" }, () => post(request, context));
}
