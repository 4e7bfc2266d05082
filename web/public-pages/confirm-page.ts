// The family's confirmation page, as HTML from a route handler: only a route handler can answer
// 410 Gone for a used or expired link. Every value goes through `html`, which escapes it.
import { html, SafeHtml } from "@memorial/lib/html";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { formatMoment } from "@memorial/lib/memorials/public-page";

export type ConfirmView =
  | {
      state: "pending";
      token: string;
      title: string;
      operatorName: string;
      familyName: string | null;
      expiresAt: Date;
    }
  | { state: "used"; memorialId: number }
  | { state: "expired" }
  /** Closed as not confirmed (its link expired, or the family declined it). */
  | { state: "closed"; reason: "expired" | "declined" }
  /** The family has just declined the memorial. */
  | { state: "declined" }
  | { state: "unknown" }
  | { state: "refused" };

// A constant of this file, never user input: trusted as HTML.
const STYLESHEET = new SafeHtml(`
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f7f2;color:#1c1917;line-height:1.5}
header{background:#fff;border-bottom:1px solid #dcebdf}
header div,main{max-width:40rem;margin:0 auto;padding:.75rem 1rem}
header div{display:flex;justify-content:space-between;align-items:center;flex-wrap:wrap;gap:.5rem}
header a.site{font-family:Georgia,"Times New Roman",serif;font-size:1.125rem;color:#1b4027;text-decoration:none}
nav ul{display:flex;gap:.25rem;list-style:none;margin:0;padding:0}
nav a{display:block;padding:.25rem .5rem;border-radius:.25rem;color:#1b4027;text-transform:uppercase;font-size:.875rem}
nav a[aria-current]{background:#1b4027;color:#fff;font-weight:700;text-decoration:none}
main{padding:2rem 1rem 4rem}
h1{font-family:Georgia,"Times New Roman",serif;color:#1b4027;font-size:2rem;line-height:1.2;margin:0 0 1rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem;color:#112a19}
dl{background:#fff;border:1px solid #dcebdf;border-radius:.75rem;padding:1rem;margin:0;display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{color:#44403c}dd{margin:0;font-weight:600;overflow-wrap:anywhere}
button{margin-top:1.5rem;width:100%;font:inherit;font-size:1.125rem;font-weight:700;color:#fff;background:#1b4027;border:0;border-radius:.75rem;padding:1rem;cursor:pointer}
button:hover{background:#112a19}
button.secondary{margin-top:.5rem;width:auto;font-size:1rem;padding:.5rem 1rem;background:#fff;color:#1b4027;border:2px solid #1b4027}
button.secondary:hover{background:#dcebdf}
.done{background:#dcebdf;border-left:4px solid #245533;padding:.75rem 1rem;border-radius:.5rem}
ul.messages{list-style:none;padding:0;margin:0;display:grid;gap:.75rem}
ul.messages li{background:#fff;border:1px solid #dcebdf;border-radius:.75rem;padding:.75rem 1rem}
blockquote{margin:.25rem 0;white-space:pre-line;font-family:Georgia,"Times New Roman",serif}
:focus-visible{outline:3px solid #b45309;outline-offset:2px}
.note{color:#44403c;font-size:.875rem}
a{color:#245533}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}
nav.parts{background:#fff;border:1px solid #dcebdf;border-radius:.75rem;padding:.75rem 1rem;margin:1rem 0}
nav.parts h2{margin:0 0 .5rem}
nav.parts ul{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.25rem .75rem}
nav.parts a{text-transform:none;font-size:1rem;padding:.625rem .25rem;min-height:44px;border-radius:.25rem}
section[id]{scroll-margin-top:1rem}
form.fields label{display:block;font-weight:600;margin-top:.75rem}
form.fields input,form.fields textarea{display:block;width:100%;font:inherit;padding:.5rem;border:1px solid #a8a29e;border-radius:.5rem;background:#fff}
form.fields [aria-invalid]{border:2px solid #b91c1c}
.refused{background:#fef2f2;border-left:4px solid #b91c1c;padding:.75rem 1rem;border-radius:.5rem}
.field-error{color:#991b1b;font-size:.875rem;font-weight:600;margin:.25rem 0 0}
`);

