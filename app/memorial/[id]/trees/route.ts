// POST /memorial/{id}/trees: the planting form of the memorial page (the use case is
// lib/visitors/planting-form.ts). Works without JavaScript: a code plants (303 to the form's page
// with planted=1, or queued=1 when the tree waits for stock), a payment goes to the Stripe
// Checkout session's page (303). Refused, nothing is written but the limits' counts and a page
// says why, in the visitor's language, with what they typed: 400 (words, honeypot, a way not
// offered, an incomplete form), 403 (not from this site), 404 (no such public memorial, visitors
// may not plant, unknown code), 409 (code used), 410 (code expired), 413, 429 (Retry-After), 503.

import { actingAs } from "@memorial/lib/audit/actor";
import { requestClient } from "@memorial/lib/auth/client-address";
import { readPublicForm } from "@memorial/lib/http/capped-body";
import { fromThisSite } from "@memorial/lib/http/same-origin";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { isLanguage } from "@memorial/lib/i18n/languages";
import { HostNotAllowedError, linkBase } from "@memorial/lib/links";
import { parseId } from "@memorial/lib/validation";
import { HONEYPOT_FIELD, plantFromForm, REFUSAL_STATUS } from "@memorial/lib/visitors/planting-form";
import type { NextRequest } from "next/server";
import { getPublicMemorial } from "@/web/memorials/public-memorial";
import { type PlantingRefusalKey, plantingRefusalPage } from "@/web/public-pages/planting-refusal";

type Context = { params: Promise<{ id: string }> };

async function post(request: NextRequest, context: Context) {
  const memorialId = parseId((await context.params).id);
  const memorial = memorialId === null ? null : await getPublicMemorial(memorialId);
  const form = await readPublicForm(request);
  const field = form.field;
  const rawLang = field("lang");
  const lang = isLanguage(rawLang) ? rawLang : null;
  const language = secretLinkLanguage(request, lang, memorial?.language);
  const typed = {
    planter: field("planter"),
    message: field("message"),
    email: field("email"),
    code: field("code"),
  };
  const refuse = (reason: PlantingRefusalKey, status: number, retryAfterSeconds?: number) => {
    const page = secretLinkPage(
      plantingRefusalPage({
        language,
        nonce: requestNonce(request),
        // No way back to a form that is not there (no such memorial, visitors may not plant).
        memorialId: memorial && reason !== "not-plantable" ? memorial.id : null,
        reason,
        typed: reason === "honeypot" ? undefined : typed,
      }),
      status,
    );
    if (status === 429) page.headers.set("Retry-After", String(retryAfterSeconds ?? 3600));
    return page;
  };
  // A form of another site (or a script without this site's Origin) cannot plant in its name.
  if (!fromThisSite(request, { originRequired: true })) return refuse("origin", 403);
  if (memorialId === null || !memorial) return refuse("not-plantable", 404);
  if (form.tooLarge) return refuse("too-large", 413);
  const planter = field("planter");
  const message = field("message");
  const email = field("email");
  const way = field("way");
  if (!form.read || planter === null || message === null || email === null || way === null)
    return refuse("invalid", 400);
  let base: string;
  try {
    base = linkBase(request);
  } catch (error) {
    // A forged Host: no receipt link is made on it, nothing written.
    if (error instanceof HostNotAllowedError) return refuse("host", 400);
    throw error;
  }
  const result = await plantFromForm({
    memorialId,
    way,
    planter,
    message,
    email,
    code: field("code") ?? "",
    honeypot: field(HONEYPOT_FIELD) ?? "",
    language,
    client: requestClient(request.headers),
    linkBase: base,
  });
  if (result.kind === "refused") {
    return refuse(result.reason, REFUSAL_STATUS[result.reason], result.retryAfterSeconds);
  }
  const location =
    result.kind === "checkout"
      ? result.url
      : `/memorial/${memorialId}/plant?lang=${language}&${result.kind === "planted" ? "planted" : "queued"}=1`;
  return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
}

// Who acts, for the audit log: a visitor of the public pages (no account).
export function POST(request: NextRequest, context: Context) {
  return actingAs({ kind: "visitor" }, () => post(request, context));
}
