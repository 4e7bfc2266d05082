// What a page for admins shows to staff: a refusal in the user's language, nothing of the page's
// data (the page returns this before reading any).
import type { OperatorSession } from "@/lib/auth/session";
import { dashboardLanguage } from "@/lib/dashboard/language";
import { DASHBOARD_MESSAGES } from "@/lib/i18n/dashboard-messages";

export async function NotAllowed(props: { session: OperatorSession }) {
  const m = DASHBOARD_MESSAGES[await dashboardLanguage(props.session.operatorLanguage)];
  return (
    <div className="py-10" data-testid="not-allowed">
      <h1 className="font-serif text-2xl text-forest-800">{m.notAllowedTitle}</h1>
      <p className="mt-3" role="alert">
        {m.notAllowedText}
      </p>
    </div>
  );
}
