// The page a refused planting answers (POST /memorial/{id}/trees: 400, 403, 404, 409, 410, 413,
// 429, 503): what was wrong, in the visitor's language, the name and message they typed (to copy,
// escaped like every value) and the way back to the form, with all they typed filled in again.
import { html } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { PlantRefusal } from "@memorial/lib/visitors/planting-form";
import { publicDocument } from "./confirm-page";

/** The refusals of the use case, and those of the route itself. */
export type PlantingRefusalKey = PlantRefusal | "origin" | "invalid" | "too-large" | "host";

const TEXT: Record<PlantingRefusalKey, Parameters<ReturnType<typeof translator<"plantRefusal">>>[0]> = {
  "name-length": "name",
  "message-length": "message",
  "control-characters": "control",
  link: "link",
  email: "email",
  honeypot: "honeypot",
  way: "way",
  "code-missing": "codeMissing",
  "not-plantable": "notPlantable",
  "unknown-code": "unknownCode",
  "code-used": "codeUsed",
  "code-expired": "codeExpired",
  "rate-limited": "rateLimited",
  "code-tries": "codeTries",
  "payment-unavailable": "paymentUnavailable",
  origin: "origin",
  invalid: "invalid",
  "too-large": "message",
  host: "host",
};

/**
 * The form again with everything the visitor typed filled in (the form reads ?planter, ?message,
 * ?email and ?code): a link, so that it works without JavaScript. The refusal is not stored
 * (no-store) and the form's page sends no more than the site's origin to another site
 * (Referrer-Policy), so the words go nowhere but back to the form.
 */
function backToForm(
  memorialId: number,
  language: Language,
  typed: {
    planter?: string | null;
    message?: string | null;
    email?: string | null;
    code?: string | null;
  } = {},
): string {
  const query = new URLSearchParams({ lang: language });
  for (const name of ["planter", "message", "email", "code"] as const) {
    const value = typed[name]?.trim();
    if (value) query.set(name, value);
  }
  return `/memorial/${memorialId}/plant?${query.toString()}`;
}

export function plantingRefusalPage(input: {
  language: Language;
  nonce: string;
  /** Null when there is no public memorial to go back to. */
  memorialId: number | null;
  reason: PlantingRefusalKey;
  typed?: { planter?: string | null; message?: string | null; email?: string | null; code?: string | null };
}): string {
  const t = translator(input.language, "plantRefusal");
  const back = input.memorialId === null ? "/" : backToForm(input.memorialId, input.language, input.typed);
  const planter = input.typed?.planter?.trim();
  const message = input.typed?.message?.trim();
  const body = html`<h1>${t("title")}</h1>
    <p role="alert" data-testid="planting-refused">${t(TEXT[input.reason])}</p>
    ${
      planter || message
        ? html`<p class="note">${t("yourText")}</p>
    <blockquote data-testid="planting-typed">${planter ? html`<p>${planter}</p>` : ""}${message ? html`<p>${message}</p>` : ""}</blockquote>`
        : ""
    }
    <p><a href="${back}">${input.memorialId === null ? t("home") : t("back")}</a></p>`;
  const path = input.memorialId === null ? "/" : `/memorial/${input.memorialId}/plant`;
  return publicDocument(t("title"), body, input.language, input.nonce, path);
}
