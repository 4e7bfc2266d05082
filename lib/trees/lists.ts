// The operator's tree work: its trees in the ground, those due for a check and the
// dead ones, each list filtered by planting site and by the day that list is about, paged. Only the
// scope's own trees, in its environment (as the waiting trees of queries.ts): another operator's
// tree is never listed, even in a memorial this operator may read.
import { db, Prisma } from "@memorial/lib/db/client";
import { paged } from "@memorial/lib/db/paged";
import { displayTitle, ownTreesOfSql } from "@memorial/lib/memorials/policy";
import type { OperatorScope } from "@memorial/lib/scope";
import type { DeathReason, TreeHealth, TreeStatus } from "./transitions";

export const TREE_LISTS = ["in-ground", "due", "dead"] as const;
export type TreeListKind = (typeof TREE_LISTS)[number];

/** The statuses of each list's trees; "due" lists living trees whose check is due. */
export const LIST_STATUSES: Record<TreeListKind | "waiting", TreeStatus[]> = {
  waiting: ["ordered"],
  "in-ground": ["in_ground", "monitored"],
  due: ["in_ground", "monitored"],
  // A replaced tree is a dead tree whose replacement the service ordered.
  dead: ["dead", "replaced"],
};

export interface TreeListFilter {
  plantationId?: number;
  /**
   * Days (YYYY-MM-DD, UTC), both included, of the list's own day: the day in the ground ("in-ground"),
   * the day the check falls due ("due": without `to`, today, so the list holds the checks due now;
   * a later `to` shows those coming), the day of death ("dead").
   */
  from?: string;
  to?: string;
}

export interface TreeListRow {
  treeId: number;
  memorialId: number;
  memorialTitle: string;
  status: TreeStatus;
  species: string;
  plantationId: number;
  plantation: string;
  inGroundOn: string | null;
  plantedBy: string | null;
  lastCheck: { on: string; health: TreeHealth } | null;
  /** The day its next check falls due: the last check's (else the day in the ground) + checkDays. */
  dueOn: string | null;
  diedOn: string | null;
  deathReason: DeathReason | null;
  replacedByTreeId: number | null;
}

/** The scope's own trees (its operator, its environment) of some statuses, as tree `t`. */
export function ownTreesSql(owner: OperatorScope, statuses: readonly TreeStatus[]): Prisma.Sql {
  return Prisma.sql`${ownTreesOfSql(owner)} AND t."status"::text IN (${Prisma.join([...statuses])})`;
}

/** The columns of a tree's memorial title (m, pe), for memorialTitleOf. */
export const MEMORIAL_TITLE_COLUMNS = Prisma.sql`m."kind"::text AS "kind", m."title", m."anonymous_name",
  m."anonymous_title"::text AS "anonymous_title", pe."first_name", pe."last_name"`;

/** A listed tree t, with what its line names: its memorial m (and person pe), species sp, site p. */
export const TREE_LINE_TABLES = Prisma.sql`"tree" t
  JOIN "memorial" m ON m."id" = t."memorial_id"
  LEFT JOIN "person" pe ON pe."id" = m."person_id"
  JOIN "species" sp ON sp."id" = t."species_id"
  JOIN "plantation" p ON p."id" = t."plantation_id"`;

export interface MemorialTitleColumns {
  kind: "classic" | "anonymous" | "global";
  title: string;
  anonymous_name: string | null;
  anonymous_title: "name" | "initials";
  first_name: string | null;
  last_name: string | null;
}

/** The title people read of the tree's memorial (the policy's displayTitle). */
export const memorialTitleOf = (memorialId: number, r: MemorialTitleColumns) =>
  displayTitle({
    id: memorialId,
    kind: r.kind,
    title: r.title,
    anonymousName: r.anonymous_name,
    anonymousTitle: r.anonymous_title,
    person: { firstName: r.first_name, lastName: r.last_name },
  });

