// The operator's memorials as the dashboard shows them, for the session's Scope. Which memorials
// and trees it shows is the memorial policy's (the operator's own production memorials, their
// production trees): another operator's
// memorial is simply not found, and what test keys create stays out. Work is bounded by what a
// screen shows: lists and a memorial's trees come one page at a time, counts from SQL aggregates.
import { speciesNames } from "@memorial/lib/catalogue/translations";
import { db, Prisma } from "@memorial/lib/db/client";
import { matchesWords, memorialTitleKey, personNameKey, searchWords } from "@memorial/lib/db/name-search";
import { paged } from "@memorial/lib/db/paged";
import {
  type AnonymousTitle,
  displayTitle,
  type MemorialKind,
  ownMemorialsOf,
  ownMemorialsOfSql,
  TITLE_SELECT,
  treesVisibleTo,
} from "@memorial/lib/memorials/policy";
import { waitingPlantings } from "@memorial/lib/plantings/planting-queue";
import type { OperatorScope } from "@memorial/lib/scope";
import { parseId } from "@memorial/lib/validation";
import { visitorTrees } from "./visitor-trees";

/** Trees per page of a memorial's screen. */
const TREES_PER_PAGE = 100;

export interface MemorialListRow {
  id: number;
  kind: "classic" | "anonymous" | "global";
  status: "awaiting_confirmation" | "visible" | "expired";
  title: string;
  deceased: string | null;
  createdAt: string;
  trees: number;
}

/**
 * The listing's rows, searched by name: every word typed, accents and case ignored, in the
 * memorial's title or in its deceased's names (an anonymous memorial's title does not carry
 * them). Each side starts from its trigram index (lib/db/name-search.ts) and keeps the
 * operator's own memorials; a memorial found by both is listed once.
 */
export function memorialListSql(scope: OperatorScope, search: string): Prisma.Sql {
  const own = ownMemorialsOfSql(scope);
  const select = (join: Prisma.Sql, match: Prisma.Sql) => Prisma.sql`
    SELECT m."id", m."kind"::text AS "kind", m."status"::text AS "status", m."title",
           m."anonymous_name" AS "anonymousName", m."anonymous_title"::text AS "anonymousTitle",
           p."first_name" AS "firstName", p."last_name" AS "lastName",
           NULLIF(concat_ws(' ', p."first_name", p."last_name"), '') AS "deceased",
           m."created_at" AS "createdAt"
    FROM "memorial" m ${join} "person" p ON p."id" = m."person_id"
    WHERE ${own} AND ${match}`;
  const words = searchWords(search.trim().slice(0, 200));
  if (words.length === 0) return select(Prisma.sql`LEFT JOIN`, Prisma.sql`true`);
  return Prisma.sql`${select(Prisma.sql`LEFT JOIN`, matchesWords(memorialTitleKey("m"), words))}
    UNION
    ${select(Prisma.sql`JOIN`, matchesWords(personNameKey("p"), words))}`;
}

export async function listMemorials(input: {
  scope: OperatorScope;
  search: string;
  limit: number;
  offset: number;
}): Promise<{ rows: MemorialListRow[]; total: number }> {
  // The page first, then the tree counts of its rows only (a global memorial has many).
  const { rows, total } = await paged<
    Omit<MemorialListRow, "createdAt" | "trees"> & {
      createdAt: Date;
      anonymousName: string | null;
      anonymousTitle: AnonymousTitle;
      firstName: string | null;
      lastName: string | null;
    }
  >(
    memorialListSql(input.scope, input.search),
    Prisma.sql`q."createdAt" DESC, q."id" DESC`,
    input.limit,
    input.offset,
  );
  const counts = rows.length
    ? await db.tree.groupBy({
        by: ["memorialId"],
        where: {
          AND: [{ memorialId: { in: rows.map((r) => r.id) } }, treesVisibleTo(input.scope)],
        },
        _sum: { quantity: true },
      })
    : [];
  const trees = new Map(counts.map((c) => [c.memorialId, c._sum.quantity ?? 0]));
  return {
    rows: rows.map(({ anonymousName, anonymousTitle, firstName, lastName, ...row }) => ({
      ...row,
      title: displayTitle({
        ...row,
        kind: row.kind as MemorialKind,
        anonymousName,
        anonymousTitle,
        person: { firstName, lastName },
      }),
      createdAt: row.createdAt.toISOString(),
      trees: trees.get(row.id) ?? 0,
    })),
    total,
  };
}

