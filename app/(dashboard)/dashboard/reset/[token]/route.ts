// The link of a password reset e-mail: GET shows a password field; POST (the page's form) sets
// the new password and consumes the link in one transaction (every session of the user ends), then
// sends the user to the sign-in page. A used or expired link answers 410 Gone, an unknown one 404.

import { lookupPasswordReset, type ResetLookup, resetPassword } from "@memorial/lib/users/password-reset";
import type { NextRequest } from "next/server";
import {
  linkPageLanguage,
  linkRefusal,
  messagesOf,
  passwordLinkRoutes,
  passwordPage,
} from "@/web/dashboard/link-page";

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

export const { GET, POST } = passwordLinkRoutes({
  lookup: lookupPasswordReset,
  own: () => undefined,
  refusal,
  form: (request, found: Extract<ResetLookup, { state: "pending" }>, status, error) =>
    form(request, found.email, status, error),
  crossSiteLabel: (t) => t("resetPageTitle"),
  consume: resetPassword,
  done: "password",
});
