// The family's daily digest of the guestbook messages waiting for its approval (issue 21.3), in
// the family's language (lib/memorials/family.ts familyLanguage), as a letter from the funeral
// home like the family's other e-mails. The visitors' words are escaped in the HTML version.
import { escapeHtml } from "@memorial/lib/html";
import { translator } from "@memorial/lib/i18n/translate";
import type { FamilyLetter } from "@memorial/lib/mail/confirmation-email";
import { cut } from "@memorial/lib/memorials/policy";

export interface DigestEntry {
  authorName: string;
  message: string;
}

const inline = (text: string) => text.replace(/[\r\n]+/g, " ").trim();

export function guestbookDigestEmail(letter: FamilyLetter & { entries: DigestEntry[] }) {
  const t = translator(letter.language, "guestbook");
  const email = translator(letter.language, "email");
  const family = letter.familyName ? inline(letter.familyName) : "";
  const greeting = family ? email("greeting", { family }) : email("greetingNoName");
  const title = inline(letter.title);
  const requester = inline(letter.requester);
  const n = letter.entries.length;
  const intro = t("digestIntro", { n, title });
  const howTo = t("digestHowTo");
  const closing = email("closing");
  const text = [
    greeting,
    intro,
    ...letter.entries.map((e) => `${inline(e.authorName)}:\n${e.message}`),
    howTo,
    `${closing}\n${requester}`,
  ].join("\n\n");
  const html = `<!doctype html><html lang="${letter.language}"><body style="font-family:Georgia,serif;color:#1c1917;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${letter.entries
  .map(
    (e) =>
      `<p><strong>${escapeHtml(inline(e.authorName))}</strong></p><blockquote style="white-space:pre-line">${escapeHtml(e.message)}</blockquote>`,
  )
  .join("\n")}
<p>${escapeHtml(howTo)}</p>
<p>${escapeHtml(closing)}<br>${escapeHtml(requester)}</p>
</body></html>`;
  return { subject: cut(t("digestSubject", { n, title }), 400), text: `${text}\n`, html };
}
