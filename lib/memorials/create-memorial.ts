// 4.1 Create a memorial or plant a tree: a new memorial, a tree in an existing one, or an orphan
// tree in the operator's global memorial; with a confirmation, a memorial awaiting its family
// (its e-mail follows from the event). The context is resolved and the Idempotency-Key honoured
// here, so every edge gets both; everything is written in one database transaction with its events.
// The partners' most frequent call writes only SQL, without the ORM (lib/db/raw.ts).
import { type ChangeRecorder, withSqlEvents } from "@memorial/lib/changes/record";
import { Prisma } from "@memorial/lib/db/client";
import type { SqlClient } from "@memorial/lib/db/raw";
import { DomainError, invalid, notFound } from "@memorial/lib/errors";
import type { ConfirmationRequest } from "@memorial/lib/events/payloads";
import { chooseLanguage, type Language, UNKNOWN_WORD } from "@memorial/lib/i18n/languages";
import { type ContextChain, contextLanguage, epfOf, resolveContext } from "@memorial/lib/operators/contexts";
import type { Caller } from "@memorial/lib/operators/keys";
import { plantedPayload, plantTree, recordTreePlanted } from "@memorial/lib/plantings/plant-tree";
import { isTestEnvironment } from "@memorial/lib/scope";
import type { CreateMemorialCommand, NewDeceased, PlantingTarget } from "./commands";
import { checkDeathDate } from "./death-date";
import { mergedInto, recordDuplicates } from "./duplicates";
import { claimIdempotencyKey, type IdempotencyKey, rememberResult } from "./idempotency";
import { classicTitle, memorialsVisibleToSql } from "./policy";

export interface CreateMemorialOptions {
  caller: Caller;
  command: CreateMemorialCommand;
  /**
   * Base address of the links written for this request (the confirmation e-mail); null when the
   * request's host may not name them (a creation that sends no link: its events carry none, and
   * their readers fall back to an earlier event's or the service's own, lib/webhooks/consumer.ts baseOf).
   */
  linkBase: string | null;
  idempotency?: IdempotencyKey;
}

export interface CreateMemorialResult {
  /** The context acted for, the most specific first. */
  chain: ContextChain;
  memorialId: number;
  personId: number | null;
  speciesId: number | null;
  plantationId: number | null;
  treeCount: 0 | 1;
  freeTrees: 0 | 1;
  transactionId: number;
  awaitingConfirmation: boolean;
  createdMemorial: boolean;
  /** When it was done (ISO 8601): a replay gives the first request's moment. */
  at: string;
  /** True when this is the stored result of an earlier request with the same Idempotency-Key. */
  replayed: boolean;
  /**
   * The memorial this request created, as written (its public address is known without
   * reading it back); absent when the memorial existed before.
   */
  created?: {
    status: "visible" | "awaiting_confirmation";
    isTest: boolean;
    hiddenAt: null;
    language: Language;
  };
}

type Planting = Parameters<typeof plantTree>[1];

export async function createMemorial(options: CreateMemorialOptions): Promise<CreateMemorialResult> {
  const { caller, command } = options;
  checkCoherence(command.target);
  const chain = await resolveContext(caller.operatorId, command.context);
  try {
    const result = await withSqlEvents(async (tx, changes) => {
      if (options.idempotency) {
        const stored = await claimIdempotencyKey<CreateMemorialResult>(tx, caller, options.idempotency);
        if (stored) return { ...stored, replayed: true };
      }
      const result = await plant(tx, changes, options, chain);
      if (options.idempotency) await rememberResult(tx, caller, options.idempotency.key, result);
      return result;
    });
    if (result.createdMemorial && !result.replayed) await recordDuplicates(result.memorialId);
    return result;
  } catch (error) {
    if (error instanceof DomainError) error.context ??= chain;
    throw error;
  }
}

/** What the schema of an edge cannot check alone: fields required by the kind of planting. */
function checkCoherence(target: PlantingTarget) {
  if (target.kind !== "new") return;
  const { deceased, family } = target;
  if (!target.anonymous && !deceased.lastName && !deceased.firstName) {
    throw invalid(
      "the deceased's family name (or given name) is required to name a memorial that is not anonymous",
      {
        field: "deceased.lastName",
        reason: "required-for-classic",
      },
    );
  }
  if (target.awaitConfirmation && !family?.email) {
    throw invalid("the family's e-mail address is required when the family must confirm", {
      field: "family.email",
      reason: "required-for-confirmation",
    });
  }
  checkDeathDate(deceased.deathDate, "deceased.deathDate");
  if (deceased.birthDate && deceased.birthDate > deceased.deathDate) {
    throw invalid("the date of birth is after the date of death", {
      field: "deceased.birthDate",
      reason: "after-death",
    });
  }
}

