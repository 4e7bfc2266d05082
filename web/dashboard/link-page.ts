// The pages of the dashboard's e-mailed links (an invitation, a password reset) as HTML from route
// handlers: only a route handler can answer 410 Gone for a used or expired link and 404 for an
// unknown one. They work without JavaScript (a plain form posted to the same address). Every value
// goes through `html`, which escapes it; the words come from the dashboard's catalogue.

import { DomainError } from "@memorial/lib/errors";
import { html, SafeHtml } from "@memorial/lib/html";
import { fromThisSite } from "@memorial/lib/http/same-origin";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import type { Language } from "@memorial/lib/i18n/languages";
import { type DashboardTranslator, translator } from "@memorial/lib/i18n/translate";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "@memorial/lib/users/create-user";
import type { NextRequest } from "next/server";
import { LANGUAGE_COOKIE } from "@/web/dashboard/language";
import { publicDocument } from "@/web/public-pages/confirm-page";

// A constant of this file, never user input: trusted as HTML.
const FORM_STYLES = new SafeHtml(`
form{background:#fff;border:1px solid #dcebdf;border-radius:.75rem;padding:1rem}
label{display:block;font-weight:600}
input[hidden]{display:none}
input{display:block;width:100%;font:inherit;margin-top:.25rem;padding:.6rem .75rem;border:1px solid #78716c;border-radius:.375rem}
.error{background:#fef2f2;border-left:4px solid #b91c1c;padding:.75rem 1rem;border-radius:.5rem;color:#7f1d1d}
`);

/** The language of a link's page: ?lang=, else the link's own (the invitation's), else the dashboard's. */
export function linkPageLanguage(request: NextRequest, own?: string | null): Language {
  return secretLinkLanguage(request, own, request.cookies.get(LANGUAGE_COOKIE)?.value);
}

export function messagesOf(language: Language) {
  return translator(language, "dashboard");
}

/** A whole page answer, never cached, its token never sent to another site. */
function linkPage(request: NextRequest, language: Language, title: string, body: SafeHtml, status: number) {
  const nonce = requestNonce(request);
  const withStyles = html`<style nonce="${nonce}">${FORM_STYLES}</style>${body}`;
  return secretLinkPage(publicDocument(title, withStyles, language, nonce, request.nextUrl.pathname), status);
}

/** A page that only says why the link does not work (and where to go next). */
export function linkRefusal(
  request: NextRequest,
  language: Language,
  title: string,
  text: string,
  status: number,
  next: { href: string; label: string },
) {
  const body = html`<h1>${title}</h1><p>${text}</p><p><a href="${next.href}">${next.label}</a></p>`;
  return linkPage(request, language, title, body, status);
}

/** The page of a link whose form sets a password (an invitation, a reset), with a refused password's message. */
export function passwordPage(
  request: NextRequest,
  language: Language,
  page: { title: string; intro: string; submit: string; email: string },
  status: number,
  error?: string,
) {
  const t = messagesOf(language);
  const body = passwordForm({
    t,
    ...page,
    action: `${request.nextUrl.pathname}${request.nextUrl.search}`,
    error: error ? passwordError(t, error) : null,
  });
  return linkPage(request, language, page.title, body, status);
}

/** A link's form posted from another site: refused (403), with a way back to the link's own page. */
function crossSiteRefusal(request: NextRequest, language: Language, label: string) {
  const t = messagesOf(language);
  return linkRefusal(request, language, t("linkRefusedTitle"), t("linkRefusedText"), 403, {
    href: request.nextUrl.pathname,
    label,
  });
}

/** The form that sets a password: one field with the rules of lib/users/create-user.ts. */
function passwordForm(input: {
  t: DashboardTranslator;
  title: string;
  intro: string;
  submit: string;
  action: string;
  email: string;
  error?: string | null;
}): SafeHtml {
  const { t } = input;
  const error = input.error ? html`<p class="error" role="alert" id="password-error">${input.error}</p>` : "";
  return html`<h1>${input.title}</h1>
<p>${input.intro}</p>
${error}<form method="post" action="${input.action}">
<input type="email" name="username" value="${input.email}" autocomplete="username" readonly hidden>
<label for="password">${t("newPassword")}</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${MIN_PASSWORD_LENGTH}" maxlength="${MAX_PASSWORD_LENGTH}" aria-describedby="password-hint${input.error ? " password-error" : ""}">
<p class="note" id="password-hint">${t("newPasswordHint", { min: MIN_PASSWORD_LENGTH })}</p>
<button type="submit">${input.submit}</button>
</form>`;
}

