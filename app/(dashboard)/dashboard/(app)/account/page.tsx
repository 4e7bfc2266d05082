// /dashboard/account: who is signed in, and the change of password.

import { translator } from "@memorial/lib/i18n/translate";
import { MIN_PASSWORD_LENGTH } from "@memorial/lib/users/create-user";
import { PasswordForm } from "@/components/dashboard/password-form";
import { requireOperator } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("navAccount");

export default async function AccountPage() {
  const session = await requireOperator();
  const t = translator(await dashboardLanguage(session.operatorLanguage), "dashboard");
  return (
    <>
      <h1 className="mb-4 font-serif text-2xl text-forest-800 sm:text-3xl">{t("accountTitle")}</h1>
      <p className="mb-6">{t("signedInAs", { email: session.email, operator: session.operatorName })}</p>
      <PasswordForm minLength={MIN_PASSWORD_LENGTH} />
    </>
  );
}
