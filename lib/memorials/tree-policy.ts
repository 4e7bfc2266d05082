// The memorial policy's rules for trees (lib/memorials/policy.ts re-exports them): which trees a
// scope sees and reads, which it owns, which count, and whose message is shown. Each rule once, its
// Prisma and SQL forms side by side; test/policy-parity.test.ts shows both forms pick
// the same trees for every scope.
import { Prisma } from "@memorial/lib/db/client";
import { isTestEnvironment, type OperatorScope, type Scope } from "@memorial/lib/scope";

/** The test-environment scope whose operator's test trees it may see, or null. */
function testOperator(scope: Scope): number | null {
  if (!("operatorId" in scope) || !isTestEnvironment(scope.environment)) return null;
  return scope.operatorId;
}

/**
 * Which trees a scope sees beside the memorials it sees (Infos, the public pages, the family's
 * pages): production trees are seen by everyone who sees their memorial. A test tree is seen only
 * in the test environment of the operator that planted it (contract.md: what a test key creates
 * never shows elsewhere).
 */
export function treesVisibleTo(scope: Scope): Prisma.TreeWhereInput {
  const operatorId = testOperator(scope);
  if (operatorId !== null) return { OR: [{ isTest: false }, { isTest: true, operatorId }] };
  return { isTest: false };
}

export function treesVisibleToSql(scope: Scope, alias = "t"): Prisma.Sql {
  const t = Prisma.raw(`"${alias}"`);
  const operatorId = testOperator(scope);
  if (operatorId !== null) return Prisma.sql`(${t}."is_test" = false OR ${t}."operator_id" = ${operatorId})`;
  return Prisma.sql`${t}."is_test" = false`;
}

/**
 * Which trees a scope reads one by one and counts in reports: those of its environment only (a
 * production scope, and the public, read production trees of any operator, never a test tree; a
 * test scope reads only the test trees its own operator planted).
 */
export function treesOfEnvironment(scope: Scope): Prisma.TreeWhereInput {
  const operatorId = testOperator(scope);
  if (operatorId !== null) return { isTest: true, operatorId };
  return { isTest: false };
}

export function treesOfEnvironmentSql(scope: Scope, alias = "t"): Prisma.Sql {
  const t = Prisma.raw(`"${alias}"`);
  const operatorId = testOperator(scope);
  if (operatorId !== null) return Prisma.sql`(${t}."is_test" = true AND ${t}."operator_id" = ${operatorId})`;
  return Prisma.sql`${t}."is_test" = false`;
}

/**
 * The scope's own trees (its operator, its environment), wherever planted: the dashboard's lists
 * and the trees it changes, the operator's report of tree lives.
 */
export function ownTreesOf(scope: OperatorScope): Prisma.TreeWhereInput {
  return ownRowsOf(scope);
}

export function ownTreesOfSql(scope: OperatorScope, alias = "t"): Prisma.Sql {
  return ownRowsOfSql(scope, alias);
}

/** What the scope owns, a tree as a memorial (policy.ts ownMemorialsOf): its operator's, of its environment. */
export function ownRowsOf(scope: OperatorScope) {
  return { operatorId: scope.operatorId, isTest: isTestEnvironment(scope.environment) };
}

export function ownRowsOfSql(scope: OperatorScope, alias: string): Prisma.Sql {
  const row = Prisma.raw(`"${alias}"`);
  return Prisma.sql`(${row}."operator_id" = ${scope.operatorId} AND ${row}."is_test" = ${isTestEnvironment(scope.environment)})`;
}

/** Is this tree the scope's own (ownTreesOf, for a tree whose row is in hand)? */
export function isOwnTree(scope: OperatorScope, tree: { operatorId: number; isTest: boolean }): boolean {
  return tree.operatorId === scope.operatorId && tree.isTest === isTestEnvironment(scope.environment);
}

/**
 * One rule for every count people read (the memorial page's trees and CO2, its
 * certificate and preview picture, the closing summary, the home page): a tree counts while it lives
 * or is on its way (ordered, in the ground, checked alive or sick). A dead tree no longer counts, and
 * once replaced its replacement counts in its place, so a death and its replacement never count
 * twice. Each tree is still listed, with its status. Reports and transactions (money) count orders.
 */
const UNCOUNTED_TREE_STATUSES = ["dead", "replaced"] as const;

/** True when a tree of this status counts (UNCOUNTED_TREE_STATUSES). */
export function countsAsLiving(status: string): boolean {
  return !(UNCOUNTED_TREE_STATUSES as readonly string[]).includes(status);
}

/** The same condition in SQL, for a tree aliased `t`. */
export function livingTreesSql(alias = "t"): Prisma.Sql {
  return Prisma.sql`${Prisma.raw(`"${alias}"`)}."status" NOT IN ('dead', 'replaced')`;
}

/**
 * A planter's message the family hid is shown to nobody but the memorial's own operator (in
 * Infos and its dashboard, so that it knows what was hidden): not on the public page, not on the
 * certificate, not in another operator's Infos.
 */
export function shownMessage(
  message: string | null,
  messageHiddenAt: Date | string | null,
  ownerIsLooking = false,
): string | null {
  return messageHiddenAt && !ownerIsLooking ? null : message;
}

/**
 * A visitor's tree (a claim code, a payment) names its planter publicly only once the
 * family published the visitor's words (tree.message_hidden_at cleared): until then, and after the
 * family hid or deleted them, the public page and the certificate say "a visitor", and other
 * operators' Infos the contract's word for unknown. A partner's tree always names its planter (the
 * family hides its message only).
 */
export function hidesPlanter(origin: string, messageHiddenAt: Date | string | null): boolean {
  return origin !== "partner" && messageHiddenAt !== null;
}

/** The planter as a reader sees it: null where hidesPlanter, except for the memorial's own operator. */
export function shownPlanter(
  tree: { planter: string; origin: string; messageHiddenAt: Date | string | null },
  ownerIsLooking = false,
): string | null {
  return hidesPlanter(tree.origin, tree.messageHiddenAt) && !ownerIsLooking ? null : tree.planter;
}