export function confirmPage(view: ConfirmView, language: Language, nonce: string, path: string): string {
  const m = translator(language, "page");
  const { title, body } = confirmBody(view, language);
  return publicDocument(title, body, language, nonce, path, m);
}

function confirmBody(view: ConfirmView, language: Language): { title: string; body: SafeHtml } {
  const m = translator(language, "page");
  let title: string;
  let body: SafeHtml;
  switch (view.state) {
    case "pending":
      title = m("confirmTitle");
      body = html`
        <h1>${m("confirmTitle")}</h1>
        <p>${m("confirmIntro", { operator: view.operatorName })}</p>
        <h2>${m("confirmWhat")}</h2>
        <dl>
          <dt>${m("confirmMemorial")}</dt><dd data-testid="confirm-title">${view.title}</dd>
          <dt>${m("confirmRequestedBy")}</dt><dd data-testid="confirm-requested-by">${view.operatorName}</dd>
          ${view.familyName ? html`<dt>${m("confirmFamily")}</dt><dd>${view.familyName}</dd>` : ""}
        </dl>
        <p>${m("confirmEffect")}</p>
        <form method="post" action="${`/confirm/${encodeURIComponent(view.token)}?lang=${language}`}">
          <button type="submit">${m("confirmButton")}</button>
        </form>
        <p class="note">${m("confirmExpires", { date: formatMoment(view.expiresAt, language, true) })}</p>
        <form id="decline" method="post" action="${`/confirm/${encodeURIComponent(view.token)}/decline?lang=${language}`}">
          <p class="note">${m("confirmDeclineIntro")}</p>
          <button type="submit" class="secondary" data-testid="confirm-decline">${m("confirmDeclineButton")}</button>
        </form>`;
      break;
    case "used":
      title = m("confirmUsedTitle");
      body = html`
        <h1>${m("confirmUsedTitle")}</h1>
        <p>${m("confirmUsedText")}</p>
        <p><a href="${`/memorial/${view.memorialId}?lang=${language}`}">${m("confirmUsedLink")}</a></p>`;
      break;
    case "expired":
      title = m("confirmExpiredTitle");
      body = noticeBody(title, m("confirmExpiredText"));
      break;
    case "declined":
      title = m("confirmDeclinedTitle");
      body = noticeBody(title, m("confirmDeclinedText"), "confirm-declined");
      break;
    case "closed":
      title = m("confirmClosedTitle");
      body = noticeBody(
        title,
        m(view.reason === "declined" ? "confirmClosedDeclinedText" : "confirmClosedExpiredText"),
        "confirm-closed",
      );
      break;
    case "unknown":
      title = m("confirmUnknownTitle");
      body = noticeBody(title, m("confirmUnknownText"));
      break;
    case "refused":
      title = m("confirmRefusedTitle");
      body = noticeBody(title, m("confirmRefusedText"));
      break;
  }
  return { title, body };
}

/** The body of a page that only says what became of a link: its title over one paragraph. */
export function noticeBody(title: string, text: string, testId?: string): SafeHtml {
  return html`<h1>${title}</h1><p${testId ? html` data-testid="${testId}"` : ""}>${text}</p>`;
}

/** The page around a body: header with the site's name and the language links, the styles. */
export function publicDocument(
  title: string,
  body: SafeHtml,
  language: Language,
  nonce: string,
  path: string,
  m = translator(language, "page"),
): string {
  const languages = LANGUAGES.map(
    (l) =>
      html`<li><a href="${`${path}?lang=${l}`}" hreflang="${l}" lang="${l}"${
        l === language ? html` aria-current="true"` : ""
      }><span aria-hidden="true">${l}</span><span class="sr-only">${LANGUAGE_NAMES[l]}</span></a></li>`,
  );
  return html`<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · ${m("siteName")}</title>
<style nonce="${nonce}">${STYLESHEET}</style>
</head>
<body>
<header><div><a class="site" href="/">${m("siteName")}</a>
<nav aria-label="${m("languageSwitch")}"><ul>${languages}</ul></nav></div></header>
<main id="content">${body}</main>
</body>
</html>`.value;
}
