// /dashboard/forgot: "Forgot your password?" The answer is the same whether or not the address
// has an account (lib/users/password-reset.ts).

import { translator } from "@memorial/lib/i18n/translate";
import type { Metadata } from "next";
import { ForgotPasswordForm } from "@/components/dashboard/forgot-password-form";
import { LanguageMenu } from "@/components/dashboard/language-menu";
import { dashboardLanguage } from "@/web/dashboard/language";

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await dashboardLanguage(), "dashboard")("forgotTitle") };
}

export default function ForgotPasswordPage() {
  return (
    <main id="content" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <div className="mb-4 flex justify-end">
        <LanguageMenu />
      </div>
      <ForgotPasswordForm />
    </main>
  );
}
