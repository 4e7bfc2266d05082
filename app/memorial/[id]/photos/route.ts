// POST /memorial/{id}/photos: a visitor shares a photo of the memorial, from the gallery's form of
// its page (lib/memorial-photos/share-photo.ts): one image, multipart, no JavaScript needed. On
// success 303 back to the page with ?photo=sent (the thanks say the family approves it first).
// Refused, nothing is kept but the limits' counts and a page says why, in the visitor's language:
// 400 (not an image, words, no file, a form not read), 403 (not from this site), 404 (no such
// public memorial), 413 (too large), 429 (Retry-After).
import { requestClient } from "@memorial/lib/auth/client-address";
import type { DomainError } from "@memorial/lib/errors";
import { secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { PHOTO_FORM_BYTES } from "@memorial/lib/memorial-photos/rules";
import { sharePhoto } from "@memorial/lib/memorial-photos/share-photo";
import { type MemorialFormContext, memorialForm } from "@/web/public-pages/memorial-form";
import { type PhotoRefusalKey, photoRefusalPage } from "@/web/public-pages/photo-refusal";

function refuse(ctx: MemorialFormContext, reason: PhotoRefusalKey, status: number) {
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
function refusalOf(error: DomainError): readonly [PhotoRefusalKey, number] {
  if (error.status === 404) return ["not-found", 404];
  const problem = error.problem;
  if (problem?.field === "photo")
    return problem.reason === "too-large" ? ["too-large", 413] : ["not-an-image", 400];
  if (problem?.field === "caption" || problem?.field === "name") return ["words", 400];
  return ["invalid", error.status];
}

export const POST = memorialForm<PhotoRefusalKey>(
  {
    refuse,
    refusals: {
      origin: "origin",
      missing: "not-found",
      tooLarge: "too-large",
      unreadable: "invalid",
      host: ["invalid", 400],
      limited: "rate-limited",
      refused: refusalOf,
    },
    // One photo and a few fields.
    formBytes: PHOTO_FORM_BYTES,
  },
  async (ctx) => {
    const memorial = ctx.loaded;
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
