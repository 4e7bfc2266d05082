// POST /memorial/{id}/photos: a visitor shares a photo of the memorial, from the gallery's form of
// its page (lib/memorial-photos/share-photo.ts): one image, multipart, no JavaScript needed. On
// success 303 back to the page with ?photo=sent (the thanks say the family approves it first).
// Refused, nothing is kept but the limits' counts and a page says why, in the visitor's language:
// 400 (not an image, words, no file, a form not read), 403 (not from this site), 404 (no such
// public memorial), 413 (too large), 429 (Retry-After).
import { requestClient } from "@memorial/lib/auth/client-address";
import type { DomainError } from "@memorial/lib/errors";
import { type PublicFormContext, publicForm } from "@memorial/lib/http/public-form";
import { secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { PHOTO_FORM_BYTES } from "@memorial/lib/memorial-photos/rules";
import { sharePhoto } from "@memorial/lib/memorial-photos/share-photo";
import { parseId } from "@memorial/lib/validation";
import { getPublicMemorial } from "@/web/memorials/public-memorial";
import { type PhotoRefusalKey, photoRefusalPage } from "@/web/public-pages/photo-refusal";

type Memorial = Awaited<ReturnType<typeof getPublicMemorial>>;
type Context = PublicFormContext<Memorial>;

function refuse(ctx: Context, reason: PhotoRefusalKey, status: number) {
  const memorial = ctx.loaded;
  return secretLinkPage(
    photoRefusalPage({
      language: ctx.language(memorial?.language),
      nonce: ctx.nonce,
      memorialId: memorial && reason !== "not-found" ? memorial.id : null,
      reason,
    }),
    status,
  );
}

/** The refusal of the use case's DomainError: its field and reason say which. */
function refusalOf(error: DomainError): { reason: PhotoRefusalKey; status: number } {
  if (error.status === 404) return { reason: "not-found", status: 404 };
  const problem = error.problem;
  if (problem?.field === "photo")
    return problem.reason === "too-large"
      ? { reason: "too-large", status: 413 }
      : { reason: "not-an-image", status: 400 };
  if (problem?.field === "caption" || problem?.field === "name") return { reason: "words", status: 400 };
  return { reason: "invalid", status: error.status };
}

export const POST = publicForm(
  {
    // Who acts, for the audit log: a visitor of the public pages (no account).
    actor: { kind: "visitor" },
    // A form of another site (or a script without this site's Origin) cannot send photos in its name.
    origin: "required",
    form: true,
    // One photo and a few fields.
    formBytes: PHOTO_FORM_BYTES,
    load: async (ctx) => {
      const memorialId = parseId(ctx.params.id);
      return memorialId === null ? null : await getPublicMemorial(memorialId);
    },
    refuse: (refusal, ctx) => {
      if (refusal.why === "origin") return refuse(ctx, "origin", 403);
      if (!ctx.loaded) return refuse(ctx, "not-found", 404);
      switch (refusal.why) {
        case "too-large":
          return refuse(ctx, "too-large", 413);
        case "unreadable":
        case "host":
          return refuse(ctx, "invalid", 400);
        case "limited":
          return refuse(ctx, "rate-limited", 429);
        case "refused": {
          const { reason, status } = refusalOf(refusal.error);
          return refuse(ctx, reason, status);
        }
      }
    },
  },
  async (ctx) => {
    const memorial = ctx.loaded;
    if (!memorial) return refuse(ctx, "not-found", 404);
    const file = ctx.form.get("photo");
    if (!(file instanceof Blob) || file.size === 0) return refuse(ctx, "missing", 400);
    await sharePhoto({
      memorialId: memorial.id,
      bytes: new Uint8Array(await file.arrayBuffer()),
      caption: ctx.field("caption"),
      name: ctx.field("name"),
      client: requestClient(ctx.request.headers),
    });
    const language = ctx.language(memorial.language);
    return new Response(null, {
      status: 303,
      headers: {
        Location: `/memorial/${memorial.id}?lang=${language}&photo=sent#photos`,
        "Cache-Control": "no-store",
      },
    });
  },
);
