// The ceremony of a memorial on its dashboard page: as it stands (scheduled, moved or cancelled,
// when in its own time zone, where, the livestream and the note), and the form to set, move or
// cancel it (ceremony-form.tsx). A server component: the ceremony is read here, through the
// operator's scope, and read again once the form has saved (router.refresh()).
import { ceremonyBlock } from "@memorial/lib/ceremonies/public-block";
import { ownCeremony } from "@memorial/lib/ceremonies/queries";
import { ceremonyState } from "@memorial/lib/ceremonies/rules";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { OperatorScope } from "@memorial/lib/scope";
import { ceremonyFormValues, SUGGESTED_TIME_ZONES } from "@/web/ceremony-form";
import { CeremonyForm } from "./ceremony-form";

const STATE_LABEL = {
  scheduled: "ceremony_scheduled",
  moved: "ceremony_moved",
  cancelled: "ceremony_cancelled",
} as const;

export async function CeremonySection(props: {
  scope: OperatorScope;
  memorialId: number;
  language: Language;
}) {
  const ceremony = await ownCeremony(props.scope, props.memorialId);
  const t = translator(props.language, "dashboard");
  const state = ceremony ? ceremonyState(ceremony) : null;
  // The words and links of the memorial's page, at this moment, in the user's language.
  const block = ceremony ? ceremonyBlock(ceremony, props.language, new Date()) : null;
  return (
    <section aria-labelledby="ceremony-title" className="space-y-3" data-testid="dashboard-ceremony">
      <h2 id="ceremony-title" className="text-xl font-semibold">
        {t("ceremony_heading")}
      </h2>
      <p className="text-sm text-stone-700">{t("ceremony_help")}</p>
      {ceremony && state && block ? (
        <dl
          className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]"
          data-testid="dashboard-ceremony-current"
          data-state={state}
        >
          <dt className="font-medium">{t("ceremony_start")}</dt>
          <dd>
            <span data-testid="dashboard-ceremony-when">{block.when}</span>{" "}
            <span
              className={`rounded px-2 py-0.5 text-xs font-medium ${state === "cancelled" ? "bg-stone-200 text-stone-800" : "bg-forest-100 text-forest-900"}`}
              data-testid="dashboard-ceremony-state"
            >
              {t(STATE_LABEL[state])}
            </span>
          </dd>
          <dt className="font-medium">{t("ceremony_placeName")}</dt>
          <dd>
            {ceremony.placeName}, {ceremony.placeAddress} ·{" "}
            <a className="text-forest-700 underline" href={block.mapUrl} rel="noopener noreferrer">
              {t("ceremony_mapLink")}
            </a>
          </dd>
          {ceremony.livestreamUrl ? (
            <>
              <dt className="font-medium">{t("ceremony_livestream")}</dt>
              <dd className="break-all">{ceremony.livestreamUrl}</dd>
            </>
          ) : null}
          {ceremony.note ? (
            <>
              <dt className="font-medium">{t("ceremony_noteShown")}</dt>
              <dd className="whitespace-pre-line">{ceremony.note}</dd>
            </>
          ) : null}
          <dt className="font-medium">{t("ceremony_calendar")}</dt>
          <dd>
            <a className="text-forest-700 underline" href={`/memorial/${props.memorialId}/ceremony.ics`}>
              /memorial/{props.memorialId}/ceremony.ics
            </a>
          </dd>
        </dl>
      ) : (
        <p className="text-sm" data-testid="dashboard-ceremony-none">
          {t("ceremony_none")}
        </p>
      )}
      <CeremonyForm
        memorialId={props.memorialId}
        values={ceremonyFormValues(ceremony)}
        heading={
          !ceremony
            ? "ceremony_formSet"
            : state === "cancelled"
              ? "ceremony_formAgain"
              : "ceremony_formChange"
        }
        cancellable={state !== null && state !== "cancelled"}
        timeZones={[...SUGGESTED_TIME_ZONES]}
      />
    </section>
  );
}
