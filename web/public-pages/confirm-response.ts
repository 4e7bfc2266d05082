// The confirmation link's answers (app/confirm/[token]/route.ts and its decline route): the page
// in the family's language (or the one asked for), and the same-origin rule of their forms.
import { fromThisSite } from "@memorial/lib/http/same-origin";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import type { NextRequest } from "next/server";
import { type ConfirmView, confirmPage } from "./confirm-page";

export function page(
  request: NextRequest,
  view: ConfirmView,
  status: number,
  memorialLanguage?: string | null,
) {
  const language = secretLinkLanguage(request, memorialLanguage);
  return secretLinkPage(
    confirmPage(view, language, requestNonce(request), request.nextUrl.pathname.replace(/\/decline$/, "")),
    status,
  );
}

/**
 * A confirmation must come from our own page: a browser's cross-site POST (Sec-Fetch-Site or an
 * Origin of another host) is refused. A client without those headers is not a browser that
 * could be tricked, and it still needs the secret token.
 */
export const fromOurOwnPage = (request: NextRequest) => fromThisSite(request, { originRequired: false });
