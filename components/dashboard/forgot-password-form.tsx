"use client";
// The request of a password reset link: one e-mail field, one answer for every address.
import { useState } from "react";
import { requestPasswordResetAction } from "@/web/dashboard/actions";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { DashboardLink } from "./links";
import { AlertNote, buttonClass, cardClass, InputField, StatusNote, useErrorText } from "./ui";

export function ForgotPasswordForm() {
  const { t } = useI18n();
  const errorText = useErrorText();
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className={cardClass}
      onSubmit={async (event) => {
        event.preventDefault();
        const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
        setPending(true);
        setError(null);
        setSent(null);
        try {
          const result = await requestPasswordResetAction(email);
          if (result.ok) setSent(t("forgotSent", { email, minutes: result.minutes }));
          else
            setError(result.fields?.email ? t("fieldInvalidEmail") : errorText(result.code, result.message));
        } catch {
          setError(t("errorGeneric"));
        }
        setPending(false);
      }}
    >
      <h1 className="mb-4 font-serif text-2xl text-forest-800">{t("forgotTitle")}</h1>
      <p className="mb-4">{t("forgotIntro")}</p>
      <InputField id="email" label={t("email")} name="email" type="email" autoComplete="username" required />
      <div aria-live="polite">
        {sent ? (
          <StatusNote margin="mt-4" testId="forgot-answer">
            {sent}
          </StatusNote>
        ) : null}
        {error ? <AlertNote margin="mt-4">{error}</AlertNote> : null}
      </div>
      <button type="submit" className={`${buttonClass} mt-6 w-full`} disabled={!hydrated || pending}>
        {pending ? t("saving") : t("forgotSubmit")}
      </button>
      <p className="mt-4 text-center">
        <DashboardLink href="/dashboard/signin">{t("backToSignIn")}</DashboardLink>
      </p>
    </form>
  );
}
