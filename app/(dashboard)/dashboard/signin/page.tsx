// /dashboard/signin: e-mail and password.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LanguageMenu } from "@/components/dashboard/language-menu";
import { SignInForm } from "@/components/dashboard/sign-in-form";
import { getOperatorSession } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  if (await getOperatorSession()) redirect("/dashboard/memorials");
  return (
    <main id="content" className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-10">
      <div className="mb-4 flex justify-end">
        <LanguageMenu />
      </div>
      <SignInForm />
    </main>
  );
}
