// The hierarchy of contexts inside an operator (contract.md, "Operators, contexts and keys"):
// GroupeEpf > Epf > EpfAgence; GroupePresse > Titre > TitreEdition; Assurance; GroupeMaisonRepos.
import { recordChange } from "@memorial/lib/changes/record";
import { db, Prisma, type Tx, transaction } from "@memorial/lib/db/client";
import type { ContextKind, MemorialPrivacy } from "@memorial/lib/db/generated/enums";
import type { SqlClient } from "@memorial/lib/db/raw";
import { invalid, notFound } from "@memorial/lib/errors";
import { signalMemorialsChanged } from "@memorial/lib/events/events";
import { CHAIN_LEVELS, chainAlias, chainColumnsSql, contextChainSql } from "./context-chain";
import { CONTEXT_CHAIN_DEPTH, CONTEXT_KINDS, ID_FIELD, PARENT_KIND } from "./context-kinds";

export { CONTEXT_CHAIN_DEPTH, CONTEXT_KINDS, ID_FIELD };

interface ContextNode {
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
    /** The privacy of its memorials until their family chooses (null: public). */
    defaultPrivacy?: MemorialPrivacy | null;
  },
  client: Tx | typeof db = db,
): Promise<Awaited<ReturnType<Tx["context"]["create"]>>> {
  // The context and its audit row in one transaction (the caller's, when it gives one).
  if (client === db) return transaction((tx) => createContext(input, tx));
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
  const context = await client.context.create({
    data: {
      operatorId: input.operatorId,
      kind: input.kind,
      name: input.name,
      parentId: input.parentId || null,
      language: input.language ?? null,
      defaultPrivacy: input.defaultPrivacy ?? null,
    },
  });
  await recordChange(client as Tx, {
    kind: "context.created",
    target: { type: "context", id: context.id },
    operatorId: input.operatorId,
    after: {
      kind: context.kind,
      contextName: context.name,
      parentId: context.parentId,
      defaultPrivacy: context.defaultPrivacy,
    },
  });
  return context;
}

/**
 * A funeral home's (any context's) default privacy for its memorials, and its
 * descendants' that choose none, until the family chooses: "public", "link_only", or null (public).
 */
export async function setContextDefaultPrivacy(
  operatorId: number,
  contextId: number,
  defaultPrivacy: MemorialPrivacy | null,
) {
  await transaction(async (tx) => {
    const context = await tx.context.findFirst({ where: { id: contextId, operatorId } });
    if (!context) throw notFound(`context ${contextId} is not a context of operator ${operatorId}`);
    await tx.context.update({ where: { id: contextId }, data: { defaultPrivacy } });
    await recordChange(tx, {
      kind: "context.modified",
      target: { type: "context", id: contextId },
      operatorId,
      before: { defaultPrivacy: context.defaultPrivacy },
      after: { defaultPrivacy },
    });
  });
  // The pages of the memorials that follow this default change (noindex): every process drops them
  // from its caches at once (a signal without an event row, as for the catalogue).
  await signalMemorialsChanged(operatorId, await memorialsFollowingContext(contextId));
  return { id: contextId, defaultPrivacy };
}

/**
 * The memorials whose privacy follows context `contextId`'s default: those that choose none and
 * whose context has it on its chain (contextChainSql, as effectivePrivacySql reads it).
 */
export async function memorialsFollowingContext(contextId: number, client: Tx | typeof db = db) {
  const rows = await client.$queryRaw<{ id: number }[]>`
    SELECT m."id" FROM "memorial" m
    JOIN (${contextChainSql()}) ON "chain1"."id" = m."context_id"
    WHERE m."privacy" IS NULL AND ${contextId} IN (${chainColumnsSql("id")})
    ORDER BY m."id"`;
  return rows.map((row) => row.id);
}

/**
 * Loads a context and its ancestors (CONTEXT_CHAIN_DEPTH at most), in one statement: a report or a
 * planting reads its funeral home's chain on every request, and one round trip per level cost 2-3
 * per request. A context of another operator is not found, and neither is an ancestor of another
 * operator.
 */
export async function loadChain(
  client: Pick<SqlClient, "$queryRaw">,
  operatorId: number,
  contextId: number | null,
): Promise<ContextChain> {
  if (!contextId) return [];
  return (await loadChains(client, operatorId, [contextId])).get(contextId) ?? [];
}

/** The chains of several contexts of one operator (contextChainSql), in one statement. */
async function loadChains(
  client: Pick<SqlClient, "$queryRaw">,
  operatorId: number,
  contextIds: number[],
): Promise<Map<number, ContextChain>> {
  const result = new Map<number, ContextChain>();
  const ids = [...new Set(contextIds)];
  if (ids.length === 0) return result;
  // One row per level (a LATERAL VALUES unpivots the chain's columns), the most specific first.
  const levels = CHAIN_LEVELS.map((level) => {
    const c = chainAlias("chain", level);
    return Prisma.sql`(${Prisma.raw(String(level))}, ${c}."id", ${c}."kind"::text, ${c}."name", ${c}."language", ${c}."parent_id")`;
  });
  const rows = await client.$queryRaw<(ContextNode & { contextId: number })[]>`
    SELECT "chain1"."id" AS "contextId", l."id", l."kind", l."name", l."language", l."parentId"
    FROM ${contextChainSql()}
    CROSS JOIN LATERAL (VALUES ${Prisma.join(levels)}) AS l("depth", "id", "kind", "name", "language", "parentId")
    WHERE "chain1"."id" IN (${Prisma.join(ids)}) AND "chain1"."operator_id" = ${operatorId} AND l."id" IS NOT NULL
    ORDER BY "chain1"."id", l."depth"`;
  for (const { contextId, ...node } of rows) {
    const chain = result.get(contextId) ?? [];
    chain.push(node);
    result.set(contextId, chain);
  }
  return result;
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

/** For each context id, the id of every kind on its chain (loadChains: one query for all of them). */
export async function chainIdsOf(operatorId: number, contextIds: number[]) {
  const result = new Map<number, Partial<Record<ContextKind, number>>>();
  for (const [id, chain] of await loadChains(db, operatorId, contextIds)) {
    result.set(id, Object.fromEntries(chain.map((node) => [node.kind, node.id])));
  }
  return result;
}