async function plant(
  tx: SqlClient,
  changes: ChangeRecorder,
  options: CreateMemorialOptions,
  chain: ContextChain,
): Promise<CreateMemorialResult> {
  const { caller, command } = options;
  const target = command.target;
  // 4.1 rule 6: request, then context, then operator.
  const language = chooseLanguage(command.language, contextLanguage(chain), caller.operatorLanguage);
  const contextId = chain[0]?.id ?? null;
  const planting: Omit<Planting, "memorialId" | "personId"> = {
    operatorId: caller.operatorId,
    isTest: isTestEnvironment(caller.environment),
    contextId,
    epfId: epfOf(chain),
    // 4.1 rule 5: a blank planter is 'unknown' in the chosen language.
    planter: command.planter ?? UNKNOWN_WORD[language],
    message: command.message,
    externalId: command.externalId,
    memorialsLot: command.memorialsLot,
    uEventId: command.uEventId,
    specialEmailType: command.specialEmailType,
  };

  let memorial: { id: number; personId: number | null };
  let creationTransactionId: number | null = null;
  if (target.kind === "orphan") {
    // 4.1 rule 3: MemorialId is ignored; the global memorial is created on first use.
    const global = await globalMemorial(tx, changes, caller);
    memorial = global;
    creationTransactionId = global.creationTransactionId;
  } else if (target.kind === "existing") {
    // 4.1 rule 2: a tree in an existing memorial; AConfirmer is ignored.
    memorial = await existingMemorial(tx, caller, target.memorialId);
  } else {
    // 4.1 rule 1: a new memorial, with its person, family and CreationMemorial transaction.
    const made = await newMemorial(tx, caller, chain, target, language, planting);
    creationTransactionId = made.creationTransactionId;
    memorial = made;
    if (target.awaitConfirmation) {
      // 4.1 rule 4 and part 3: no tree until the family confirms; the e-mail follows the event.
      if (options.linkBase === null) {
        throw new DomainError("INTERNAL", "a creation awaiting confirmation was given no base for its link");
      }
      const confirmation: ConfirmationRequest = {
        linkBase: options.linkBase,
        planting: {
          operatorId: caller.operatorId,
          contextId,
          planter: planting.planter,
          message: planting.message,
          externalId: planting.externalId === null ? null : Number(planting.externalId),
          memorialsLot: planting.memorialsLot,
          uEventId: planting.uEventId,
        },
      };
      await changes.record({
        kind: "memorial.created",
        target: { type: "memorial", id: made.id },
        ...plantingAudit(caller, "memorial.created", made.id, { status: "awaiting_confirmation", target }),
        event: {
          isTest: isTestEnvironment(caller.environment),
          payload: { awaitingConfirmation: true, confirmation },
        },
      });
      return {
        chain,
        memorialId: made.id,
        personId: made.personId,
        speciesId: null,
        plantationId: null,
        treeCount: 0,
        freeTrees: 0,
        transactionId: creationTransactionId,
        awaitingConfirmation: true,
        createdMemorial: true,
        at: new Date().toISOString(),
        replayed: false,
        created: { status: "awaiting_confirmation", isTest: planting.isTest, hiddenAt: null, language },
      };
    }
  }

  const tree = await plantTree(tx, { ...planting, memorialId: memorial.id, personId: memorial.personId });
  const isTest = isTestEnvironment(caller.environment);
  const done = {
    status: "visible",
    target,
    treeId: tree.treeId,
    speciesId: tree.speciesId,
    planter: planting.planter,
  };
  if (target.kind === "new") {
    // One row for the new memorial with its first tree; its two events, the memorial's first.
    await changes.record({
      kind: "memorial.created",
      target: { type: "memorial", id: memorial.id },
      ...plantingAudit(caller, "memorial.created", memorial.id, done),
      event: { isTest, payload: { awaitingConfirmation: false, ...linkBaseOf(options) } },
    });
    await changes.record({
      kind: "event.tree.planted",
      operatorId: caller.operatorId,
      memorialId: memorial.id,
      event: { isTest, payload: { ...plantedPayload(tree), ...linkBaseOf(options) } },
    });
  } else {
    await recordTreePlanted(changes, tree, {
      ...plantingAudit(caller, "tree.planted", memorial.id, done),
      isTest,
      payload: linkBaseOf(options),
    });
  }
  return {
    chain,
    memorialId: memorial.id,
    personId: memorial.personId,
    speciesId: tree.speciesId,
    plantationId: tree.plantationId,
    treeCount: 1,
    freeTrees: tree.free ? 1 : 0,
    // contract.md: the planting's transaction when a tree was planted.
    transactionId: tree.transactionId ?? creationTransactionId,
    awaitingConfirmation: false,
    createdMemorial: target.kind === "new" || creationTransactionId !== null,
    at: new Date().toISOString(),
    replayed: false,
    ...(target.kind === "new"
      ? { created: { status: "visible" as const, isTest: planting.isTest, hiddenAt: null, language } }
      : {}),
  };
}

