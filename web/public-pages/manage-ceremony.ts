// The family's ceremony on its management page: the ceremony as it stands, and a plain form
// (no script needed) to set, move or change it, and a button to cancel it. Both POST to the page
// itself (actions "ceremony-set" and "ceremony-cancel", app/manage/[token]/route.ts), which acts
// with the same use cases as the funeral home's API and dashboard, the family as the actor. A
// refused form comes back filled as it was sent, each refused field named beside it.
import { formatCeremonyTime } from "@memorial/lib/ceremonies/public-block";
import type { CeremonyRecord as Ceremony } from "@memorial/lib/ceremonies/queries";
import { ceremonyState } from "@memorial/lib/ceremonies/rules";
import { html, type SafeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { type KeyIn, translator } from "@memorial/lib/i18n/translate";
import {
  type CeremonyField,
  type CeremonyFormValues,
  ceremonyFormValues,
  SUGGESTED_TIME_ZONES,
} from "@/web/ceremony-form";

export const CEREMONY_MANAGE_ACTIONS = ["ceremony-set", "ceremony-cancel"] as const;

export interface ManageCeremony {
  current: Ceremony | null;
  /** A refused form: what was sent, and the reason word of each refused field. */
  refused?: { values: CeremonyFormValues; fields: Partial<Record<CeremonyField, string>> };
}

type PageKey = KeyIn<"page">;

const FIELDS: [CeremonyField, PageKey, PageKey | null, "datetime-local" | "text" | "url" | "textarea"][] = [
  ["start", "manageCeremonyStart", "manageCeremonyStartHint", "datetime-local"],
  ["timeZone", "manageCeremonyTimeZone", null, "text"],
  ["placeName", "manageCeremonyPlaceName", null, "text"],
  ["placeAddress", "manageCeremonyPlaceAddress", null, "text"],
  ["mapUrl", "manageCeremonyMapUrl", "manageCeremonyMapHint", "url"],
  ["livestreamUrl", "manageCeremonyLivestreamUrl", null, "url"],
  ["note", "manageCeremonyNote", null, "textarea"],
];

/** The words of a refused field, from the reason word the use case gave. */
function refusalKey(field: CeremonyField, reason: string): PageKey {
  if (reason === "invalid-url") return "manageCeremonyErrHttps";
  if (reason === "past") return "manageCeremonyErrPast";
  if (reason === "skipped") return "manageCeremonyErrSkipped";
  if (reason === "too-long") return "manageCeremonyErrTooLong";
  if (reason.startsWith("required")) return "manageCeremonyErrRequired";
  if (field === "start") return "manageCeremonyErrStart";
  if (field === "timeZone") return "manageCeremonyErrTimeZone";
  return "manageCeremonyErrInvalid";
}

const STATE_KEY = {
  scheduled: "manageCeremonyScheduled",
  moved: "manageCeremonyMoved",
  cancelled: "manageCeremonyCancelled",
} as const;

export function manageCeremonySection(data: ManageCeremony, token: string, language: Language): SafeHtml {
  const m = translator(language, "page");
  const { current, refused } = data;
  const values = refused?.values ?? ceremonyFormValues(current);
  const errors = refused?.fields ?? {};
  const state = current ? ceremonyState(current) : null;
  const action = `/manage/${encodeURIComponent(token)}?lang=${language}`;
  const field = ([key, label, hint, type]: (typeof FIELDS)[number]) => {
    const id = `manage-ceremony-${key}`;
    const reason = errors[key];
    const described = [hint ? `${id}-hint` : "", reason ? `${id}-error` : ""].filter(Boolean).join(" ");
    const attributes = html` id="${id}" name="${key}"${reason ? html` aria-invalid="true"` : ""}${
      described ? html` aria-describedby="${described}"` : ""
    }`;
    return html`<label for="${id}">${m(label)}</label>
      ${
        type === "textarea"
          ? html`<textarea${attributes} rows="3">${values[key]}</textarea>`
          : html`<input${attributes} type="${type}" value="${values[key]}"${
              key === "timeZone" ? html` list="manage-ceremony-zones"` : ""
            }>`
      }
      ${hint ? html`<span class="note" id="${`${id}-hint`}">${m(hint)}</span>` : ""}
      ${
        reason
          ? html`<p class="field-error" id="${`${id}-error`}" data-testid="${`${id}-error`}">${m(
              refusalKey(key, reason),
            )}</p>`
          : ""
      }`;
  };
  return html`<h2>${m("manageCeremonyHeading")}</h2>
    <div data-testid="manage-ceremony">
    <p class="note">${m("manageCeremonyHelp")}</p>
    ${
      current && state
        ? html`<p data-testid="manage-ceremony-current" data-state="${state}">${m(STATE_KEY[state], {
            when: formatCeremonyTime(current.startsAt, current.timeZone, language),
          })}<br>${current.placeName}, ${current.placeAddress}</p>`
        : html`<p data-testid="manage-ceremony-none">${m("manageCeremonyNone")}</p>`
    }
    ${refused ? html`<p class="refused" role="alert" data-testid="manage-ceremony-refused">${m("manageCeremonyRefused")}</p>` : ""}
    <form method="post" action="${action}" class="fields" novalidate>
      <input type="hidden" name="action" value="ceremony-set">
      <datalist id="manage-ceremony-zones">${SUGGESTED_TIME_ZONES.map((zone) => html`<option value="${zone}">`)}</datalist>
      ${FIELDS.map(field)}
      <button type="submit" data-testid="manage-ceremony-set">${m("manageCeremonySave")}</button>
    </form>
    ${
      state !== null && state !== "cancelled"
        ? html`<form method="post" action="${action}">
      <input type="hidden" name="action" value="ceremony-cancel">
      <button type="submit" class="secondary" data-testid="manage-ceremony-cancel">${m("manageCeremonyCancel")}</button>
    </form>`
        : ""
    }
    </div>`;
}
