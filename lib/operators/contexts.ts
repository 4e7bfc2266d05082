// The hierarchy of contexts inside an operator (contract.md, "Operators, contexts and keys"):
// GroupeEpf > Epf > EpfAgence; GroupePresse > Titre > TitreEdition; Assurance; GroupeMaisonRepos.
import { db, type Tx } from "@memorial/lib/db/client";
import type { ContextKind, MemorialPrivacy } from "@memorial/lib/db/generated/enums";
import { invalid, notFound } from "@memorial/lib/errors";
import { EVENT_CHANNEL, type EventSignal, noticeOf, publishLocal } from "@memorial/lib/events/events";
import { CONTEXT_KINDS, ID_FIELD, PARENT_KIND } from "./context-kinds";

export { CONTEXT_KINDS, ID_FIELD, PARENT_KIND };

export interface ContextNode {
  id: number;
  kind: ContextKind;
  name: string;
  language: string | null;
  parentId: number | null;
}

/** A context with its ancestors, the most specific first. Empty: the operator as a whole. */
export type ContextChain = ContextNode[];

export async function createContext(
  input: {
    operatorId: number;
    kind: ContextKind;
    name: string;
    parentId?: number | null;
    language?: string | null;
    /** Issue 21.2: the privacy of its memorials until their family chooses (null: public). */
    defaultPrivacy?: MemorialPrivacy | null;
  },
  client: Tx | typeof db = db,
) {
  const operator = await client.operator.findUnique({ where: { id: input.operatorId } });
  if (!operator) throw notFound(`operator ${input.operatorId} does not exist`);
  if (input.parentId) {
    const parent = await client.context.findFirst({
      where: { id: input.parentId, operatorId: input.operatorId },
    });
    if (!parent) throw notFound(`parent context ${input.parentId} is not a context of this operator`);
    const expected = PARENT_KIND[input.kind];
    if (expected !== parent.kind) {
      throw invalid(
        expected
          ? `the parent of a ${input.kind} must be a ${expected}, not a ${parent.kind}`
          : `a ${input.kind} has no parent`,
      );
    }
  }
  return client.context.create({
    data: {
      operatorId: input.operatorId,
      kind: input.kind,
      name: input.name,
      parentId: input.parentId || null,
      language: input.language ?? null,
      defaultPrivacy: input.defaultPrivacy ?? null,
    },
  });
}

/**
 * Issue 21.2: a funeral home's (any context's) default privacy for its memorials, and its
 * descendants' that choose none, until the family chooses: "public", "link_only", or null (public).
 */
export async function setContextDefaultPrivacy(
  operatorId: number,
  contextId: number,
  defaultPrivacy: MemorialPrivacy | null,
) {
  const context = await db.context.findFirst({ where: { id: contextId, operatorId } });
  if (!context) throw notFound(`context ${contextId} is not a context of operator ${operatorId}`);
  await db.context.update({ where: { id: contextId }, data: { defaultPrivacy } });
  // The pages of the memorials that follow this default change (noindex): every process drops them
  // from its caches at once (a signal without an event row, as for the catalogue).
  const memorials = await db.$queryRaw<{ id: number }[]>`
    SELECT m."id" FROM "memorial" m
    LEFT JOIN "context" c1 ON c1."id" = m."context_id"
    LEFT JOIN "context" c2 ON c2."id" = c1."parent_id"
    WHERE m."privacy" IS NULL AND ${contextId} IN (c1."id", c1."parent_id", c2."parent_id")`;
  const ids = memorials.map((m) => m.id);
  for (let i = 0; i < ids.length; i += SIGNAL_IDS) {
    const signal: EventSignal = {
      type: "catalogue.changed",
      operatorId,
      memorialIds: ids.slice(i, i + SIGNAL_IDS),
    };
    await db.$executeRaw`SELECT pg_notify(${EVENT_CHANNEL}, ${noticeOf([signal])})`;
    publishLocal([signal]);
  }
  return { id: contextId, defaultPrivacy };
}