/** The audit row of a planting (but its target): the new memorial (with its first tree), or the tree planted. */
function plantingAudit(
  caller: Caller,
  action: "memorial.created" | "tree.planted",
  memorialId: number,
  done: { status: string; target: PlantingTarget; treeId?: number; speciesId?: number; planter?: string },
) {
  const { target } = done;
  return {
    operatorId: caller.operatorId,
    memorialId,
    after: {
      ...(action === "memorial.created"
        ? {
            status: done.status,
            kind: target.kind === "new" ? (target.anonymous ? "anonymous" : "classic") : "global",
          }
        : {}),
      ...(done.treeId === undefined
        ? {}
        : { treeId: done.treeId, speciesId: done.speciesId, planter: done.planter }),
    },
  };
}

/**
 * The link base an event carries, when the request has one: the base of the memorial's address in
 * webhooks (APP_URL, else the request's host).
 */
const linkBaseOf = (options: CreateMemorialOptions) =>
  options.linkBase === null ? {} : { linkBase: options.linkBase };

/** contract.md: a transaction is written for the creation of every memorial, the global one too. */
async function recordCreation(
  tx: SqlClient,
  caller: Pick<Caller, "operatorId" | "environment">,
  contextId: number | null,
  memorial: { id: number; personId: number | null },
  planting: Omit<Planting, "memorialId" | "personId">,
): Promise<number> {
  const [creation] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id", "tree_count",
      "free_tree_count", "amount", "external_id", "memorials_lot", "u_event_id", "special_email_type", "is_test")
    VALUES (${caller.operatorId}, ${contextId}, 'CreationMemorial'::"TransactionType", ${memorial.id},
      ${memorial.personId}, 0, 0, 0, ${planting.externalId === null ? null : BigInt(planting.externalId)},
      ${planting.memorialsLot}, ${planting.uEventId}, ${planting.specialEmailType}, ${isTestEnvironment(caller.environment)})
    RETURNING "id"`;
  return creation.id;
}

/**
 * The operator's global memorial of the caller's environment, created on first use. A test key's
 * orphan trees go to the test one and never touch the live one. The partial unique index holds "at
 * most one per operator" (and environment); ON CONFLICT waits for a concurrent creator.
 */
export async function globalMemorial(
  tx: SqlClient,
  changes: ChangeRecorder,
  caller: Pick<Caller, "operatorId" | "operatorName" | "operatorLanguage" | "environment">,
) {
  const inserted = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO "memorial" ("operator_id", "kind", "status", "title", "language", "is_test")
    VALUES (${caller.operatorId}, 'global', 'visible', ${classicTitle(caller.operatorName)},
            ${caller.operatorLanguage}, ${isTestEnvironment(caller.environment)})
    ON CONFLICT ("operator_id", "is_test") WHERE "kind" = 'global' DO NOTHING
    RETURNING "id"`;
  if (inserted.length > 0) {
    const id = inserted[0].id;
    const creationTransactionId = await recordCreation(
      tx,
      caller,
      null,
      { id, personId: null },
      {
        operatorId: caller.operatorId,
        isTest: isTestEnvironment(caller.environment),
        contextId: null,
        epfId: null,
        planter: "",
        message: null,
        externalId: null,
        memorialsLot: null,
        uEventId: null,
        specialEmailType: null,
      },
    );
    // The operator's global memorial, made for a planting: the planting's row says it.
    await changes.record({
      kind: "event.memorial.created",
      operatorId: caller.operatorId,
      memorialId: id,
      event: {
        isTest: isTestEnvironment(caller.environment),
        payload: { awaitingConfirmation: false, global: true },
      },
    });
    return { id, personId: null, creationTransactionId };
  }
  const [row] = await tx.$queryRaw<{ id: number; person_id: number | null }[]>`
    SELECT "id", "person_id" FROM "memorial"
    WHERE "operator_id" = ${caller.operatorId} AND "kind" = 'global' AND "is_test" = ${isTestEnvironment(caller.environment)}
    LIMIT 1`;
  // Neither inserted nor found: an incoherence of the service, not of the request (500).
  if (!row) throw new DomainError("INTERNAL", "the operator's global memorial could not be created");
  return { id: row.id, personId: row.person_id, creationTransactionId: null };
}

