// The link of an invitation e-mail: GET shows the invitation and a password field; POST (the
// page's form) creates the user and consumes the invitation in one transaction, then sends the
// new user to the sign-in page. A used or expired (or withdrawn) invitation answers 410 Gone, an
// unknown one 404; neither creates anything.

import type { Language } from "@memorial/lib/i18n/languages";
import { acceptInvitation, type InvitationLookup, lookupInvitation } from "@memorial/lib/users/team";
import type { NextRequest } from "next/server";
import {
  linkPageLanguage,
  linkRefusal,
  messagesOf,
  passwordLinkRoutes,
  passwordPage,
} from "@/web/dashboard/link-page";

const SIGN_IN = "/dashboard/signin";

function refusal(request: NextRequest, state: "used" | "expired" | "unknown" | "user-exists", own?: string) {
  const language = linkPageLanguage(request, own);
  const t = messagesOf(language);
  const signIn = { href: SIGN_IN, label: t("signIn") };
  if (state === "used")
    return linkRefusal(request, language, t("inviteUsedTitle"), t("inviteUsedText"), 410, signIn);
  if (state === "user-exists")
    return linkRefusal(request, language, t("inviteExistsTitle"), t("inviteExistsText"), 409, signIn);
  if (state === "expired")
    return linkRefusal(request, language, t("inviteExpiredTitle"), t("inviteExpiredText"), 410, signIn);
  return linkRefusal(request, language, t("inviteUnknownTitle"), t("inviteUnknownText"), 404, signIn);
}

function form(
  request: NextRequest,
  found: Extract<InvitationLookup, { state: "pending" }>,
  status: number,
  error?: string,
) {
  const language: Language = linkPageLanguage(request, found.language);
  const t = messagesOf(language);
  const page = {
    title: t("invitePageTitle", { operator: found.operatorName }),
    intro: t("invitePageIntro", {
      operator: found.operatorName,
      role: t(`roleWord_${found.role}`),
      email: found.email,
    }),
    submit: t("invitePageSubmit"),
    email: found.email,
  };
  return passwordPage(request, language, page, status, error);
}

const own = (found: InvitationLookup) => ("language" in found ? found.language : undefined);

export const { GET, POST } = passwordLinkRoutes({
  lookup: lookupInvitation,
  own,
  refusal,
  form,
  crossSiteLabel: (t) => t("invitePageSubmit"),
  consume: acceptInvitation,
  done: "account",
});
