"use client";
// The inputs of the tree forms, each with its refusal beside it in the user's words:
// the pipeline's reason word of the field (lib/dashboard/field-reasons.ts) put in a sentence.
import type { ActionResult } from "@memorial/lib/dashboard/action";
import { REASON_MESSAGE } from "@memorial/lib/dashboard/field-reasons";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
import { useI18n } from "./i18n";
import { AlertNote, InputField, inputClass, labelClass, useErrorText } from "./ui";

/** The refusal of each field of an action's result, in the user's words. */
export function useFieldErrors(result: ActionResult | undefined): Record<string, string> {
  const { t } = useI18n();
  const errors: Record<string, string> = {};
  if (result && !result.ok && result.fields) {
    for (const [field, reason] of Object.entries(result.fields)) {
      errors[field] = t(REASON_MESSAGE[reason] ?? "fieldInvalid");
    }
  }
  return errors;
}

export function TreeInput(props: {
  id: string;
  name: string;
  label: DashboardKey;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  type?: string;
  required?: boolean;
  inputMode?: "decimal" | "numeric";
  options?: [string, string][];
  multiline?: boolean;
}) {
  const { t } = useI18n();
  const described =
    [props.hint ? `${props.id}-hint` : "", props.error ? `${props.id}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined;
  const common = {
    id: props.id,
    name: props.name,
    value: props.value,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": described,
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {t(props.label)}
        {props.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {props.options ? (
        <select
          {...common}
          required={props.required}
          onChange={(event) => props.onChange(event.target.value)}
        >
          <option value="">—</option>
          {props.options.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      ) : props.multiline ? (
        <textarea {...common} rows={3} onChange={(event) => props.onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={props.type ?? "text"}
          inputMode={props.inputMode}
          required={props.required}
          autoComplete="off"
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
      {props.hint ? (
        <p id={`${props.id}-hint`} className="mt-1 text-sm text-stone-600">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-red-800" data-testid={`${props.name}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** The refusal of a whole form: "see the fields", the refusal of its state, or a failed call. */
export function FormAlert(props: {
  result: ActionResult | undefined;
  failed: boolean;
  fieldsShown: boolean;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const { result } = props;
  let text: string | null = null;
  if (props.failed) text = t("errorGeneric");
  else if (result && !result.ok) {
    const state = result.fields?.form;
    text = state
      ? t(REASON_MESSAGE[state] ?? "fieldInvalid")
      : props.fieldsShown
        ? t("fieldsSummary")
        : errorText(result.code, result.message);
  }
  return text ? <AlertNote margin="mt-4">{text}</AlertNote> : null;
}

/** Today's day (UTC), the latest day a step may be recorded for. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * Sends a photo to POST /api/dashboard/trees/photo (lib/photos cleans and keeps it): its key, or
 * the refusal in the user's language.
 */
export async function uploadPhoto(
  file: File,
  fallback: string,
): Promise<{ key: string } | { error: string }> {
  const form = new FormData();
  form.set("photo", file);
  const response = await fetch("/api/dashboard/trees/photo", {
    method: "POST",
    body: form,
    credentials: "same-origin",
  });
  if (response.status === 401) {
    window.location.assign("/dashboard/signin");
    return { error: fallback };
  }
  const body = await response.json().catch(() => null);
  if (response.ok && typeof body?.key === "string") return { key: body.key };
  return { error: typeof body?.message === "string" ? body.message : fallback };
}

/** A photo input (optional), its limits and its refusal beside it. */
export function PhotoInput(props: {
  id: string;
  limit: string;
  error: string | null;
  onChange: (file: File | null) => void;
}) {
  const { t } = useI18n();
  const described = [`${props.id}-hint`, props.error ? `${props.id}-error` : ""].filter(Boolean).join(" ");
  return (
    <InputField
      id={props.id}
      label={t("trees_photo")}
      name="photo"
      type="file"
      accept="image/jpeg,image/png,image/webp,image/heic,image/heif"
      aria-invalid={props.error ? true : undefined}
      aria-describedby={described}
      onChange={(event) => props.onChange(event.target.files?.[0] ?? null)}
    >
      <p id={`${props.id}-hint`} className="mt-1 text-sm text-stone-600">
        {t("trees_photoHint", { size: props.limit })}
      </p>
      {props.error ? (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-red-800" data-testid="photo-error">
          {props.error}
        </p>
      ) : null}
    </InputField>
  );
}
