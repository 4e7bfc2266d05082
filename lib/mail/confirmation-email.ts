// The e-mails to a family, in the four languages: the one that asks to confirm a memorial, and the
// one that carries the link of the management page (/manage/{token}). They read as a letter from
// the funeral home (whoever asked: lib/memorials/family.ts): a greeting, a word of condolence, what
// is asked and what happens next, a signature. One vocabulary per language, shared with the
// confirmation page and the memorial page: mémorial, gedenkpagina, memorial, Gedenkseite. These
// functions are the only place the texts are written: the outbox stores what they return, and the
// dashboard's preview shows what they return (lib/dashboard/emails.ts). Their words are the email.*
// texts of the catalogues (lib/i18n/catalogues).
import { escapeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { t as text, translator } from "@memorial/lib/i18n/translate";
import { cut } from "@memorial/lib/memorials/policy";

/** outgoing_email.subject is VARCHAR(400): a subject is cut to fit, whatever the title. */
export const SUBJECT_MAX = 400;

/** Who writes to whom, about which memorial: the same for every e-mail to a family. */
export interface FamilyLetter {
  language: Language;
  /** The memorial's shown title (displayTitle). */
  title: string;
  /** The deceased's name when the memorial may name them (a classic memorial), else null. */
  deceasedName: string | null;
  /** Famille.FamilleNom, to greet the family by it. */
  familyName: string | null;
  /** Who asks, as the confirmation page names them: the funeral home, else the operator. */
  requester: string;
}

/** French elides "de" before a vowel ("d'Anne Lambert", "de Marie Dupont"): the catalogue's
 * {deceasedInitial, select, vowel {…} other {…}} is told which. */
export const initial = (name: string) => (/^[aeiouyàâäéèêëîïôöùûü]/i.test(name) ? "vowel" : "other");

const BUTTON_STYLE = "background:#245533;color:#fff;padding:10px 16px;text-decoration:none;border-radius:6px";
export const NOTE_STYLE = "color:#57534e";

/** A name inside a sentence stays on its line (a stored name could hold a line break). */
export const inline = (text: string) => text.replace(/[\r\n]+/g, " ").trim();
export const oneLine = (text: string) => cut(inline(text), SUBJECT_MAX);

/** The words shared by both e-mails: greeting, signature, footer, with the names made inline. */
export function letterParts(letter: FamilyLetter) {
  const t = translator(letter.language, "email");
  const requester = inline(letter.requester);
  const family = letter.familyName ? inline(letter.familyName) || null : null;
  const deceased = letter.deceasedName ? inline(letter.deceasedName) || null : null;
  return {
    t,
    requester,
    title: inline(letter.title),
    deceased,
    greeting: family ? t("greeting", { family }) : t("greetingNoName"),
    footer: t("footer", { site: text(letter.language, "page.siteName"), requester }),
  };
}

/** A paragraph of the text version: a line of its own, then a blank line. */
export type Block = { text: string; html: string };

export const para = (text: string, style?: string): Block => ({
  text,
  html: `<p${style ? ` style="${style}"` : ""}>${escapeHtml(text)}</p>`,
});

export const button = (label: string, link: string): Block => ({
  text: `${label}: ${link}`,
  html: `<p><a href="${escapeHtml(link)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a></p>`,
});

export const signature = (closing: string, requester: string): Block => ({
  text: `${closing}\n${requester}`,
  html: `<p>${escapeHtml(closing)}<br>${escapeHtml(requester)}</p>`,
});

export function render(language: Language, blocks: Block[]) {
  const text = `${blocks.map((b) => b.text).join("\n\n")}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Georgia,serif;color:#1c1917;line-height:1.5">
${blocks.map((b) => b.html).join("\n")}
</body></html>`;
  return { text, html };
}

/** The e-mail that asks the family to confirm a memorial, with its management link. */
export function confirmationEmail(
  input: FamilyLetter & {
    link: string;
    /** Days the confirmation link is valid (CONFIRMATION_TTL_DAYS). */
    days: number;
    /** The family's management link, sent with the confirmation (/manage/{token}). */
    manageLink?: string;
  },
) {
  const { t, requester, title, deceased, greeting, footer } = letterParts(input);
  const blocks: Block[] = [
    para(greeting),
    para(
      deceased ? t("condolence", { deceased, deceasedInitial: initial(deceased) }) : t("condolenceNoName"),
    ),
    para(
      deceased
        ? t("ask", { requester, deceased, deceasedInitial: initial(deceased) })
        : t("askNoName", { requester }),
    ),
    button(t("button"), input.link),
    para(t("valid", { days: input.days }), NOTE_STYLE),
  ];
  if (input.manageLink) {
    blocks.push({
      text: `${t("manageLine")}\n${t("manageButton")}: ${input.manageLink}`,
      html: `<p style="${NOTE_STYLE}">${escapeHtml(t("manageLine"))} <a href="${escapeHtml(input.manageLink)}">${escapeHtml(t("manageButton"))}</a></p>`,
    });
  }
  blocks.push(para(t("ignore"), NOTE_STYLE), signature(t("closing"), requester), para(footer, NOTE_STYLE));
  return {
    subject: oneLine(t("subject", { title, titleInitial: initial(title) })),
    ...render(input.language, blocks),
  };
}

/** The "manage your memorial" e-mail the operator sends from its dashboard. */
export function manageEmail(input: FamilyLetter & { link: string; days: number }) {
  const { t, requester, title, deceased, greeting, footer } = letterParts(input);
  const blocks: Block[] = [
    para(greeting),
    para(
      deceased
        ? t("manageCondolence", { deceased, deceasedInitial: initial(deceased) })
        : t("manageCondolenceNoName"),
    ),
    para(t("manageBody", { requester, title, titleInitial: initial(title) })),
    button(t("manageButton"), input.link),
    para(t("manageKeep", { days: input.days }), NOTE_STYLE),
    signature(t("closing"), requester),
    para(footer, NOTE_STYLE),
  ];
  return {
    subject: oneLine(t("manageSubject", { title, titleInitial: initial(title) })),
    ...render(input.language, blocks),
  };
}
