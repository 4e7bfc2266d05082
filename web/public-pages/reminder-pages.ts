// The pages of anniversary reminders, as HTML from route handlers: the answer to the
// memorial page's form, the confirmation link's page (double opt-in) and the unsubscribe link's
// page. Opening a link (GET, as mail scanners do) only shows its page and one button; the button
// (a POST) acts. Every value goes through `html`, which escapes it.

import { html, type SafeHtml } from "@memorial/lib/html";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { AddressSubscription } from "@memorial/lib/reminders/address-page";
import { lookupSubscription, type SubscriptionView } from "@memorial/lib/reminders/subscriptions";
import type { NextRequest } from "next/server";
import { noticeBody, publicDocument } from "./confirm-page";

export type ReminderPageView =
  | { state: "sent" | "active"; memorialId: number }
  | { state: "invalid"; memorialId: number; problems: ("email" | "consent" | "kind" | "host")[] }
  | { state: "unavailable" }
  | { state: "limited"; memorialId: number }
  | { state: "confirm"; token: string; title: string }
  | { state: "confirmed"; title: string; memorialId: number }
  | { state: "unsubscribe"; token: string; title: string }
  | { state: "unsubscribed"; title: string }
  | { state: "cancelled" }
  | {
      state: "mine";
      token: string;
      email: string;
      subscriptions: AddressSubscription[];
      deleted: number | null;
    }
  | { state: "unknown" };

const PROBLEM_KEYS = {
  email: "errorEmail",
  consent: "errorConsent",
  kind: "errorKind",
  host: "errorHost",
} as const;

export function reminderPage(
  view: ReminderPageView,
  language: Language,
  nonce: string,
  path: string,
): string {
  const t = translator(language, "reminders");
  const back = (memorialId: number) =>
    html`<p><a href="${`/memorial/${memorialId}?lang=${language}`}">${t("back")}</a></p>`;
  const action = (token: string, kind: "confirm" | "unsubscribe", label: string) =>
    html`<form method="post" action="${`/reminders/${kind}/${encodeURIComponent(token)}?lang=${language}`}">
      <button type="submit" data-testid="${`reminder-${kind}`}">${label}</button>
    </form>`;
  let title: string;
  let body: SafeHtml;
  switch (view.state) {
    case "sent":
    case "active":
      title = view.state === "sent" ? t("sentTitle") : t("activeTitle");
      body = html`<h1>${title}</h1><p role="status" data-testid="reminder-result">${
        view.state === "sent" ? t("sentText") : t("activeText")
      }</p>${back(view.memorialId)}`;
      break;
    case "invalid":
      title = t("errorTitle");
      body = html`<h1>${title}</h1><ul data-testid="reminder-problems">${view.problems.map(
        (problem) => html`<li>${t(PROBLEM_KEYS[problem])}</li>`,
      )}</ul>${back(view.memorialId)}`;
      break;
    case "limited":
      title = t("limitedTitle");
      body = html`<h1>${title}</h1><p role="alert" data-testid="reminder-limited">${t("limitedText")}</p>${back(
        view.memorialId,
      )}`;
      break;
    case "unavailable":
      title = t("unavailableTitle");
      body = noticeBody(title, t("unavailableText"));
      break;
    case "confirm":
      title = t("confirmPageTitle");
      body = html`<h1>${title}</h1><p>${t("confirmPageText", { title: view.title })}</p>${action(
        view.token,
        "confirm",
        t("confirmButton"),
      )}`;
      break;
    case "confirmed":
      title = t("confirmedTitle");
      body = html`<h1>${title}</h1><p role="status" data-testid="reminder-result">${t("confirmedText", {
        title: view.title,
      })}</p>${back(view.memorialId)}`;
      break;
    case "unsubscribe":
      title = t("unsubscribeTitle");
      body = html`<h1>${title}</h1><p>${t("unsubscribeText", { title: view.title })}</p>${action(
        view.token,
        "unsubscribe",
        t("unsubscribeButton"),
      )}`;
      break;
    case "unsubscribed":
      title = t("unsubscribedTitle");
      body = html`<h1>${title}</h1><p role="status" data-testid="reminder-result">${t("unsubscribedText", {
        title: view.title,
      })}</p>`;
      break;
    case "mine":
      title = t("mineTitle");
      body = minePage(view, language, t);
      break;
    case "cancelled":
      title = t("unknownTitle");
      body = noticeBody(title, t("cancelledText"));
      break;
    default:
      title = t("unknownTitle");
      body = noticeBody(title, t("unknownText"));
      break;
  }
  return publicDocument(title, body, language, nonce, path);
}

/**
 * The address's subscriptions, each with a button that deletes it, and one that deletes
 * them all; after a deletion, how many went.
 */
function minePage(
  view: Extract<ReminderPageView, { state: "mine" }>,
  language: Language,
  t: ReturnType<typeof translator<"reminders">>,
): SafeHtml {
  const action = `/reminders/mine/${encodeURIComponent(view.token)}?lang=${language}`;
  const remove = (value: string, label: string, testId: string) =>
    html`<form method="post" action="${action}"><input type="hidden" name="subscription" value="${value}"><button type="submit" data-testid="${testId}">${label}</button></form>`;
  const kinds = (row: AddressSubscription) =>
    [...(row.deathAnniversary ? [t("kindDeath")] : []), ...(row.birthday ? [t("kindBirthday")] : [])].join(
      ", ",
    );
  const deleted =
    view.deleted === null
      ? html``
      : html`<p role="status" data-testid="mine-deleted">${t("mineDeleted", { n: view.deleted })}</p>`;
  const list =
    view.subscriptions.length === 0
      ? html`<p data-testid="mine-none">${t("mineNone")}</p>`
      : html`<ul data-testid="mine-list">${view.subscriptions.map(
          (row) =>
            html`<li data-subscription="${String(row.id)}"><p><a href="${`/memorial/${row.memorialId}?lang=${language}`}">${row.title}</a>: ${kinds(row)}${
              row.confirmed ? html`` : html` (${t("mineWaiting")})`
            }</p>${remove(String(row.id), t("mineDelete"), "mine-delete")}</li>`,
        )}</ul>${remove("all", t("mineDeleteAll"), "mine-delete-all")}`;
  return html`<h1>${t("mineTitle")}</h1>${deleted}<p>${t("mineIntro", { email: view.email })}</p>${list}`;
}

/** The answer of a reminder link (confirm, unsubscribe): the page in the subscriber's language. */
export function reminderPageResponse(
  request: NextRequest,
  view: ReminderPageView,
  status: number,
  language?: string | null,
) {
  const lang = secretLinkLanguage(request, language);
  return secretLinkPage(reminderPage(view, lang, requestNonce(request), request.nextUrl.pathname), status);
}

/**
 * The GET of a subscription's link (confirm, unsubscribe): reads only, as mail scanners open
 * links. An unknown link is the 404 page; `show` answers for the subscription it names.
 */
export function subscriptionLinkPage(
  show: (request: NextRequest, token: string, found: SubscriptionView) => Response,
) {
  return async (request: NextRequest, context: { params: Promise<{ token: string }> }) => {
    const { token } = await context.params;
    const found = await lookupSubscription(token);
    if (!found) return reminderPageResponse(request, { state: "unknown" }, 404);
    return show(request, token, found);
  };
}
