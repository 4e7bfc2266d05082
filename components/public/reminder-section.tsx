// "Remember the day" on the memorial page: a plain form (no JavaScript needed) to be
// reminded by e-mail on the anniversary of the death and, when the birth date is known and public,
// on the birthday; double opt-in (the form's answer says a confirmation e-mail follows). And the
// anniversary as a calendar file (remember.ics). Nothing here when the memorial has no date to
// remember (lib/reminders/subscriptions.ts reminderOptions).
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { reminderOptions } from "@memorial/lib/reminders/subscriptions";
import { Field } from "@/components/public/form-parts";
import { PageSection } from "@/components/public/page-parts";

const inputClass =
  "mt-1 block w-full max-w-md rounded-lg border border-stone-400 bg-white px-3 py-2 text-base";

export async function ReminderSection({ memorialId, language }: { memorialId: number; language: Language }) {
  const options = await reminderOptions(memorialId);
  if (!options) return null;
  const t = translator(language, "reminders");
  return (
    <PageSection name="remember" heading={t("heading")} testId="reminders">
      <p className="mt-2">{t("intro")}</p>
      <form
        method="post"
        action={`/memorial/${memorialId}/remind?lang=${language}`}
        className="mt-4 space-y-4"
      >
        <Field id="reminder-email" label={t("emailLabel")} labelClassName="font-semibold">
          <input
            id="reminder-email"
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            className={inputClass}
          />
        </Field>
        <fieldset>
          <legend className="font-semibold">{t("chooseDays")}</legend>
          {options.deathAnniversary ? (
            <label className="mt-1 flex items-center gap-2">
              <input type="checkbox" name="death" value="yes" defaultChecked className="h-5 w-5" />
              {t("kindDeath")}
            </label>
          ) : null}
          {options.birthday ? (
            <label className="mt-1 flex items-center gap-2">
              <input type="checkbox" name="birthday" value="yes" className="h-5 w-5" />
              {t("kindBirthday")}
            </label>
          ) : null}
        </fieldset>
        <label className="flex items-start gap-2">
          <input type="checkbox" name="consent" value="yes" required className="mt-1 h-5 w-5 shrink-0" />
          <span>{t("consent")}</span>
        </label>
        <p className="text-sm text-stone-700">{t("doubleOptIn")}</p>
        <button
          type="submit"
          className="rounded-lg bg-forest-800 px-4 py-2 font-semibold text-white hover:bg-forest-900"
          data-testid="reminder-submit"
        >
          {t("submit")}
        </button>
      </form>
      {options.deathAnniversary ? (
        <p className="mt-4">
          <a
            href={`/memorial/${memorialId}/remember.ics?lang=${language}`}
            className="font-semibold text-forest-800 underline"
            data-testid="reminder-ics"
          >
            {t("calendar")}
          </a>
        </p>
      ) : null}
    </PageSection>
  );
}
