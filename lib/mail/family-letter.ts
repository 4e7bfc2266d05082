// Who writes to a memorial's family, in which language, about whom: read once here for the
// e-mail consumers and for the dashboard's preview, so that the preview is the e-mail sent.
import type { db, Tx } from "@memorial/lib/db/client";
import { familyLanguage, requesterName } from "@memorial/lib/memorials/family";
import { displayTitle, showsDeceased, type TitledMemorial } from "@memorial/lib/memorials/policy";
import type { FamilyLetter } from "./confirmation-email";

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