/** What a planting reads of the memorial it plants in. */
interface PlantedMemorial {
  id: number;
  person_id: number | null;
  status: string;
  merged_into_id: number | null;
  erased_at: Date | null;
}

const plantedMemorialSql = (where: Prisma.Sql) => Prisma.sql`
  SELECT m."id", m."person_id", m."status"::text AS "status", m."merged_into_id", m."erased_at"
  FROM "memorial" m WHERE ${where}`;

async function existingMemorial(tx: SqlClient, caller: Caller, id: number) {
  // The memorial is held (FOR SHARE) until the tree is written: a merge (lib/duplicates/
  // merge-memorials.ts locks both memorials FOR UPDATE first) waits for this planting and then
  // moves its tree too, or has committed, and the read below finds the memorial merged away and
  // plants in the kept one. Without it a tree planted during a merge stayed in the memorial merged
  // away, shown nowhere. Plantings do not wait for each other (the lock is shared).
  await tx.$queryRaw`SELECT 1 AS "held" FROM "memorial" WHERE "id" = ${id} FOR SHARE`;
  // contract.md: another operator's public memorial accepts trees; one that is not public is
  // answered exactly as if it did not exist (the memorial policy decides).
  const [found] = await tx.$queryRaw<PlantedMemorial[]>(
    plantedMemorialSql(Prisma.sql`m."id" = ${id} AND ${memorialsVisibleToSql(caller)}`),
  );
  // The operator's memorial merged into another: its tree goes to the kept one.
  const keptId = found?.merged_into_id ? await mergedInto(tx, found.id) : null;
  const row = keptId
    ? (await tx.$queryRaw<PlantedMemorial[]>(plantedMemorialSql(Prisma.sql`m."id" = ${keptId}`)))[0]
    : found;
  if (!row) {
    throw notFound(`memorial ${id} does not exist`, { field: "target.memorialId", reason: "not-found" });
  }
  // contract.md: a memorial awaiting confirmation has no tree; its first comes with the family's yes.
  if (row.status === "awaiting_confirmation") {
    throw new DomainError(
      "AWAITING_CONFIRMATION",
      `memorial ${id} awaits its family's confirmation; no tree can be planted in it yet`,
      { field: "target.memorialId", reason: "awaiting-confirmation" },
    );
  }
  // A memorial closed as not confirmed, or erased at its family's request, shows no tree any more:
  // a tree planted there would be paid for and seen nowhere.
  if (row.status === "expired" || row.erased_at !== null) {
    throw invalid(
      `memorial ${id} is closed (${row.status === "expired" ? "never confirmed by its family" : "erased at its family's request"}); no tree can be planted in it`,
      { field: "target.memorialId", reason: "closed" },
    );
  }
  return { id: row.id, personId: row.person_id };
}

/**
 * The person, the memorial, the family and the CreationMemorial transaction of a new memorial, in
 * one statement (one round trip to PostgreSQL).
 */
