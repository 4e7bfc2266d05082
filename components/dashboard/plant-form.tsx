"use client";
import type { ContextOption } from "@memorial/lib/dashboard/contexts";
import { EMPTY_PLANT_FORM, type PlantFormValues, REASON_MESSAGE } from "@memorial/lib/dashboard/plant-form";
import { LANGUAGE_NAMES, LANGUAGES } from "@memorial/lib/i18n/languages";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
// The planting form: every field of MemorialsCreer a person fills, sent to a Server Action that
// validates it with the API's schema and plants through the same domain operation as the API.
// With `memorialId`, it plants one more tree in that memorial.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { plantAction } from "@/web/dashboard/actions";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { MemorialLink } from "./links";
import {
  buttonClass,
  cardClass,
  Field,
  inputClass,
  labelClass,
  Pending,
  secondaryButtonClass,
  useErrorText,
} from "./ui";

export function PlantForm(props: { contexts: ContextOption[]; memorialId?: number }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const router = useRouter();
  const queryClient = useQueryClient();
  const formId = useId();
  const hydrated = useHydrated();
  const into = props.memorialId !== undefined;
  const [values, setValues] = useState<PlantFormValues>({
    ...EMPTY_PLANT_FORM,
    memorialId: into ? String(props.memorialId) : "",
  });
  const plant = useMutation({
    mutationFn: plantAction,
    onSuccess: (result) => {
      if (result.ok) {
        queryClient.invalidateQueries({ queryKey: ["memorials"] });
        if (into) router.refresh();
      }
    },
  });
  const result = plant.data;
  const fieldErrors: Partial<Record<keyof PlantFormValues, string>> = {};
  if (result && !result.ok && result.fields) {
    for (const [field, reason] of Object.entries(result.fields)) {
      fieldErrors[field as keyof PlantFormValues] = t(REASON_MESSAGE[reason] ?? "fieldInvalid");
    }
  }
  const set = <K extends keyof PlantFormValues>(key: K, value: PlantFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const id = (key: string) => `${formId}-${key}`;

  const text = (
    key: keyof PlantFormValues,
    label: DashboardKey,
    options: { type?: string; hint?: DashboardKey; required?: boolean; autoComplete?: string } = {},
  ) => {
    const error = fieldErrors[key];
    const described = [options.hint ? id(`${key}-hint`) : "", error ? id(`${key}-error`) : ""]
      .filter(Boolean)
      .join(" ");
    return (
      <div>
        <label htmlFor={id(key)} className={labelClass}>
          {t(label)}
          {options.required ? <span aria-hidden="true"> *</span> : null}
        </label>
        <input
          id={id(key)}
          name={key}
          type={options.type ?? "text"}
          value={values[key] as string}
          required={options.required}
          autoComplete={options.autoComplete ?? "off"}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onChange={(event) => set(key, event.target.value as never)}
          className={`${inputClass} ${error ? "border-red-600" : ""}`}
        />
        {options.hint ? (
          <p id={id(`${key}-hint`)} className="mt-1 text-sm text-stone-600">
            {t(options.hint)}
          </p>
        ) : null}
        {error ? (
          <p id={id(`${key}-error`)} className="mt-1 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const check = (key: keyof PlantFormValues, label: DashboardKey) => (
    <label className="flex items-start gap-3 py-1">
      <input
        type="checkbox"
        name={key}
        checked={values[key] as boolean}
        onChange={(event) => set(key, event.target.checked as never)}
        className="mt-1 h-5 w-5 accent-forest-700"
      />
      <span>{t(label)}</span>
    </label>
  );
  const languageSelect = (key: "language" | "familyLanguage", label: DashboardKey) => (
    <Field id={id(key)} label={t(label)}>
      <select
        id={id(key)}
        name={key}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
        className={inputClass}
      >
        <option value="">{t("defaultLanguage")}</option>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </Field>
  );

  if (result?.ok) {
    return (
      <div className={cardClass} role="status" data-testid="plant-result">
        <h2 className="mb-2 text-xl font-semibold">{t("plantedTitle")}</h2>
        {result.treeCount > 0 ? (
          <p>
            {t("plantedTree", { species: result.species ?? "?", site: result.site ?? "?" })}{" "}
            {result.freeTrees > 0 ? t("plantedFree") : t("plantedPaid")}
          </p>
        ) : (
          <p>{t("plantedAwaiting")}</p>
        )}
        <p className="mt-3 flex flex-wrap gap-4">
          <MemorialLink id={result.memorialId}>
            {result.title
              ? t("memorialNamed", { title: result.title, id: result.memorialId })
              : t("memorialLink", { id: result.memorialId })}
          </MemorialLink>
          {result.awaitingConfirmation ? null : (
            <a
              className="text-forest-700 underline"
              href={`/memorial/${result.memorialId}`}
              data-testid="public-link"
            >
              {t("publicPage")}: /memorial/{result.memorialId}
            </a>
          )}
        </p>
        <button
          type="button"
          className={`${secondaryButtonClass} mt-4`}
          onClick={() => {
            plant.reset();
            setValues({ ...EMPTY_PLANT_FORM, memorialId: into ? String(props.memorialId) : "" });
          }}
        >
          {t("plantAnother")}
        </button>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="space-y-6"
      aria-busy={plant.isPending}
      aria-describedby={result && !result.ok ? id("summary") : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        plant.mutate(values);
      }}
    >
      <div aria-live="assertive">
        {result && !result.ok ? (
          <div
            id={id("summary")}
            role="alert"
            className="rounded border border-red-300 bg-red-50 p-3 text-red-900"
          >
            <p>
              {result.fields && Object.keys(result.fields).length > 0
                ? t("fieldsSummary")
                : errorText(result.code, result.message)}
            </p>
          </div>
        ) : null}
        {plant.isError ? (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900">
            {t("errorGeneric")}
          </p>
        ) : null}
      </div>

      {into ? null : (
        <fieldset className={cardClass}>
          <legend className="px-1 text-lg font-semibold">{t("sectionDeceased")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("lastName", "lastName")}
            {text("firstName", "firstName")}
            {text("civility", "civility")}
            {text("deathDate", "deathDate", { type: "date", required: !values.orphan })}
            {text("birthDate", "birthDate", { type: "date" })}
            <div className="sm:col-span-2">{check("deathDateApproximate", "deathDateApproximate")}</div>
            {text("placeOfDeath", "placeOfDeath")}
            {text("url", "deceasedUrl", { type: "url" })}
            {text("imageUrl", "imageUrl", { type: "url" })}
          </div>
        </fieldset>
      )}

      {into ? null : (
        <fieldset className={cardClass}>
          <legend className="px-1 text-lg font-semibold">{t("sectionFamily")}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("familyEmail", "familyEmail", { type: "email", required: values.confirm })}
            {text("familyName", "familyName")}
            {languageSelect("familyLanguage", "familyLanguage")}
          </div>
        </fieldset>
      )}

      <fieldset className={cardClass}>
        <legend className="px-1 text-lg font-semibold">{t("sectionTree")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("planter", "planter", { hint: "planterHint" })}
          <Field id={id("contextId")} label={t("context")}>
            <select
              id={id("contextId")}
              name="contextId"
              value={values.contextId}
              onChange={(event) => set("contextId", event.target.value)}
              aria-invalid={fieldErrors.contextId ? true : undefined}
              className={inputClass}
            >
              <option value="">{t("contextOperator")}</option>
              {props.contexts.map((context) => (
                <option key={context.id} value={context.id}>
                  {t(`kind_${context.kind}`)} · {context.name}
                </option>
              ))}
            </select>
            {fieldErrors.contextId ? (
              <p className="mt-1 text-sm text-red-800">{fieldErrors.contextId}</p>
            ) : null}
          </Field>
          <div className="sm:col-span-2">
            <label htmlFor={id("message")} className={labelClass}>
              {t("message")}
            </label>
            <textarea
              id={id("message")}
              name="message"
              rows={3}
              value={values.message}
              onChange={(event) => set("message", event.target.value)}
              aria-invalid={fieldErrors.message ? true : undefined}
              className={inputClass}
            />
            {fieldErrors.message ? <p className="mt-1 text-sm text-red-800">{fieldErrors.message}</p> : null}
          </div>
          {languageSelect("language", "memorialLanguage")}
          {text("externalId", "externalId", { type: "text" })}
        </div>
      </fieldset>

      {into ? null : (
        <fieldset className={cardClass}>
          <legend className="px-1 text-lg font-semibold">{t("sectionOptions")}</legend>
          {check("anonymous", "anonymous")}
          {values.anonymous ? (
            <div className="mb-2 ml-8 max-w-md">{text("anonymousName", "anonymousName")}</div>
          ) : null}
          {check("confirm", "confirm")}
          {check("orphan", "orphan")}
        </fieldset>
      )}

      <button type="submit" className={buttonClass} disabled={!hydrated || plant.isPending}>
        {plant.isPending ? t("planting") : t("plantSubmit")}
      </button>
      <Pending active={plant.isPending} label={t("planting")} />
    </form>
  );
}
