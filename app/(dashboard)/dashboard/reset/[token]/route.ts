// The link of a password reset e-mail: GET shows a password field; POST (the page's form) sets
// the new password and consumes the link in one transaction (every session of the user ends), then
// sends the user to the sign-in page. A used or expired link answers 410 Gone, an unknown one 404.
import type { NextRequest } from "next/server";
import {
  crossSiteRefusal,
  linkPageLanguage,
  linkRefusal,
  messagesOf,
  passwordPage,
  postedPassword,
  toSignIn,
} from "@/components/dashboard/link-page";
import { DomainError } from "@/lib/errors";
import { fromThisSite } from "@/lib/http/same-origin";
import { lookupPasswordReset, resetPassword } from "@/lib/users/password-reset";

type Context = { params: Promise<{ token: string }> };

function refusal(request: NextRequest, state: "used" | "expired" | "unknown") {
  const language = linkPageLanguage(request);
  const t = messagesOf(language);
  const title =
    state === "used"
      ? t("resetUsedTitle")
      : state === "expired"
        ? t("resetExpiredTitle")
        : t("resetUnknownTitle");
  return linkRefusal(request, language, title, t("resetAgainText"), state === "unknown" ? 404 : 410, {
    href: "/dashboard/forgot",
    label: t("forgotTitle"),
  });
}

function form(request: NextRequest, email: string, status: number, error?: string) {
  const language = linkPageLanguage(request);
  const t = messagesOf(language);
  const page = {
    title: t("resetPageTitle"),
    intro: t("resetPageIntro", { email }),
    submit: t("resetPageSubmit"),
    email,
  };
  return passwordPage(request, language, page, status, error);
}

export async function GET(request: NextRequest, context: Context) {
  const { token } = await context.params;
  const found = await lookupPasswordReset(token);
  return found.state === "pending" ? form(request, found.email, 200) : refusal(request, found.state);
}

export async function POST(request: NextRequest, context: Context) {
  const { token } = await context.params;
  const found = await lookupPasswordReset(token);
  if (found.state !== "pending") return refusal(request, found.state);
  if (!fromThisSite(request, { originRequired: false })) {
    const language = linkPageLanguage(request);
    return crossSiteRefusal(request, language, messagesOf(language)("resetPageTitle"));
  }
  const password = await postedPassword(request);
  try {
    const result = await resetPassword(token, password);
    if (!result.ok) return refusal(request, result.reason);
  } catch (error) {
    if (error instanceof DomainError && error.problem?.field === "password") {
      return form(request, found.email, 400, error.problem.reason);
    }
    throw error;
  }
  return toSignIn("password", linkPageLanguage(request));
}