async function newMemorial(
  tx: SqlClient,
  caller: Caller,
  chain: ContextChain,
  target: Extract<PlantingTarget, { kind: "new" }>,
  language: Language,
  planting: Omit<Planting, "memorialId" | "personId">,
) {
  const deceased: NewDeceased = target.deceased;
  // 4.1 rule 7: MemorialAnonymeNom is used only for an anonymous memorial, whose title never
  // carries the deceased's name (displayTitle names it).
  const anonymousName = target.anonymous?.name ?? null;
  const [row] = await tx.$queryRaw<{ id: number; person_id: number; transaction_id: number }[]>(
    newMemorialSql({
      operatorId: caller.operatorId,
      contextId: chain[0]?.id ?? null,
      epfId: epfOf(chain),
      isTest: isTestEnvironment(caller.environment),
      language,
      deceased,
      kind: target.anonymous ? "anonymous" : "classic",
      status: target.awaitConfirmation ? "awaiting_confirmation" : "visible",
      title: target.anonymous ? (anonymousName ?? "") : classicTitle(deceased.firstName, deceased.lastName),
      anonymousName,
      family: target.family,
      creation: {
        externalId: planting.externalId === null ? null : BigInt(planting.externalId),
        memorialsLot: planting.memorialsLot,
        uEventId: planting.uEventId,
        specialEmailType: planting.specialEmailType,
      },
    }),
  );
  return { id: row.id, personId: row.person_id, creationTransactionId: row.transaction_id };
}

/** What a new memorial's statement writes (newMemorialSql). */
interface NewMemorialRow {
  operatorId: number;
  contextId: number | null;
  epfId: number | null;
  isTest: boolean;
  language: Language;
  deceased: NewDeceased;
  kind: "classic" | "anonymous";
  status: "visible" | "awaiting_confirmation";
  title: string;
  anonymousName: string | null;
  family: Extract<PlantingTarget, { kind: "new" }>["family"];
  /** The CreationMemorial transaction's references. */
  creation: Pick<Planting, "memorialsLot" | "uEventId" | "specialEmailType"> & { externalId: bigint | null };
}

/**
 * The statement of newMemorial, returning the memorial's, the person's and the transaction's ids.
 * @public The benchmark's floor (scripts/bench/http/bare-creer.mjs) sends it too, imported from the
 * compiled package, where knip does not follow it.
 */
export function newMemorialSql(row: NewMemorialRow): Prisma.Sql {
  const { deceased, family, creation } = row;
  const withFamily = Boolean(family && (family.email || family.name || family.language));
  return Prisma.sql`
    WITH p AS (
      INSERT INTO "person" ("operator_id", "context_id", "epf_id", "last_name", "first_name", "civility",
        "death_date", "death_date_approximate", "birth_date", "place_of_death", "image_url", "language", "is_test")
      VALUES (${row.operatorId}, ${row.contextId}, ${row.epfId}, ${deceased.lastName}, ${deceased.firstName},
        ${deceased.civility}, ${deceased.deathDate}, ${deceased.deathDateApproximate}, ${deceased.birthDate},
        ${deceased.placeOfDeath}, ${deceased.imageUrl}, ${row.language}, ${row.isTest})
      RETURNING "id"),
    m AS (
      INSERT INTO "memorial" ("operator_id", "context_id", "kind", "status", "title", "anonymous_name",
        "person_id", "language", "deceased_url", "is_test")
      SELECT ${row.operatorId}, ${row.contextId},
        ${row.kind}::"MemorialKind",
        ${row.status}::"MemorialStatus",
        ${row.title}, ${row.anonymousName}, p."id", ${row.language}, ${deceased.url}, ${row.isTest}
      FROM p
      RETURNING "id", "person_id"),
    f AS (
      INSERT INTO "family" ("memorial_id", "email", "name", "language")
      SELECT m."id", ${family?.email ?? null}, ${family?.name ?? null}, ${family?.language ?? null}
      FROM m WHERE ${withFamily}
      RETURNING 1),
    t AS (
      INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id", "tree_count",
        "free_tree_count", "amount", "external_id", "memorials_lot", "u_event_id", "special_email_type", "is_test")
      SELECT ${row.operatorId}, ${row.contextId}, 'CreationMemorial'::"TransactionType", m."id", m."person_id", 0, 0, 0,
        ${creation.externalId}, ${creation.memorialsLot}, ${creation.uEventId}, ${creation.specialEmailType}, ${row.isTest}
      FROM m
      RETURNING "id")
    SELECT m."id", m."person_id", t."id" AS "transaction_id" FROM m, t`;
}
