"use client";
import { LANGUAGE_NAMES, LANGUAGES } from "@memorial/lib/i18n/languages";
// The language of the dashboard, kept in a cookie by a Server Action.
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { setLanguageAction } from "@/web/dashboard/actions";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";

export function LanguageMenu(props: { dark?: boolean }) {
  const { lang, t } = useI18n();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const hydrated = useHydrated();
  return (
    <label className="flex items-center gap-2 text-sm">
      <span>{t("language")}</span>
      <select
        value={lang}
        disabled={!hydrated || pending}
        className={`min-h-11 rounded border px-2 ${props.dark ? "border-white bg-forest-800 text-white" : "border-stone-400 bg-white"}`}
        onChange={(event) => {
          const value = event.target.value;
          startTransition(async () => {
            await setLanguageAction(value);
            router.refresh();
          });
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
