"use client";
// Sends the family's confirmation e-mail again (a new link; the previous one stops working).
import { useMutation } from "@tanstack/react-query";
import { resendConfirmationAction } from "@/web/dashboard/actions";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { ActionButton, Pending, useErrorText } from "./ui";

export function ResendButton(props: { memorialId: number; email: string; mailConfigured?: boolean }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const hydrated = useHydrated();
  const resend = useMutation({ mutationFn: () => resendConfirmationAction(props.memorialId) });
  const result = resend.data;
  return (
    <div>
      <p className="mb-3">{props.email}</p>
      <ActionButton disabled={!hydrated || resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? t("saving") : t("resend")}
      </ActionButton>
      <Pending active={resend.isPending} label={t("saving")} />
      <div aria-live="polite">
        {result?.ok ? (
          <p role="status" className="mt-3">
            {props.mailConfigured === false ? t("resentHeld") : t("resent")}
          </p>
        ) : null}
        {result && !result.ok ? (
          <p role="alert" className="mt-3 text-red-900">
            {errorText(result.code, result.message)}
          </p>
        ) : null}
        {resend.isError ? (
          <p role="alert" className="mt-3 text-red-900">
            {t("errorGeneric")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
