// The commands of the memorial use cases, in the domain's own words. Each edge (the v1 API, the
// dashboard, the command line) parses its input with its own schema into one of these; a use case
// never sees a wire object. Texts are already trimmed, blanks already null.
import type { ContextKind } from "@memorial/lib/db/generated/enums";
import type { Language } from "@memorial/lib/i18n/languages";

/** The context a request acts for, by kind (contract.md: the most specific one given wins). */
export type ContextIds = Partial<Record<ContextKind, number>>;

export interface NewDeceased {
  firstName: string | null;
  lastName: string | null;
  civility: string | null;
  deathDate: Date;
  deathDateApproximate: boolean;
  birthDate: Date | null;
  /**
   * Where the person died (the person's LieuDeces, as PUT /Personne/Modifier sets it). The API's
   * creation body has no such field (2.2): its command gives null; the dashboard's form may give it.
   */
  placeOfDeath: string | null;
  /** The operator's page about the deceased (4.1 rule 8). */
  url: string | null;
  imageUrl: string | null;
}

interface NewFamily {
  email: string | null;
  name: string | null;
  language: Language | null;
}

/** Where the tree goes (4.1 rules 1 to 4). */
export type PlantingTarget =
  | {
      kind: "new";
      deceased: NewDeceased;
      family: NewFamily | null;
      /** 4.1 rule 7: null for a classic memorial; for an anonymous one, its name (or null). */
      anonymous: { name: string | null } | null;
      /** 4.1 rule 4: wait for the family's confirmation before the first tree. */
      awaitConfirmation: boolean;
    }
  | { kind: "existing"; memorialId: number }
  | { kind: "orphan" };

export interface CreateMemorialCommand {
  target: PlantingTarget;
  context: ContextIds;
  /** 4.1 rule 5: null is 'unknown' in the chosen language. */
  planter: string | null;
  message: string | null;
  /** 4.1 rule 6: the request's language, before the context's and the operator's. */
  language: Language | null;
  externalId: number | null;
  memorialsLot: number | null;
  uEventId: number | null;
  specialEmailType: number | null;
}

/**
 * 4.2: a partial modification. `undefined` leaves a field as it is; `null` clears an optional
 * field (the dashboard's "clear"; the v1 API never clears, rule 4.2.1).
 */
export interface ModifyPersonCommand {
  personId: number;
  externalId?: number | null;
  lastName?: string | null;
  firstName?: string | null;
  civility?: string | null;
  deathDate?: Date;
  placeOfDeath?: string | null;
  birthDate?: Date | null;
  imageUrl?: string | null;
  /** 4.2 rule 3. */
  updateTitles: boolean;
}
