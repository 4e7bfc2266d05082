// What a page for admins shows to staff: a refusal in the user's language, nothing of the page's
// data (the page returns this before reading any).
import type { OperatorSession } from "@/lib/auth/session";
import { dashboardLanguage } from "@/lib/dashboard/language";
import { translator } from "@/lib/i18n/translate";

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
