// The one definition of a context's chain (the context and its ancestors, the most
// specific first, CONTEXT_CHAIN_DEPTH of them at most, all of one operator). Every reader builds on
// contextChainSql: loadChains (the planting, the reports, the transactions' Contexte ids), the
// memorials that follow a context's default privacy, and effectivePrivacySql, in the hot SQL of the
// search and the public pages. It is a fixed chain of LEFT JOINs on the primary key, not a recursive
// CTE: PostgreSQL plans it as CONTEXT_CHAIN_DEPTH index lookups inside any statement, correlated or not.
import { Prisma } from "@memorial/lib/db/client";
import { CONTEXT_CHAIN_DEPTH } from "./context-kinds";

/** The levels of a chain, 1 (the context itself) to CONTEXT_CHAIN_DEPTH. */
export const CHAIN_LEVELS: readonly number[] = Array.from({ length: CONTEXT_CHAIN_DEPTH }, (_, i) => i + 1);

/** The alias of level `level` of a chain written by contextChainSql(prefix). */
export function chainAlias(prefix: string, level: number): Prisma.Sql {
  return Prisma.raw(`"${prefix}${level}"`);
}

/**
 * The chain as a joined table: `"context" "<prefix>1"` (the context; its reader says which with a
 * condition on "<prefix>1"."id") LEFT JOIN its parent "<prefix>2", of the same operator, and so on to
 * CONTEXT_CHAIN_DEPTH. A level above the top, or across operators, is all NULL. Use it after FROM, or
 * in parentheses after JOIN.
 */
export function contextChainSql(prefix = "chain"): Prisma.Sql {
  const joins = CHAIN_LEVELS.slice(1).map((level) => {
    const child = chainAlias(prefix, level - 1);
    const parent = chainAlias(prefix, level);
    return Prisma.sql`LEFT JOIN "context" ${parent} ON ${parent}."id" = ${child}."parent_id" AND ${parent}."operator_id" = ${child}."operator_id"`;
  });
  return Prisma.sql`"context" ${chainAlias(prefix, 1)} ${Prisma.join(joins, " ")}`;
}

/** Column `column` of every level of a chain, the most specific first (for COALESCE, IN, ...). */
export function chainColumnsSql(column: string, prefix = "chain"): Prisma.Sql {
  return Prisma.join(
    CHAIN_LEVELS.map((level) => Prisma.sql`${chainAlias(prefix, level)}.${Prisma.raw(`"${column}"`)}`),
  );
}