type Row = MemorialTitleColumns & {
  id: number;
  memorial_id: number;
  status: TreeStatus;
  species: string;
  plantation_id: number;
  plantation: string;
  in_ground_on: string | null;
  planted_by: string | null;
  last_checked_on: string | null;
  health: TreeHealth | null;
  due_on: string | null;
  died_on: string | null;
  death_reason: DeathReason | null;
  replaced_by: number | null;
};

/**
 * One page of a list of the scope's trees, and how many the list holds in all. `today` (UTC) and
 * `checkDays` (the setting TREE_CHECK_DAYS) say which checks are due.
 */
export async function treeList(
  owner: OperatorScope,
  list: TreeListKind,
  filter: TreeListFilter,
  page: { limit: number; offset: number; today: string; checkDays: number },
): Promise<{ rows: TreeListRow[]; total: number }> {
  const due = Prisma.sql`(COALESCE(t."last_checked_on", t."in_ground_on") + ${page.checkDays}::int)`;
  const day = { "in-ground": Prisma.sql`t."in_ground_on"`, due, dead: Prisma.sql`t."died_on"` }[list];
  const conditions = [ownTreesSql(owner, LIST_STATUSES[list])];
  if (filter.plantationId !== undefined)
    conditions.push(Prisma.sql`t."plantation_id" = ${filter.plantationId}`);
  if (filter.from) conditions.push(Prisma.sql`${day} >= ${filter.from}::date`);
  const to = filter.to ?? (list === "due" ? page.today : undefined);
  if (to) conditions.push(Prisma.sql`${day} <= ${to}::date`);
  const select = Prisma.sql`
    SELECT t."id", t."memorial_id", t."status"::text AS "status", sp."name" AS "species", t."plantation_id",
           p."name" AS "plantation", to_char(t."in_ground_on", 'YYYY-MM-DD') AS "in_ground_on", t."planted_by",
           to_char(t."last_checked_on", 'YYYY-MM-DD') AS "last_checked_on", t."health"::text AS "health",
           to_char(${due}, 'YYYY-MM-DD') AS "due_on", to_char(t."died_on", 'YYYY-MM-DD') AS "died_on",
           t."death_reason"::text AS "death_reason",
           (SELECT r."id" FROM "tree" r WHERE r."replaces_tree_id" = t."id") AS "replaced_by",
           ${MEMORIAL_TITLE_COLUMNS}, ${day} AS "list_day"
    FROM ${TREE_LINE_TABLES}
    WHERE ${Prisma.join(conditions, " AND ")}`;
  // The most overdue check first; the latest in the ground and the latest deaths first.
  const orderBy =
    list === "due" ? Prisma.sql`q."list_day", q."id"` : Prisma.sql`q."list_day" DESC, q."id" DESC`;
  const { rows, total } = await paged<Row>(select, orderBy, page.limit, page.offset);
  return {
    total,
    rows: rows.map((r) => ({
      treeId: r.id,
      memorialId: r.memorial_id,
      memorialTitle: memorialTitleOf(r.memorial_id, r),
      status: r.status,
      species: r.species,
      plantationId: r.plantation_id,
      plantation: r.plantation,
      inGroundOn: r.in_ground_on,
      plantedBy: r.planted_by,
      lastCheck: r.last_checked_on && r.health ? { on: r.last_checked_on, health: r.health } : null,
      dueOn: list === "dead" ? null : r.due_on,
      diedOn: r.died_on,
      deathReason: r.death_reason,
      replacedByTreeId: r.replaced_by,
    })),
  };
}

/** The sites where the scope has trees of a list's statuses, for its filter. */
export async function listSites(
  owner: OperatorScope,
  list: TreeListKind | "waiting",
): Promise<{ id: number; name: string }[]> {
  const sites = await db.$queryRaw<{ id: number; name: string; country: string }[]>`
    SELECT p."id", p."name", p."country" FROM "plantation" p
    WHERE EXISTS (SELECT 1 FROM "tree" t WHERE t."plantation_id" = p."id" AND ${ownTreesSql(owner, LIST_STATUSES[list])})
    ORDER BY p."name", p."id"`;
  return sites.map((site) => ({ id: site.id, name: `${site.name} (${site.country})` }));
}
