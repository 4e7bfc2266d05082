// /dashboard/signin: e-mail and password, the way to a forgotten password, and the word of what
// just happened (?done=account after an invitation, ?done=password after a reset).

import { translator } from "@memorial/lib/i18n/translate";
import { redirect } from "next/navigation";
import { LanguageMenu } from "@/components/dashboard/language-menu";
import { DashboardLink } from "@/components/dashboard/links";
import { SignInForm } from "@/components/dashboard/sign-in-form";
import { getOperatorSession } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("signIn");

export default async function SignInPage(props: {
  searchParams: Promise<Record<string, string | string[]>>;
}) {
  if (await getOperatorSession()) redirect("/dashboard/memorials");
  const t = translator(await dashboardLanguage(), "dashboard");
  const done = (await props.searchParams).done;
  const notice =
    done === "account" ? t("accountCreated") : done === "password" ? t("passwordWasReset") : null;
  return (
    <main id="content" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <div className="mb-4 flex justify-end">
        <LanguageMenu />
      </div>
      {notice ? (
        <p role="status" className="mb-4 rounded border border-forest-600 bg-forest-50 p-3">
          {notice}
        </p>
      ) : null}
      <SignInForm />
      <p className="mt-4 text-center">
        <DashboardLink href="/dashboard/forgot">{t("forgotPassword")}</DashboardLink>
      </p>
    </main>
  );
}
