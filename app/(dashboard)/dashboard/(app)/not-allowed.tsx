// What a page for admins shows to staff: a refusal in the user's language, nothing of the page's
// data (the page returns this before reading any).

import { translator } from "@memorial/lib/i18n/translate";
import type { OperatorSession } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";

export async function NotAllowed(props: { session: OperatorSession }) {
  const t = translator(await dashboardLanguage(props.session.operatorLanguage), "dashboard");
  return (
    <div className="py-10" data-testid="not-allowed">
      <h1 className="font-serif text-2xl text-forest-800">{t("notAllowedTitle")}</h1>
      <p className="mt-3" role="alert">
        {t("notAllowedText")}
      </p>
    </div>
  );
}
