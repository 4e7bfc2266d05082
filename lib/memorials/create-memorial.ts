// POST /v1/Memorials/Creer (4.1): a new memorial, a tree in an existing one, or an orphan tree
// in the operator's global memorial; with AConfirmer, a memorial awaiting the family's
// confirmation and its e-mail. Everything is written in one database transaction.
import { type Tx, transaction } from "@/lib/db/client";
import { DomainError, invalid, notFound } from "@/lib/errors";
import { chooseLanguage, type Language, UNKNOWN_WORD } from "@/lib/i18n/languages";
import { type ContextChain, contextLanguage, epfOf } from "@/lib/operators/contexts";
import type { Caller } from "@/lib/operators/keys";
import { plantTree } from "@/lib/plantings/plant-tree";
import { memorialChanged } from "./cache";
import { issueConfirmation } from "./confirmation-token";
import type { TMemorialsCreer } from "./schemas";

export interface CreateMemorialOptions {
  caller: Caller;
  chain: ContextChain;
  input: TMemorialsCreer;
  /** Base of the confirmation link (see linkBase). */
  appUrl: string;
}

export interface CreateMemorialResult {
  memorialId: number;
  personId: number | null;
  speciesId: number | null;
  plantationId: number | null;
  treeCount: 0 | 1;
  freeTrees: 0 | 1;
  transactionId: number;
  awaitingConfirmation: boolean;
  createdMemorial: boolean;
}

/** A classic memorial's title: given name and family name (contract.md, Memorials). */
export function classicTitle(firstName?: string | null, lastName?: string | null): string {
  return [firstName?.trim(), lastName?.trim()].filter(Boolean).join(" ");
}

const blank = (value: string | null | undefined) => !value?.trim();

/** Checks what the schema cannot: fields required by the kind of request. */
function checkCoherence(input: TMemorialsCreer) {
  const orphan = input.ArbreOrphelin === true;
  const existing = !orphan && (input.MemorialId ?? 0) > 0;
  if (orphan || existing) return;
  // 4.1 rule 9: the date of death is mandatory for a new memorial.
  if (!input.Defunt) throw invalid("Defunt: is required to create a memorial");
  if (!input.Defunt.DateDeces) throw invalid("Defunt.DateDeces: is required");
  if (input.MemorialAnonyme !== true && blank(input.Defunt.Nom) && blank(input.Defunt.Prenom)) {
    throw invalid("Defunt.Nom: is required (or Defunt.Prenom) to name a memorial that is not anonymous");
  }
  if (input.AConfirmer === true && blank(input.Famille?.FamilleEmail)) {
    throw invalid("Famille.FamilleEmail: is required when AConfirmer is true");
  }
  if (input.Defunt.DateNaissance && input.Defunt.DateNaissance > input.Defunt.DateDeces) {
    throw invalid("Defunt.DateNaissance: is after Defunt.DateDeces");
  }
}

export async function createMemorial(options: CreateMemorialOptions): Promise<CreateMemorialResult> {
  const result = await transaction((tx) => createMemorialIn(tx, options));
  memorialChanged(result.memorialId);
  return result;
}

/** The operation inside a given transaction (the idempotent route wraps it with its record). */
export async function createMemorialIn(
  tx: Tx,
  options: CreateMemorialOptions,
): Promise<CreateMemorialResult> {
  const { caller, chain, input } = options;
  checkCoherence(input);
  // 4.1 rule 6: request, then context, then operator.
  const language = chooseLanguage(input.Langue, contextLanguage(chain), caller.operatorLanguage);
  // 4.1 rule 5: a blank planter is 'unknown' in the chosen language.
  const planter = blank(input.DeLaPartDe) ? UNKNOWN_WORD[language] : input.DeLaPartDe!.trim();
  const message = blank(input.Message) ? null : input.Message!.trim();
  const contextId = chain[0]?.id ?? null;
  const epfId = epfOf(chain);
  const common = {
    externalId: input.ExternalId ?? null,
    memorialsLot: input.MemorialsLot ?? null,
    uEventId: input.UEventId ?? null,
    specialEmailType: input.SpecialEmailType ?? null,
  };

  let memorial: { id: number; personId: number | null };
  let created = false;
  let awaiting = false;
  let creationTransactionId: number | null = null;

  if (input.ArbreOrphelin === true) {
    // 4.1 rule 3: MemorialId is ignored; the global memorial is created on first use.
    memorial = await globalMemorial(tx, caller);
  } else if ((input.MemorialId ?? 0) > 0) {
    // 4.1 rule 2: a tree in an existing memorial; AConfirmer is ignored.
    memorial = await existingMemorial(tx, caller, input.MemorialId!);
  } else {
    // 4.1 rule 1: a new memorial.
    awaiting = input.AConfirmer === true;
    const made = await newMemorial(tx, options, language, awaiting);
    memorial = made;
    created = true;
    const creation = await tx.transaction.create({
      data: {
        operatorId: caller.operatorId,
        contextId,
        type: "CreationMemorial",
        memorialId: made.id,
        personId: made.personId,
        treeCount: 0,
        freeTreeCount: 0,
        amount: "0",
        ...common,
        externalId: common.externalId === null ? null : BigInt(common.externalId),
        isTest: caller.isTest,
      },
    });
    creationTransactionId = creation.id;
    if (awaiting) {
      // 4.1 rule 4 and part 3: no tree until the family confirms; the e-mail goes in the outbox.
      await issueConfirmation(tx, {
        memorialId: made.id,
        isTest: caller.isTest,
        to: input.Famille!.FamilleEmail!.trim(),
        language,
        title: made.title,
        operatorName: caller.operatorName,
        appUrl: options.appUrl,
        planting: {
          operatorId: caller.operatorId,
          contextId,
          planter,
          message,
          externalId: common.externalId,
          memorialsLot: common.memorialsLot,
          uEventId: common.uEventId,
        },
      });
      return {
        memorialId: made.id,
        personId: made.personId,
        speciesId: null,
        plantationId: null,
        treeCount: 0,
        freeTrees: 0,
        transactionId: creation.id,
        awaitingConfirmation: true,
        createdMemorial: true,
      };
    }
  }

  const tree = await plantTree(tx, {
    operatorId: caller.operatorId,
    isTest: caller.isTest,
    memorialId: memorial.id,
    personId: memorial.personId,
    contextId,
    epfId,
    planter,
    message,
    ...common,
  });
  return {
    memorialId: memorial.id,
    personId: memorial.personId,
    speciesId: tree.speciesId,
    plantationId: tree.plantationId,
    treeCount: 1,
    freeTrees: tree.free ? 1 : 0,
    // contract.md: the planting's transaction when a tree was planted.
    transactionId: tree.transactionId ?? creationTransactionId,
    awaitingConfirmation: awaiting,
    createdMemorial: created,
  };
}

