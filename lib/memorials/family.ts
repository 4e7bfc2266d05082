// What the family of a memorial is told, and by whom: the rules shared by the family's e-mails
// (lib/mail), its confirmation and management pages (app/confirm, app/manage) and the dashboard's
// preview of those e-mails, so that all of them speak the same language and name the same sender.
import type { db, Prisma, Tx } from "@memorial/lib/db/client";
import { isLanguage, type Language } from "@memorial/lib/i18n/languages";

/**
 * The family's language: Famille.Langue when the request gave one (the dashboard's "Family's
 * language"), else the memorial's language (4.1 rule 6: the request's Langue, then the context's,
 * then the operator's). The memorial's public page keeps its own rule (the memorial's language);
 * what is addressed to the family (its e-mails, the confirmation and management pages) uses this.
 */
export function familyLanguage(memorial: {
  language: string;
  family?: { language: string | null } | null;
}): Language {
  const own = memorial.family?.language;
  if (isLanguage(own)) return own;
  return isLanguage(memorial.language) ? memorial.language : "fr";
}

/**
 * Who asks the family, by the name the family knows: the context the memorial (or its waiting
 * planting) is made for, such as the funeral home or its agency, else the operator. The
 * confirmation page and the e-mails name the same one.
 */
export async function requesterName(
  client: Tx | typeof db,
  input: { operatorId: number; contextId: number | null; operatorName: string },
): Promise<string> {
  if (input.contextId === null) return input.operatorName;
  const context = await client.context.findFirst({
    where: { id: input.contextId, operatorId: input.operatorId },
    select: { name: true },
  });
  return context?.name?.trim() || input.operatorName;
}

/** The Prisma select of what a document for the family reads: its language, and who asks it. */
export const FAMILY_SENDER_SELECT = {
  language: true,
  operatorId: true,
  contextId: true,
  operator: { select: { name: true } },
  family: { select: { language: true } },
} as const satisfies Prisma.MemorialSelect;
