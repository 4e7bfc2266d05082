"use client";
import type { ActionResult } from "@memorial/lib/dashboard/action";
// What a panel or a form shows after a Server Action: its refusal in the user's words (or that it
// could not be called), that it was saved, and a secret the action made, shown once with a copy
// button (an API key, a webhook's signing secret).
import { type ReactNode, useState } from "react";
import { useI18n } from "./i18n";
import { ActionButton, AlertNote, cardClass, StatusNote, useErrorText } from "./ui";

/** The refusal of the panel's last action, with the two ways a mutation sets it. */
export function useActionError() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const [actionError, setActionError] = useState<string | null>(null);
  return {
    actionError,
    setActionError,
    /** After an action answered: its refusal, or nothing when it worked. */
    showRefusal: (result: ActionResult) =>
      setActionError(result.ok ? null : errorText(result.code, result.message)),
    /** The action could not be called (network, server error): a mutation's onError. */
    onError: () => setActionError(t("errorGeneric")),
  };
}

/** The refusal of the panel's last action, when there is one. */
export function ActionAlert(props: { error: string | null }) {
  return props.error ? <AlertNote margin="mb-4">{props.error}</AlertNote> : null;
}

/**
 * A form's answer under it, in a live region: `saved` once the action worked; its refusal (the
 * summary when fields are marked, else the refusal's kind, unless the form words it itself:
 * `refusal`); or that the action could not be called (`failed`).
 */
export function FormOutcome(props: {
  result: ActionResult | undefined;
  saved: ReactNode;
  refusal?: string;
  failed: boolean;
}) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const { result } = props;
  return (
    <div aria-live="polite">
      {result?.ok ? <StatusNote margin="mt-4">{props.saved}</StatusNote> : null}
      {result && !result.ok ? (
        <AlertNote margin="mt-4">
          {props.refusal ??
            (result.fields && Object.keys(result.fields).length > 0
              ? t("fieldsSummary")
              : errorText(result.code, result.message))}
        </AlertNote>
      ) : null}
      {props.failed ? <AlertNote margin="mt-4">{t("errorGeneric")}</AlertNote> : null}
    </div>
  );
}

/** A secret shown once, with a button that copies it (give it key={value} to reset "copied"). */
export function ShownOnce(props: { value: string; title: string; testId: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  return (
    <div className={`${cardClass} mb-6 border-forest-600`} role="status">
      <p className="font-medium">{props.title}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <code data-testid={props.testId} className="break-all rounded bg-stone-100 px-2 py-1 text-sm">
          {props.value}
        </code>
        <ActionButton
          secondary
          onClick={async () => {
            await navigator.clipboard?.writeText(props.value).catch(() => undefined);
            setCopied(true);
          }}
        >
          {copied ? t("copied") : t("copy")}
        </ActionButton>
      </div>
    </div>
  );
}
