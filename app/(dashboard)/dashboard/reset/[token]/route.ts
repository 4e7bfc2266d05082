// The link of a password reset e-mail: GET shows a password field; POST (the page's form) sets
// the new password and consumes the link in one transaction (every session of the user ends), then
// sends the user to the sign-in page. A used or expired link answers 410 Gone, an unknown one 404.
import type { NextRequest } from "next/server";
import {
  linkPage,
  linkPageLanguage,
  linkRefusal,
  messagesOf,
  passwordError,
  passwordForm,
  postedPassword,
  toSignIn,
} from "@/components/dashboard/link-page";
import { DomainError } from "@/lib/errors";
import { fromThisSite } from "@/lib/http/same-origin";
import { fill } from "@/lib/i18n/dashboard-messages";
import { lookupPasswordReset, resetPassword } from "@/lib/users/password-reset";

type Context = { params: Promise<{ token: string }> };

function refusal(request: NextRequest, state: "used" | "expired" | "unknown") {
  const language = linkPageLanguage(request);
  const m = messagesOf(language);
  const title =
    state === "used" ? m.resetUsedTitle : state === "expired" ? m.resetExpiredTitle : m.resetUnknownTitle;
  return linkRefusal(request, language, title, m.resetAgainText, state === "unknown" ? 404 : 410, {
    href: "/dashboard/forgot",
    label: m.forgotTitle,
  });
}

function form(request: NextRequest, email: string, status: number, error?: string) {
  const language = linkPageLanguage(request);
  const m = messagesOf(language);
  const body = passwordForm({
    m,
    title: m.resetPageTitle,
    intro: fill(m.resetPageIntro, { email }),
    submit: m.resetPageSubmit,
    action: `${request.nextUrl.pathname}${request.nextUrl.search}`,
    email,
    error: error ? passwordError(m, error) : null,
  });
  return linkPage(request, language, m.resetPageTitle, body, status);
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
    const m = messagesOf(language);
    return linkRefusal(request, language, m.linkRefusedTitle, m.linkRefusedText, 403, {
      href: request.nextUrl.pathname,
      label: m.resetPageTitle,
    });
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
