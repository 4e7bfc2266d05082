// A guestbook author's withdrawal link (/guestbook/withdraw/{token}), from the e-mail
// sent when they left their address with their message (lib/guestbook/withdraw-entry.ts). GET and
// HEAD only show the message and a button (mail scanners open links); the button's POST, from this
// site's own page (Fetch Metadata, then Origin), withdraws it and answers the page that says so.
// An expired link answers 410, an unknown or used one 404; neither changes anything.
import { lookupWithdrawal, withdrawGuestbookEntry } from "@memorial/lib/guestbook/withdraw-entry";
import { publicForm } from "@memorial/lib/http/public-form";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import type { Language } from "@memorial/lib/i18n/languages";
import type { NextRequest } from "next/server";
import { guestbookWithdrawPage, type WithdrawPageView } from "@/web/public-pages/guestbook-withdraw-page";

type Context = { params: Promise<{ token: string }> };

function page(request: NextRequest, view: WithdrawPageView, status: number, fallback?: Language) {
  const language = secretLinkLanguage(request, fallback);
  return secretLinkPage(
    guestbookWithdrawPage(view, language, requestNonce(request), request.nextUrl.pathname),
    status,
  );
}

// GET /guestbook/withdraw/{token}: the message and the button. Reads only (HEAD too).
export async function GET(request: NextRequest, context: Context) {
  const { token } = await context.params;
  const found = await lookupWithdrawal(token);
  if (found.state === "unknown") return page(request, { state: "unknown" }, 404);
  if (found.state === "expired") return page(request, { state: "expired" }, 410, found.language);
  return page(
    request,
    { state: "confirm", token, title: found.title, authorName: found.authorName, message: found.message },
    200,
    found.language,
  );
}

// POST /guestbook/withdraw/{token}: withdraws the message, from this site's own page.
export const POST = publicForm(
  {
    // Who acts, for the audit log: a visitor of the public pages (no account).
    actor: { kind: "visitor" },
    origin: "if-present",
    form: false,
    refuse: (refusal, ctx) =>
      refusal.why === "origin"
        ? ctx.render(guestbookWithdrawPage, { state: "refused" }, 403)
        : ctx.render(guestbookWithdrawPage, { state: "unknown" }, 404),
  },
  async (ctx) => {
    const outcome = await withdrawGuestbookEntry(ctx.params.token);
    if (outcome === "unknown") return ctx.render(guestbookWithdrawPage, { state: "unknown" }, 404);
    if (outcome === "expired") return ctx.render(guestbookWithdrawPage, { state: "expired" }, 410);
    return ctx.render(guestbookWithdrawPage, { state: "withdrawn" }, 200);
  },
);