/**
 * One memorial of the operator with its person, family, tree totals and one page of its trees
 * (newest first); null when it is not the operator's.
 */
export async function memorialDetail(scope: OperatorScope, memorialId: number, page = 1) {
  if (parseId(memorialId) === null) return null;
  const viewer = scope;
  const memorial = await db.memorial.findFirst({
    where: { AND: [{ id: memorialId }, ownMemorialsOf(viewer)] },
    include: { person: true, family: true },
  });
  if (!memorial) return null;
  const visibleTrees = { AND: [{ memorialId: memorial.id }, treesVisibleTo(viewer)] };
  const [totals, pageTrees, waiting] = await Promise.all([
    db.tree.aggregate({ where: visibleTrees, _sum: { quantity: true }, _count: { _all: true } }),
    db.tree.findMany({
      where: visibleTrees,
      orderBy: [{ plantedAt: "desc" }, { id: "desc" }],
      skip: (Math.max(1, Math.min(page, 1_000_000)) - 1) * TREES_PER_PAGE,
      take: TREES_PER_PAGE,
      include: {
        species: {
          select: {
            name: true,
            type: true,
            nameNl: true,
            nameEn: true,
            nameDe: true,
            co2KgPerTree: true,
          },
        },
        plantation: { select: { name: true, country: true } },
      },
    }),
    waitingPlantings(db, [memorial.id]),
  ]);
  const visitors = await visitorTrees(
    db,
    pageTrees.map((tree) => tree.id),
  );
  const person = memorial.person;
  return {
    id: memorial.id,
    kind: memorial.kind,
    status: memorial.status,
    title: displayTitle(memorial),
    anonymousName: memorial.anonymousName,
    anonymousTitle: memorial.anonymousTitle,
    language: memorial.language,
    createdAt: memorial.createdAt.toISOString(),
    confirmedAt: memorial.confirmedAt?.toISOString() ?? null,
    // Closed as not confirmed ("expired": its link expired; "declined" by its family).
    closedAt: memorial.closedAt?.toISOString() ?? null,
    closedReason: memorial.closedReason,
    // Merged into this memorial (a duplicate): its address leads there.
    mergedIntoId: memorial.mergedIntoId,
    hidden: memorial.hiddenAt !== null,
    family: memorial.family
      ? { email: memorial.family.email, name: memorial.family.name, language: memorial.family.language }
      : null,
    person: person
      ? {
          id: person.id,
          epfId: person.epfId,
          externalId: person.externalId,
          lastName: person.lastName,
          firstName: person.firstName,
          civility: person.civility,
          deathDate: person.deathDate.toISOString(),
          deathDateApproximate: person.deathDateApproximate,
          birthDate: person.birthDate?.toISOString() ?? null,
          placeOfDeath: person.placeOfDeath,
          imageUrl: person.imageUrl,
        }
      : null,
    totalTrees: totals._sum.quantity ?? 0,
    treeLines: totals._count._all,
    /** Trees of a confirmation waiting for stock (the planting queue). */
    waitingTrees: waiting.get(memorial.id) ?? 0,
    treesPage: { page: Math.max(1, page), perPage: TREES_PER_PAGE },
    trees: pageTrees.map((tree) => ({
      id: tree.id,
      plantedAt: tree.plantedAt.toISOString(),
      quantity: tree.quantity,
      species: tree.species.name,
      /** The species' name in each language (the page shows the user's). */
      speciesNames: speciesNames(tree.species).names,
      co2Kg: Number(tree.species.co2KgPerTree) * tree.quantity,
      site: `${tree.plantation.name} (${tree.plantation.country})`,
      planter: tree.planter,
      message: tree.message,
      messageHidden: tree.messageHiddenAt !== null,
      /** A visitor's tree (its origin, its words in the family's guestbook); null: a partner's. */
      visitor: visitors.get(tree.id) ?? null,
      free: tree.free,
      // Trees planted here by another operator are shown, but their transaction is theirs.
      ownTree: tree.operatorId === scope.operatorId,
      /** Its life: ordered, in_ground, monitored, dead, replaced. */
      status: tree.status,
    })),
  };
}

/** The title of one of the operator's memorials (its page's <title>), null when not its own. */
export async function memorialTitle(scope: OperatorScope, memorialId: number): Promise<string | null> {
  if (parseId(memorialId) === null) return null;
  const memorial = await db.memorial.findFirst({
    where: { AND: [{ id: memorialId }, ownMemorialsOf(scope)] },
    select: TITLE_SELECT,
  });
  return memorial ? displayTitle(memorial) : null;
}
