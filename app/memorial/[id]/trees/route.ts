// POST /memorial/{id}/trees: the planting form of the memorial page (the use case is
// lib/visitors/planting-form.ts). Works without JavaScript: a code plants (303 to the form's page
// with planted=1, or queued=1 when the tree waits for stock), a payment goes to the Stripe
// Checkout session's page (303). Refused, nothing is written but the limits' counts and a page
// says why, in the visitor's language, with what they typed: 400 (words, honeypot, a way not
// offered, an incomplete form), 403 (not from this site), 404 (no such public memorial, visitors
// may not plant, unknown code), 409 (code used), 410 (code expired), 413, 429 (Retry-After), 503.

import { requestClient } from "@memorial/lib/auth/client-address";
import { type PublicFormContext, publicForm } from "@memorial/lib/http/public-form";
import { secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { linkBase } from "@memorial/lib/links";
import { parseId } from "@memorial/lib/validation";
import { HONEYPOT_FIELD, plantFromForm, REFUSAL_STATUS } from "@memorial/lib/visitors/planting-form";
import { getPublicMemorial } from "@/web/memorials/public-memorial";
import { type PlantingRefusalKey, plantingRefusalPage } from "@/web/public-pages/planting-refusal";

type Memorial = Awaited<ReturnType<typeof getPublicMemorial>>;
type Context = PublicFormContext<Memorial>;

/** The refusal page, with what the visitor typed given back (the honeypot's gets nothing back). */
function refuse(ctx: Context, reason: PlantingRefusalKey, status: number) {
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

export const POST = publicForm(
  {
    // Who acts, for the audit log: a visitor of the public pages (no account).
    actor: { kind: "visitor" },
    // A form of another site (or a script without this site's Origin) cannot plant in its name.
    origin: "required",
    form: true,
    load: async (ctx) => {
      const memorialId = parseId(ctx.params.id);
      return memorialId === null ? null : await getPublicMemorial(memorialId);
    },
    refuse: (refusal, ctx) => {
      if (refusal.why === "origin") return refuse(ctx, "origin", 403);
      if (!ctx.loaded) return refuse(ctx, "not-plantable", 404);
      switch (refusal.why) {
        case "too-large":
          return refuse(ctx, "too-large", 413);
        case "unreadable":
          return refuse(ctx, "invalid", 400);
        // A forged Host: no receipt link is made on it, nothing written.
        case "host":
          return refuse(ctx, "host", 400);
        case "limited":
          return refuse(ctx, "rate-limited", 429);
        case "refused":
          return refuse(
            ctx,
            refusal.error.status === 404 ? "not-plantable" : "invalid",
            refusal.error.status,
          );
      }
    },
  },
  async (ctx) => {
    const memorial = ctx.loaded;
    if (!memorial) return refuse(ctx, "not-plantable", 404);
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
