// The page a refused photo answers (POST /memorial/{id}/photos: 400, 403, 404, 413, 429): what was
// wrong, in the visitor's language, and the way back to the memorial's form. Nothing the visitor
// sent is given back (a file cannot be put back in a form; the caption is short to type again).
import { html } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { VISITOR_PHOTO_MAX_BYTES } from "@memorial/lib/memorial-photos/rules";
import { publicDocument } from "./confirm-page";

export type PhotoRefusalKey =
  | "not-an-image"
  | "too-large"
  | "words"
  | "missing"
  | "rate-limited"
  | "origin"
  | "not-found"
  | "invalid";

const TEXT = {
  "not-an-image": "refusedNotImage",
  "too-large": "refusedTooLarge",
  words: "refusedWords",
  missing: "refusedMissing",
  "rate-limited": "refusedRateLimited",
  origin: "refusedOrigin",
  "not-found": "refusedNotFound",
  invalid: "refusedInvalid",
} as const satisfies Record<PhotoRefusalKey, string>;

/** The photo's megabytes at most, as the form says them. */
export const PHOTO_MAX_MB = Math.floor(VISITOR_PHOTO_MAX_BYTES / (1024 * 1024));

export function photoRefusalPage(input: {
  language: Language;
  nonce: string;
  /** Null when there is no public memorial to go back to. */
  memorialId: number | null;
  reason: PhotoRefusalKey;
}): string {
  const t = translator(input.language, "gallery");
  const back =
    input.memorialId === null ? "/" : `/memorial/${input.memorialId}?lang=${input.language}#photos`;
  const body = html`<h1>${t("refusedTitle")}</h1>
    <p role="alert" data-testid="photo-refused" data-reason="${input.reason}">${t(TEXT[input.reason], { mb: PHOTO_MAX_MB })}</p>
    <p><a href="${back}">${input.memorialId === null ? t("home") : t("back")}</a></p>`;
  const path = input.memorialId === null ? "/" : `/memorial/${input.memorialId}`;
  return publicDocument(t("refusedTitle"), body, input.language, input.nonce, path);
}
