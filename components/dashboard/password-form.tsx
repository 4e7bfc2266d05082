"use client";
// Change of password: the current one, and a new one of the minimum length.
import { useMutation } from "@tanstack/react-query";
import { signOut } from "next-auth/react";
import { useRef } from "react";
import { changePasswordAction } from "@/web/dashboard/actions";
import { FormOutcome } from "./action-outcome";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { buttonClass, cardClass, InputField, Pending, useErrorText } from "./ui";

export function PasswordForm(props: { minLength: number }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const change = useMutation({
    mutationFn: changePasswordAction,
    onSuccess: async (result) => {
      if (!result.ok) return;
      form.current?.reset();
      // The change ends every session opened with the old password, this one included.
      await signOut({ redirect: false });
    },
  });
  const result = change.data;
  return (
    <form
      ref={form}
      noValidate
      className={`${cardClass} max-w-md`}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        change.mutate({
          currentPassword: String(data.get("currentPassword") ?? ""),
          newPassword: String(data.get("newPassword") ?? ""),
        });
      }}
    >
      <h2 className="mb-4 text-xl font-semibold">{t("changePassword")}</h2>
      <div className="space-y-4">
        <InputField
          id="currentPassword"
          label={t("currentPassword")}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
        <InputField
          id="newPassword"
          label={t("newPassword")}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={props.minLength}
          aria-describedby="newPassword-hint"
        >
          <p id="newPassword-hint" className="mt-1 text-sm text-stone-600">
            {t("newPasswordHint", { min: props.minLength })}
          </p>
        </InputField>
      </div>
      <FormOutcome
        result={result}
        saved={
          <>
            {t("passwordChanged")}{" "}
            <a className="text-forest-700 underline" href="/dashboard/signin">
              {t("signIn")}
            </a>
          </>
        }
        // A new password too short is said with its minimum; another refusal by its kind.
        refusal={
          result && !result.ok
            ? result.code === "INVALID_INPUT" && (change.variables?.newPassword.length ?? 0) < props.minLength
              ? t("newPasswordTooShort", { min: props.minLength })
              : errorText(result.code, result.message)
            : undefined
        }
        failed={change.isError}
      />
      <button type="submit" className={`${buttonClass} mt-6`} disabled={!hydrated || change.isPending}>
        {change.isPending ? t("saving") : t("save")}
      </button>
      <Pending active={change.isPending} label={t("saving")} />
    </form>
  );
}
