"use client";
import { REASON_MESSAGE } from "@memorial/lib/dashboard/field-reasons";
import { CLEARABLE_PERSON_FIELDS, type PersonFormValues } from "@memorial/lib/dashboard/person-fields";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
// Edit the deceased person with the same modification command as PUT /Personne/Modifier: blank
// fields are not applied, an optional field is cleared only through its own "clear" box (null in
// the command); titles follow the new name only when asked.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { modifyPersonAction } from "@/web/dashboard/actions";
import { FormOutcome } from "./action-outcome";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { buttonClass, cardClass, inputClass, labelClass, Pending } from "./ui";

const FIELDS: [Exclude<keyof PersonFormValues, "personId" | "updateTitles">, DashboardKey, string][] = [
  ["lastName", "lastName", "text"],
  ["firstName", "firstName", "text"],
  ["civility", "civility", "text"],
  ["deathDate", "deathDate", "date"],
  ["birthDate", "birthDate", "date"],
  ["placeOfDeath", "placeOfDeath", "text"],
  ["imageUrl", "imageUrl", "url"],
  ["externalId", "externalId", "text"],
];

export function PersonForm(props: { person: PersonFormValues }) {
  const { t } = useI18n();
  const router = useRouter();
  const hydrated = useHydrated();
  const [values, setValues] = useState(props.person);
  const [clear, setClear] = useState<string[]>([]);
  const save = useMutation({
    mutationFn: modifyPersonAction,
    onSuccess: (result) => {
      if (result.ok) {
        setValues((v) => {
          const next = { ...v };
          for (const key of clear) if (key in next) (next as Record<string, unknown>)[key] = "";
          return next;
        });
        setClear([]);
        router.refresh();
      }
    },
  });
  const result = save.data;
  const fieldErrors: Record<string, string> = {};
  for (const [field, reason] of Object.entries(result && !result.ok ? (result.fields ?? {}) : {})) {
    fieldErrors[field] = t(REASON_MESSAGE[reason] ?? "fieldInvalid");
  }
  return (
    <form
      noValidate
      className={cardClass}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ ...values, clear });
      }}
    >
      <h3 className="mb-1 text-lg font-semibold">{t("editPerson")}</h3>
      <p className="mb-4 text-sm text-stone-600">{t("personHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(([key, label, type]) => {
          const clearable = (CLEARABLE_PERSON_FIELDS as readonly string[]).includes(key);
          const cleared = clear.includes(key);
          return (
            <div key={key}>
              <div className="flex items-baseline justify-between gap-3">
                <label htmlFor={`person-${key}`} className={labelClass}>
                  {t(label)}
                </label>
                {clearable ? (
                  <label className="flex items-center gap-2 text-sm text-stone-700">
                    <input
                      type="checkbox"
                      checked={cleared}
                      aria-label={t("clearField", { field: t(label) })}
                      onChange={(event) =>
                        setClear((list) =>
                          event.target.checked ? [...list, key] : list.filter((item) => item !== key),
                        )
                      }
                      className="h-4 w-4 accent-forest-700"
                    />
                    {t("clear")}
                  </label>
                ) : null}
              </div>
              <input
                id={`person-${key}`}
                name={key}
                type={type}
                disabled={cleared}
                placeholder={cleared ? t("clearedPlaceholder") : undefined}
                value={cleared ? "" : values[key]}
                aria-invalid={fieldErrors[key] ? true : undefined}
                aria-describedby={fieldErrors[key] ? `person-${key}-error` : undefined}
                onChange={(event) => setValues((v) => ({ ...v, [key]: event.target.value }))}
                className={inputClass}
              />
              {fieldErrors[key] ? (
                <p id={`person-${key}-error`} className="mt-1 text-sm text-red-800">
                  {fieldErrors[key]}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <label className="mt-4 flex items-start gap-3">
        <input
          type="checkbox"
          name="updateTitles"
          checked={values.updateTitles}
          onChange={(event) => setValues((v) => ({ ...v, updateTitles: event.target.checked }))}
          className="mt-1 h-5 w-5 accent-forest-700"
        />
        <span>{t("updateTitles")}</span>
      </label>
      <FormOutcome result={result} saved={t("personSaved")} failed={save.isError} />
      <button type="submit" className={`${buttonClass} mt-4`} disabled={!hydrated || save.isPending}>
        {save.isPending ? t("saving") : t("save")}
      </button>
      <Pending active={save.isPending} label={t("saving")} />
    </form>
  );
}
