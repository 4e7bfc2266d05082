// Who writes to a memorial's family, in which language, about whom: read once here for the
// e-mail consumers and for the dashboard's preview, so that the preview is the e-mail sent; and
// the words every letter to a family shares (greeting, signature, footer).
import type { db, Tx } from "@memorial/lib/db/client";
import type { Language } from "@memorial/lib/i18n/languages";
import { t as text, translator } from "@memorial/lib/i18n/translate";
import { inline } from "@memorial/lib/mail/kit/text";
import { familyLanguage, requesterName } from "@memorial/lib/memorials/family";
import { displayTitle, showsDeceased, type TitledMemorial } from "@memorial/lib/memorials/policy";

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

/**
 * The words shared by the family's e-mails, with the names made inline: the greeting, and the
 * Layout's language, signature (the funeral home's) and footer (signedLayout).
 */
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
    layout: signedLayout(letter.language, requester, t("closing")),
  };
}

/**
 * The Layout's language, signature and footer of an e-mail the requester signs (a family's letter,
 * a visitor's receipt, a guestbook author's withdraw link): its closing words above the requester's
 * name, and the footer that names the site and the requester. `requester` is already inline.
 */
export function signedLayout(language: Language, requester: string, closing: string) {
  return {
    language,
    signature: { closing, name: requester },
    footer: translator(language, "email")("footer", { site: text(language, "page.siteName"), requester }),
  };
}

/** What a memorial read must include for familyLetter(). */
export const FAMILY_LETTER_INCLUDE = {
  family: true,
  operator: { select: { name: true } },
  // The deceased's names, for a title in initials (displayTitle).
  person: { select: { firstName: true, lastName: true } },
} as const;

export interface LetterMemorial extends TitledMemorial {
  operatorId: number;
  contextId: number | null;
  language: string;
  family: { name: string | null; language: string | null } | null;
  operator: { name: string };
}

/**
 * The letter of a memorial to its family. `contextId`: the context the family is asked for (a
 * waiting planting's), by default the memorial's own.
 */
export async function familyLetter(
  client: Tx | typeof db,
  memorial: LetterMemorial,
  contextId: number | null = memorial.contextId,
): Promise<FamilyLetter> {
  const language = familyLanguage(memorial);
  const title = displayTitle(memorial, language);
  return {
    language,
    title,
    deceasedName: showsDeceased(memorial.kind) ? title : null,
    familyName: memorial.family?.name?.trim() || null,
    requester: await requesterName(client, {
      operatorId: memorial.operatorId,
      contextId,
      operatorName: memorial.operator.name,
    }),
  };
}