/** The password field of a posted form (a bounded body: a form, not an upload). */
async function postedPassword(request: NextRequest): Promise<string> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > 16_384) return "";
  try {
    const form = await request.formData();
    const value = form.get("password");
    return typeof value === "string" ? value : "";
  } catch {
    return "";
  }
}

/** The message of a refused password, in the page's language. */
function passwordError(t: DashboardTranslator, reason: string | undefined): string {
  return reason === "too-long" ? t("passwordTooLong") : t("passwordTooShort", { min: MIN_PASSWORD_LENGTH });
}

/**
 * The answer to a form that worked: 303 to the sign-in page (which says what happened), in the
 * language of the page the person used (the dashboard's language cookie, as the language menu sets).
 */
function toSignIn(done: "account" | "password", language: Language): Response {
  const headers = new Headers({ Location: `/dashboard/signin?done=${done}`, "Cache-Control": "no-store" });
  headers.append(
    "Set-Cookie",
    `${LANGUAGE_COOKIE}=${language}; Path=/dashboard; Max-Age=${365 * 86400}; SameSite=Lax; HttpOnly`,
  );
  return new Response(null, { status: 303, headers });
}

type LinkContext = { params: Promise<{ token: string }> };

/**
 * GET and POST of an e-mailed password link (an invitation, a password reset): GET
 * (and HEAD, as e-mail scanners do) reads only and shows the form or the link's refusal; POST
 * refuses a spent link, then a form from another site, then sets the password (`consume`, one
 * transaction) and sends the person to the sign-in page; a refused password shows the form again.
 */
type Pending<L> = Extract<L, { state: "pending" }>;

export function passwordLinkRoutes<L extends { state: string }, Reason extends string>(spec: {
  lookup: (token: string) => Promise<L>;
  /** The link's own language (an invitation's), if it has one. */
  own: (found: L) => string | undefined;
  refusal: (
    request: NextRequest,
    state: Exclude<L, { state: "pending" }>["state"] | Reason,
    own?: string,
  ) => Response;
  form: (request: NextRequest, found: Pending<L>, status: number, error?: string) => Response;
  /** The words of the button that posts the form again, on a refusal of another site's form. */
  crossSiteLabel: (t: DashboardTranslator) => string;
  consume: (token: string, password: string) => Promise<{ ok: true } | { ok: false; reason: Reason }>;
  done: "account" | "password";
}) {
  const isPending = (found: L): found is Pending<L> => found.state === "pending";
  const refuse = (request: NextRequest, found: L) =>
    spec.refusal(request, found.state as Exclude<L, { state: "pending" }>["state"], spec.own(found));
  return {
    async GET(request: NextRequest, context: LinkContext) {
      const { token } = await context.params;
      const found = await spec.lookup(token);
      return isPending(found) ? spec.form(request, found, 200) : refuse(request, found);
    },
    async POST(request: NextRequest, context: LinkContext) {
      const { token } = await context.params;
      const found = await spec.lookup(token);
      if (!isPending(found)) return refuse(request, found);
      if (!fromThisSite(request, { originRequired: false })) {
        const language = linkPageLanguage(request, spec.own(found));
        return crossSiteRefusal(request, language, spec.crossSiteLabel(messagesOf(language)));
      }
      const password = await postedPassword(request);
      try {
        const result = await spec.consume(token, password);
        if (!result.ok) return spec.refusal(request, result.reason, spec.own(found));
      } catch (error) {
        if (error instanceof DomainError && error.problem?.field === "password") {
          return spec.form(request, found, 400, error.problem.reason);
        }
        throw error;
      }
      // 303: the browser follows with a GET to the sign-in page, which says what happened.
      return toSignIn(spec.done, linkPageLanguage(request, spec.own(found)));
    },
  };
}