/** Memorial ids per signal: a NOTIFY payload stays under PostgreSQL's 8,000 bytes. */
const SIGNAL_IDS = 500;

/**
 * Loads a context and its ancestors (at most 5), in one statement: a report or a planting reads
 * its funeral home's chain on every request, and one round trip per level cost 2-3 per request.
 * A context of another operator is not found, and neither is an ancestor of another operator.
 */
export async function loadChain(
  client: Tx | typeof db,
  operatorId: number,
  contextId: number | null,
): Promise<ContextChain> {
  if (!contextId) return [];
  return client.$queryRaw<ContextChain>`
    WITH RECURSIVE "chain" AS (
      SELECT c."id", c."kind", c."name", c."language", c."parent_id", 1 AS "depth"
      FROM "context" c WHERE c."id" = ${contextId} AND c."operator_id" = ${operatorId}
      UNION ALL
      SELECT p."id", p."kind", p."name", p."language", p."parent_id", "chain"."depth" + 1
      FROM "context" p JOIN "chain" ON p."id" = "chain"."parent_id"
      WHERE p."operator_id" = ${operatorId} AND "chain"."depth" < 5
    )
    SELECT "id", "kind"::text AS "kind", "name", "language", "parent_id" AS "parentId"
    FROM "chain" ORDER BY "depth"`;
}

/**
 * Resolves the Contexte of a request: the most specific id given is the context acted for; every
 * other id given must be one of its ancestors, and all must belong to the operator.
 */
export async function resolveContext(
  operatorId: number,
  ids: Partial<Record<ContextKind, number>>,
): Promise<ContextChain> {
  const given = CONTEXT_KINDS.filter((kind) => (ids[kind] ?? 0) !== 0).map((kind) => ({
    kind,
    id: ids[kind] as number,
  }));
  if (given.length === 0) return [];
  const rows = await db.context.findMany({
    where: { id: { in: given.map((g) => g.id) }, operatorId },
    select: { id: true, kind: true },
  });
  for (const g of given) {
    const row = rows.find((r) => r.id === g.id);
    if (!row || row.kind !== g.kind) {
      throw invalid(`Contexte.${ID_FIELD[g.kind]} ${g.id} is not a ${g.kind} of this operator`);
    }
  }
  const chains = await Promise.all(given.map((g) => loadChain(db, operatorId, g.id)));
  const deepest = chains.reduce((a, b) => (b.length > a.length ? b : a));
  for (const g of given) {
    if (!deepest.some((node) => node.id === g.id)) {
      throw invalid(
        `Contexte.${ID_FIELD[g.kind]} ${g.id} contradicts Contexte.${ID_FIELD[deepest[0].kind]} ${deepest[0].id}: they are not on one line of the hierarchy`,
      );
    }
  }
  return deepest;
}

/** The funeral home on a chain (the Epf itself, or the Epf of an agency). */
export function epfOf(chain: ContextChain): number | null {
  return chain.find((node) => node.kind === "Epf")?.id ?? null;
}

/** 4.1 rule 6: the language of the context is the nearest one set on the chain. */
export function contextLanguage(chain: ContextChain): string | null {
  return chain.find((node) => node.language)?.language ?? null;
}

/** For each context id, the id of every kind on its chain (one query for all of them). */
export async function chainIdsOf(operatorId: number, contextIds: number[]) {
  const result = new Map<number, Partial<Record<ContextKind, number>>>();
  if (contextIds.length === 0) return result;
  const all = await db.context.findMany({
    where: { operatorId },
    select: { id: true, kind: true, parentId: true },
  });
  const byId = new Map(all.map((c) => [c.id, c]));
  for (const id of new Set(contextIds)) {
    const ids: Partial<Record<ContextKind, number>> = {};
    let node = byId.get(id);
    for (let depth = 0; node && depth < 5; depth++) {
      ids[node.kind] = node.id;
      node = node.parentId ? byId.get(node.parentId) : undefined;
    }
    result.set(id, ids);
  }
  return result;
}
