"use client";
import { REASON_MESSAGE } from "@memorial/lib/dashboard/field-reasons";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
// The form of a memorial's ceremony on its dashboard page: set it, move or change it, cancel it,
// through the same use cases as the API (web/dashboard/ceremony-actions.ts). Each refused field
// is named beside its input in the user's language; the page is read again after a change.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { CeremonyField, CeremonyFormValues } from "@/web/ceremony-form";
import { cancelCeremonyAction, setCeremonyAction } from "@/web/dashboard/ceremony-actions";
import { FormOutcome } from "./action-outcome";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import {
  ActionButton,
  AlertNote,
  buttonClass,
  inputClass,
  labelClass,
  Pending,
  StatusNote,
  useErrorText,
} from "./ui";

const FIELDS: [
  CeremonyField,
  DashboardKey,
  DashboardKey | null,
  "datetime-local" | "text" | "url" | "textarea",
][] = [
  ["start", "ceremony_start", "ceremony_startHint", "datetime-local"],
  ["timeZone", "ceremony_timeZone", "ceremony_timeZoneHint", "text"],
  ["placeName", "ceremony_placeName", null, "text"],
  ["placeAddress", "ceremony_placeAddress", null, "text"],
  ["mapUrl", "ceremony_mapUrl", "ceremony_mapHint", "url"],
  ["livestreamUrl", "ceremony_livestreamUrl", "ceremony_livestreamHint", "url"],
  ["note", "ceremony_note", "ceremony_noteHint", "textarea"],
];

/** The words of a refused field: the ceremony's own where the shared ones say too little. */
function refusalKey(field: string, reason: string): DashboardKey {
  if (reason === "invalid-url") return "ceremony_errHttps";
  if (reason === "past") return "ceremony_errPast";
  if (field === "start" && reason === "invalid") return "ceremony_errStart";
  if (field === "timeZone" && reason === "invalid") return "ceremony_errTimeZone";
  return REASON_MESSAGE[reason] ?? "fieldInvalid";
}

export function CeremonyForm(props: {
  memorialId: number;
  values: CeremonyFormValues;
  heading: DashboardKey;
  cancellable: boolean;
  timeZones: string[];
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const router = useRouter();
  const hydrated = useHydrated();
  const [values, setValues] = useState(props.values);
  const save = useMutation({
    mutationFn: (sent: CeremonyFormValues) => setCeremonyAction(props.memorialId, sent),
    onSuccess: (result) => {
      if (result.ok) router.refresh();
    },
  });
  const cancel = useMutation({
    mutationFn: () => cancelCeremonyAction(props.memorialId),
    onSuccess: (result) => {
      if (result.ok) router.refresh();
    },
  });
  const result = save.data;
  const fieldErrors: Record<string, string> = {};
  for (const [field, reason] of Object.entries(result && !result.ok ? (result.fields ?? {}) : {})) {
    fieldErrors[field] = t(refusalKey(field, reason));
  }
  const busy = save.isPending || cancel.isPending;
  return (
    <div className="space-y-3">
      <form
        noValidate
        className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
        data-testid="dashboard-ceremony-form"
        onSubmit={(event) => {
          event.preventDefault();
          cancel.reset();
          save.mutate(values);
        }}
      >
        <h3 className="mb-4 text-lg font-semibold">{t(props.heading)}</h3>
        <datalist id="ceremony-time-zones">
          {props.timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map(([key, label, hint, type]) => {
            const id = `ceremony-${key}`;
            const described = [hint ? `${id}-hint` : null, fieldErrors[key] ? `${id}-error` : null]
              .filter(Boolean)
              .join(" ");
            const common = {
              id,
              name: key,
              value: values[key],
              "aria-invalid": fieldErrors[key] ? true : undefined,
              "aria-describedby": described || undefined,
              className: inputClass,
            };
            return (
              <div key={key} className={type === "textarea" ? "sm:col-span-2" : undefined}>
                <label htmlFor={id} className={labelClass}>
                  {t(label)}
                </label>
                {type === "textarea" ? (
                  <textarea
                    {...common}
                    rows={3}
                    onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.value }))}
                  />
                ) : (
                  <input
                    {...common}
                    type={type}
                    list={key === "timeZone" ? "ceremony-time-zones" : undefined}
                    onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.value }))}
                  />
                )}
                {hint ? (
                  <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
                    {t(hint)}
                  </p>
                ) : null}
                {fieldErrors[key] ? (
                  <p id={`${id}-error`} className="mt-1 text-sm text-red-800" data-testid={`${id}-error`}>
                    {fieldErrors[key]}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <FormOutcome result={result} saved={t("ceremony_saved")} failed={save.isError || cancel.isError} />
        <button type="submit" className={`${buttonClass} mt-4`} disabled={!hydrated || busy}>
          {save.isPending ? t("saving") : t("ceremony_save")}
        </button>
        <Pending active={busy} label={t("saving")} />
      </form>
      {props.cancellable ? (
        <p>
          <ActionButton
            secondary
            disabled={!hydrated || busy}
            onClick={() => {
              save.reset();
              cancel.mutate();
            }}
            data-testid="dashboard-ceremony-cancel"
          >
            {t("ceremony_cancel")}
          </ActionButton>
        </p>
      ) : null}
      <div aria-live="polite">
        {cancel.data?.ok ? <StatusNote>{t("ceremony_cancelDone")}</StatusNote> : null}
        {cancel.data && !cancel.data.ok ? (
          <AlertNote>{errorText(cancel.data.code, cancel.data.message)}</AlertNote>
        ) : null}
      </div>
    </div>
  );
}
