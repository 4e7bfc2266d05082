// POST /memorial/{id}/trees: the planting form of the memorial page (the use case is
// lib/visitors/planting-form.ts). Works without JavaScript: a code plants (303 to the form's page
// with planted=1, or queued=1 when the tree waits for stock), a payment goes to the Stripe
// Checkout session's page (303). Refused, nothing is written but the limits' counts and a page
// says why, in the visitor's language, with what they typed: 400 (words, honeypot, a way not
// offered, an incomplete form), 403 (not from this site), 404 (no such public memorial, visitors
// may not plant, unknown code), 409 (code used), 410 (code expired), 413, 429 (Retry-After), 503.

import { requestClient } from "@memorial/lib/auth/client-address";
import { secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { linkBase } from "@memorial/lib/links";
import { HONEYPOT_FIELD, plantFromForm, REFUSAL_STATUS } from "@memorial/lib/visitors/planting-form";
import { type MemorialFormContext, memorialForm } from "@/web/public-pages/memorial-form";
import { type PlantingRefusalKey, plantingRefusalPage } from "@/web/public-pages/planting-refusal";

/** The refusal page, with what the visitor typed given back (the honeypot's gets nothing back). */
function refuse(ctx: MemorialFormContext, reason: PlantingRefusalKey, status: number) {
  const memorial = ctx.loaded;
  return secretLinkPage(
    plantingRefusalPage({
      language: ctx.language(memorial?.language),
      nonce: ctx.nonce,
      // No way back to a form that is not there (no such memorial, visitors may not plant).
      memorialId: memorial && reason !== "not-plantable" ? memorial.id : null,
      reason,
      typed:
        reason === "honeypot"
          ? undefined
          : {
              planter: ctx.field("planter"),
              message: ctx.field("message"),
              email: ctx.field("email"),
              code: ctx.field("code"),
            },
    }),
    status,
  );
}

export const POST = memorialForm<PlantingRefusalKey>(
  {
    refuse,
    refusals: {
      origin: "origin",
      missing: "not-plantable",
      tooLarge: "too-large",
      unreadable: "invalid",
      // A forged Host: no receipt link is made on it, nothing written.
      host: ["host", 400],
      limited: "rate-limited",
      refused: (error) => [error.status === 404 ? "not-plantable" : "invalid", error.status],
    },
  },
  async (ctx) => {
    const memorial = ctx.loaded;
    const planter = ctx.field("planter");
    const message = ctx.field("message");
    const email = ctx.field("email");
    const way = ctx.field("way");
    if (planter === null || message === null || email === null || way === null)
      return refuse(ctx, "invalid", 400);
    const language = ctx.language(memorial.language);
    const result = await plantFromForm({
      memorialId: memorial.id,
      way,
      planter,
      message,
      email,
      code: ctx.field("code") ?? "",
      honeypot: ctx.field(HONEYPOT_FIELD) ?? "",
      language,
      client: requestClient(ctx.request.headers),
      linkBase: linkBase(ctx.request),
    });
    if (result.kind === "refused") {
      const page = refuse(ctx, result.reason, REFUSAL_STATUS[result.reason]);
      if (page.status === 429) page.headers.set("Retry-After", String(result.retryAfterSeconds ?? 3600));
      return page;
    }
    const location =
      result.kind === "checkout"
        ? result.url
        : `/memorial/${memorial.id}/plant?lang=${language}&${result.kind === "planted" ? "planted" : "queued"}=1`;
    return new Response(null, { status: 303, headers: { Location: location, "Cache-Control": "no-store" } });
  },
);
