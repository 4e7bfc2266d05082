"use client";
// Sign-in with e-mail and password through next-auth (its CSRF token included); the reason of a
// refusal (wrong password, too many failures) is shown in the user's language.
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { AlertNote, buttonClass, cardClass, InputField } from "./ui";

export function SignInForm() {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  return (
    <form
      method="post"
      className={cardClass}
      onSubmit={async (event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        setPending(true);
        setError(null);
        try {
          const result = await signIn("credentials", {
            email: String(form.get("email") ?? ""),
            password: String(form.get("password") ?? ""),
            redirect: false,
          });
          if (result?.ok && !result.error) {
            window.location.assign("/dashboard");
            return;
          }
          setError(
            result?.error === "RateLimited"
              ? t("errorRateLimited")
              : result?.error === "CredentialsSignin"
                ? t("errorCredentials")
                : t("errorGeneric"),
          );
        } catch {
          setError(t("errorGeneric"));
        }
        setPending(false);
      }}
    >
      <h1 className="mb-6 font-serif text-2xl text-forest-800">{t("signInTitle")}</h1>
      <div className="space-y-4">
        <InputField
          id="email"
          label={t("email")}
          name="email"
          type="email"
          autoComplete="username"
          required
        />
        <InputField
          id="password"
          label={t("password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
      </div>
      <div aria-live="assertive">{error ? <AlertNote margin="mt-4">{error}</AlertNote> : null}</div>
      <button type="submit" className={`${buttonClass} mt-6 w-full`} disabled={!hydrated || pending}>
        {pending ? t("signingIn") : t("signIn")}
      </button>
    </form>
  );
}