async function globalMemorial(tx: Tx, caller: Caller) {
  // The partial unique index holds "at most one per operator"; ON CONFLICT waits for a
  // concurrent creator and then finds its row.
  await tx.$executeRaw`
    INSERT INTO "memorial" ("operator_id", "kind", "status", "title", "language", "is_test")
    VALUES (${caller.operatorId}, 'global', 'visible', ${caller.operatorName}, ${caller.operatorLanguage}, false)
    ON CONFLICT ("operator_id") WHERE "kind" = 'global' DO NOTHING`;
  const row = await tx.memorial.findFirst({
    where: { operatorId: caller.operatorId, kind: "global" },
    select: { id: true, personId: true },
  });
  if (!row) throw new DomainError("INVALID_INPUT", "the global memorial could not be created");
  return row;
}

async function existingMemorial(tx: Tx, caller: Caller, id: number) {
  const row = await tx.memorial.findUnique({
    where: { id },
    select: { id: true, personId: true, operatorId: true, status: true, isTest: true },
  });
  // contract.md: another operator's public memorial accepts trees; one that is not public is
  // answered exactly as if it did not exist. A key sees only its own environment's private data.
  const isPublic = row?.status === "visible" && !row.isTest;
  const isOwn = row?.operatorId === caller.operatorId && row.isTest === caller.isTest;
  if (!row || !(isPublic || isOwn)) throw notFound(`MemorialId: memorial ${id} does not exist`);
  // contract.md: a memorial awaiting confirmation has no tree; its first comes with the family's yes.
  if (row.status === "awaiting_confirmation") {
    throw invalid(
      `MemorialId: memorial ${id} awaits its family's confirmation; no tree can be planted in it yet`,
    );
  }
  return { id: row.id, personId: row.personId };
}

async function newMemorial(tx: Tx, options: CreateMemorialOptions, language: Language, awaiting: boolean) {
  const { caller, chain, input } = options;
  const defunt = input.Defunt!;
  const anonymous = input.MemorialAnonyme === true;
  const person = await tx.person.create({
    data: {
      operatorId: caller.operatorId,
      contextId: chain[0]?.id ?? null,
      epfId: epfOf(chain),
      lastName: defunt.Nom?.trim() || null,
      firstName: defunt.Prenom?.trim() || null,
      civility: defunt.Civilite?.trim() || null,
      deathDate: defunt.DateDeces!,
      deathDateApproximate: defunt.DateDecesApproximative === true,
      birthDate: defunt.DateNaissance ?? null,
      imageUrl: defunt.ImageUrl?.trim() || null,
      language,
      isTest: caller.isTest,
    },
  });
  // 4.1 rule 7: MemorialAnonymeNom is used only for an anonymous memorial.
  const anonymousName = anonymous ? input.MemorialAnonymeNom?.trim() || null : null;
  const memorial = await tx.memorial.create({
    data: {
      operatorId: caller.operatorId,
      contextId: chain[0]?.id ?? null,
      kind: anonymous ? "anonymous" : "classic",
      status: awaiting ? "awaiting_confirmation" : "visible",
      title: anonymous ? (anonymousName ?? "") : classicTitle(defunt.Prenom, defunt.Nom),
      anonymousName,
      personId: person.id,
      language,
      // 4.1 rule 8: a blank Url means no link.
      deceasedUrl: defunt.Url?.trim() || null,
      isTest: caller.isTest,
    },
  });
  let title = memorial.title;
  if (anonymous && !anonymousName) {
    // 4.1 rule 7: without MemorialAnonymeNom the shown name is the memorial id.
    title = String(memorial.id);
    await tx.memorial.update({ where: { id: memorial.id }, data: { title } });
  }
  if (input.Famille && (input.Famille.FamilleEmail || input.Famille.FamilleNom || input.Famille.Langue)) {
    await tx.family.create({
      data: {
        memorialId: memorial.id,
        email: input.Famille.FamilleEmail?.trim() || null,
        name: input.Famille.FamilleNom?.trim() || null,
        language: input.Famille.Langue ?? null,
      },
    });
  }
  return { id: memorial.id, personId: person.id, title };
}
