// Possible duplicates, two memorials of ONE operator made for the same person (a funeral
// home and the newspaper that printed the death notice both create one). When a memorial is created
// (every way: the API's Creer, the dashboard, the command line; lib/memorials/create-memorial.ts),
// in the same transaction right after its insert, the operator's other memorials are compared with
// it, and each pair whose persons match is recorded in memorial_duplicate (the lower id first,
// once: a pair the operator said is "not the same person" is never suggested again, since its row
// stays and a later detection finds the pair already there). The creation's answer does not change.
//
// A pair matches when all of:
// - the names are similar: pg_trgm's similarity() of the name search's key,
//   lower(f_unaccent(first_name || ' ' || last_name)) (lib/db/name-search.ts personNameKey), is at
//   least DUPLICATE_NAME_SIMILARITY percent (default 60). Accents, case, word order and hyphens do
//   not count ("Émile Dubois" = "Dubois, Emile" = 1.0); one letter changed in a family name
//   stays above ("Marie Dupont" / "Marie Dupond" 0.73); a different given name falls below
//   ("Jean Dupont" / "Jeanne Dupond" 0.53): see test/memorial-duplicates.test.ts;
// - the dates of death are at most one day apart (a death near midnight, a date typed from a notice);
// - when both give a place of death, the same place once normalised (case, accents, punctuation
//   and spaces do not count: "Saint-Étienne" = "saint etienne"); one place missing does not prevent.
// Never across operators, nor between the test and live environments; global memorials have no
// person; a memorial closed as not confirmed, or merged into another, is no candidate.
//
// When: right after the creation's transaction commits, in a statement of its own, before the answer
// is sent (lib/memorials/create-memorial.ts). Two memorials of one person created at the same moment
// do not see each other inside their transactions; after its commit, the one committed last sees
// the other, so the pair is recorded without any lock, and plantings for different people who died
// the same day run side by side. Should the process die between the commit and this statement, the
// pair is not suggested: a suggestion is lost, never a planting.
//
// Cost, bounded whatever the look-alikes: the candidates are read from the index
// person_operator_death_idx (operator_id, death_date), the operator's persons who died within a day;
// similarity() is computed on them until DUPLICATE_CANDIDATES match, and of those at most
// DUPLICATE_PAIRS are recorded, the closest first (the most similar name, then the nearest date of
// death, then the newest memorial). A person created 10,000 times gets 10 pairs per creation,
// not 10,000, and reads 50 look-alikes, not all of them.
import { recordChange } from "@memorial/lib/changes/record";
import { db, Prisma, transaction } from "@memorial/lib/db/client";
import { personNameKey } from "@memorial/lib/db/name-search";
import { type SqlClient, sql } from "@memorial/lib/db/raw";
import { invalid, notFound } from "@memorial/lib/errors";
import { componentLogger } from "@memorial/lib/log";
import { settings } from "@memorial/lib/settings";

type DuplicateState = "open" | "not_same" | "merged" | "unmerged";

/** The normalised place of death of person `alias` (null when none): only its letters and digits. */
const placeKey = (alias: string) =>
  Prisma.sql`nullif(btrim(regexp_replace(lower(public.f_unaccent(${Prisma.raw(`"${alias}"."place_of_death"`)})), '[^a-z0-9]+', ' ', 'g')), '')`;

/** The least name similarity of a pair, 0-1 (DUPLICATE_NAME_SIMILARITY percent). */
export const nameThreshold = () => settings().DUPLICATE_NAME_SIMILARITY / 100;

/** Look-alikes of a new memorial read at most (its similarity computed), and pairs recorded at most. */
export const DUPLICATE_CANDIDATES = 50;
export const DUPLICATE_PAIRS = 10;

/**
 * Records the possible duplicates of memorial `memorialId`, on `client` outside of the transaction
 * that created or changed it (see above). Returns the pairs recorded now (none when the memorial
 * has no person, or when every pair was recorded already).
 */
export async function detectDuplicates(
  client: SqlClient,
  memorialId: number,
): Promise<{ id: number; otherMemorialId: number }[]> {
  const rows = await client.$queryRaw<{ id: number; other: number }[]>(duplicatesSql(memorialId));
  return rows.map((row) => ({ id: row.id, otherMemorialId: row.other }));
}

/**
 * The memorial's possible duplicates, looked for once its creation or its person's change is
 * committed (see above). The change is done by then: a failure here is logged, and the answer
 * stays the change's (a partner told of a failure would plant again).
 */
export async function recordDuplicates(memorialId: number): Promise<void> {
  try {
    await detectDuplicates(sql, memorialId);
  } catch (error) {
    componentLogger("duplicates").warn(
      { err: error, memorialId },
      "the possible duplicates of a memorial were not recorded",
    );
  }
}

/**
 * The detection's statement: records the pairs of memorial `memorialId` and returns them.
 * The plan is written in the statement: the operator's persons who died within a day of this
 * one (person_operator_death_idx, the only index of person on its operator), then their
 * memorials (memorial_person_id_idx). Each step is a LATERAL subquery behind LIMIT or OFFSET 0,
 * which PostgreSQL neither flattens nor reorders nor filters inside, so no statistics can make it
 * start elsewhere. On tables not yet analysed (a new database, or one grown fast since its last
 * ANALYZE) the planner otherwise began with every memorial of the service, 133 ms for 500 of them
 * and growing with them (found by npm run bench:http).
 */
export function duplicatesSql(memorialId: number): Prisma.Sql {
  return Prisma.sql`
    WITH new AS MATERIALIZED (
      SELECT m."id", m."operator_id", m."is_test", p."id" AS "person_id", p."death_date",
        ${personNameKey("p")} AS "name", ${placeKey("p")} AS "place"
      FROM "memorial" m JOIN "person" p ON p."id" = m."person_id"
      WHERE m."id" = ${memorialId} AND m."kind" <> 'global'),
    found AS (
      SELECT new."operator_id", new."id" AS "new_id", o."id" AS "other_id",
        similarity(${personNameKey("op")}, new."name") AS "similarity",
        round(abs(extract(epoch FROM op."death_date" - new."death_date")) / 86400)::int AS "days",
        CASE WHEN new."place" IS NOT NULL AND ${placeKey("op")} IS NOT NULL THEN new."place" END AS "place"
      FROM new
      CROSS JOIN LATERAL (
        SELECT op.* FROM "person" op
        WHERE op."operator_id" = new."operator_id"
          AND op."death_date" BETWEEN new."death_date" - interval '1 day' AND new."death_date" + interval '1 day'
          AND op."id" <> new."person_id"
          AND similarity(${personNameKey("op")}, new."name") >= ${nameThreshold()}
          AND (new."place" IS NULL OR ${placeKey("op")} IS NULL OR new."place" = ${placeKey("op")})
        LIMIT ${DUPLICATE_CANDIDATES}) op
      CROSS JOIN LATERAL (
        SELECT o."id", o."operator_id", o."is_test", o."kind", o."status", o."merged_into_id"
        FROM "memorial" o WHERE o."person_id" = op."id"
        OFFSET 0) o
      WHERE o."id" <> new."id" AND o."operator_id" = new."operator_id"
        AND o."is_test" = new."is_test" AND o."kind" <> 'global'
        AND o."status" <> 'expired' AND o."merged_into_id" IS NULL)
    INSERT INTO "memorial_duplicate" ("operator_id", "first_memorial_id", "second_memorial_id",
      "name_similarity", "death_days_apart", "place")
    SELECT "operator_id", least("new_id", "other_id"), greatest("new_id", "other_id"),
      round("similarity"::numeric, 3)::float8, "days", left("place", 200)
    FROM found
    ORDER BY "similarity" DESC, "days", "other_id" DESC
    LIMIT ${DUPLICATE_PAIRS}
    ON CONFLICT ("first_memorial_id", "second_memorial_id") DO NOTHING
    RETURNING "id", CASE WHEN "first_memorial_id" = ${memorialId} THEN "second_memorial_id" ELSE "first_memorial_id" END AS "other"`;
}

/** One side of a pair, as the dashboard shows it. */
export interface DuplicateSide {
  memorialId: number;
  title: string;
  kind: string;
  status: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  deathDate: Date;
  placeOfDeath: string | null;
  trees: number;
  guestbookEntries: number;
  /** The funeral home (context) that created it, when one did. */
  context: string | null;
}

export interface DuplicatePair {
  id: number;
  nameSimilarity: number;
  deathDaysApart: number;
  place: string | null;
  state: DuplicateState;
  detectedAt: Date;
  first: DuplicateSide;
  second: DuplicateSide;
  /** The merge in force (state merged): which memorial was kept, when, undoable until when. */
  merge: { id: number; keptMemorialId: number; mergedAt: Date; undoUntil: Date } | null;
}

/** Days during which a merge can be undone. */
export const UNDO_DAYS = 30;

/**
 * The operator's pairs to show: the open ones and those whose merge was undone (both memorials
 * still there, neither merged elsewhere), and the merges that can still be undone. Only `operatorId`'s own: a pair is never
 * shown to another operator (a pair is only ever made within one operator).
 */
export async function listDuplicates(operatorId: number): Promise<DuplicatePair[]> {
  const pairs = await db.$queryRaw<
    {
      id: number;
      name_similarity: number;
      death_days_apart: number;
      place: string | null;
      state: DuplicateState;
      detected_at: Date;
      first_memorial_id: number;
      second_memorial_id: number;
      merge_id: number | null;
      kept_memorial_id: number | null;
      merged_at: Date | null;
    }[]
  >`
    SELECT d."id", d."name_similarity", d."death_days_apart", d."place", d."state", d."detected_at",
      d."first_memorial_id", d."second_memorial_id", g."id" AS "merge_id", g."kept_memorial_id", g."merged_at"
    FROM "memorial_duplicate" d
    JOIN "memorial" a ON a."id" = d."first_memorial_id"
    JOIN "memorial" b ON b."id" = d."second_memorial_id"
    LEFT JOIN "memorial_merge" g ON g."duplicate_id" = d."id" AND g."undone_at" IS NULL
    WHERE d."operator_id" = ${operatorId} AND a."operator_id" = ${operatorId} AND b."operator_id" = ${operatorId}
      AND a."is_test" = false AND b."is_test" = false
      AND ((d."state" IN ('open', 'unmerged') AND a."merged_into_id" IS NULL AND b."merged_into_id" IS NULL
            AND a."status" <> 'expired' AND b."status" <> 'expired')
        OR (d."state" = 'merged' AND g."merged_at" > now() - make_interval(days => ${UNDO_DAYS})))
    ORDER BY d."state" = 'merged', d."detected_at" DESC, d."id" DESC
    LIMIT 500`;
  const ids = [...new Set(pairs.flatMap((p) => [p.first_memorial_id, p.second_memorial_id]))];
  const sides = await sidesOf(ids);
  return pairs.map((p) => ({
    id: p.id,
    nameSimilarity: p.name_similarity,
    deathDaysApart: p.death_days_apart,
    place: p.place,
    state: p.state,
    detectedAt: p.detected_at,
    first: sides.get(p.first_memorial_id)!,
    second: sides.get(p.second_memorial_id)!,
    merge:
      p.merge_id !== null && p.kept_memorial_id !== null && p.merged_at !== null
        ? {
            id: p.merge_id,
            keptMemorialId: p.kept_memorial_id,
            mergedAt: p.merged_at,
            undoUntil: new Date(p.merged_at.getTime() + UNDO_DAYS * 86_400_000),
          }
        : null,
  }));
}

/** How many of the operator's pairs wait for a decision (the dashboard's link says it). */
export async function countOpenDuplicates(operatorId: number): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS "n" FROM "memorial_duplicate" d
    JOIN "memorial" a ON a."id" = d."first_memorial_id"
    JOIN "memorial" b ON b."id" = d."second_memorial_id"
    WHERE d."operator_id" = ${operatorId} AND d."state" IN ('open', 'unmerged')
      AND a."is_test" = false AND b."is_test" = false
      AND a."merged_into_id" IS NULL AND b."merged_into_id" IS NULL
      AND a."status" <> 'expired' AND b."status" <> 'expired'`;
  return row?.n ?? 0;
}

async function sidesOf(ids: number[]): Promise<Map<number, DuplicateSide>> {
  if (ids.length === 0) return new Map();
  const rows = await db.$queryRaw<
    {
      id: number;
      title: string;
      kind: string;
      status: string;
      created_at: Date;
      first_name: string | null;
      last_name: string | null;
      death_date: Date;
      place_of_death: string | null;
      trees: number;
      entries: number;
      context: string | null;
    }[]
  >`
    SELECT m."id", m."title", m."kind"::text AS "kind", m."status"::text AS "status", m."created_at",
      p."first_name", p."last_name", p."death_date", p."place_of_death",
      (SELECT count(*)::int FROM "tree" t WHERE t."memorial_id" = m."id") AS "trees",
      (SELECT count(*)::int FROM "guestbook_entry" e WHERE e."memorial_id" = m."id") AS "entries",
      c."name" AS "context"
    FROM "memorial" m JOIN "person" p ON p."id" = m."person_id"
    LEFT JOIN "context" c ON c."id" = m."context_id"
    WHERE m."id" IN (${Prisma.join(ids)})`;
  return new Map(
    rows.map((r) => [
      r.id,
      {
        memorialId: r.id,
        title: r.title,
        kind: r.kind,
        status: r.status,
        createdAt: r.created_at,
        firstName: r.first_name,
        lastName: r.last_name,
        deathDate: r.death_date,
        placeOfDeath: r.place_of_death,
        trees: r.trees,
        guestbookEntries: r.entries,
        context: r.context,
      },
    ]),
  );
}

/**
 * "Not the same person": the pair is closed for good (its row stays, so no later detection
 * suggests it again). Only an open pair of the operator's; another operator's is not found.
 */
export async function markNotSamePerson(input: {
  operatorId: number;
  duplicateId: number;
  by: string;
}): Promise<void> {
  const updated = await transaction(async (tx) => {
    const [pair] = await tx.$queryRaw<{ first: number; second: number; state: string }[]>`
      UPDATE "memorial_duplicate" d SET "state" = 'not_same', "decided_at" = now(), "decided_by" = ${input.by}
      FROM "memorial_duplicate" old
      WHERE d."id" = ${input.duplicateId} AND d."operator_id" = ${input.operatorId}
        AND d."state" IN ('open', 'unmerged') AND old."id" = d."id"
      RETURNING d."first_memorial_id" AS "first", d."second_memorial_id" AS "second", old."state"::text AS "state"`;
    if (!pair) return false;
    await recordChange(tx, {
      kind: "memorial.not_duplicate",
      target: { type: "memorial", id: pair.first },
      operatorId: input.operatorId,
      memorialId: pair.first,
      before: { duplicateOf: pair.second, state: pair.state },
      after: { duplicateOf: pair.second, state: "not_same" },
    });
    return true;
  });
  if (updated) return;
  const pair = await db.memorialDuplicate.findFirst({
    where: { id: input.duplicateId, operatorId: input.operatorId },
    select: { state: true },
  });
  if (!pair) {
    throw notFound(`possible duplicate ${input.duplicateId} does not exist`, {
      field: "duplicate.id",
      reason: "not-found",
    });
  }
  throw invalid(`possible duplicate ${input.duplicateId} is no longer open (${pair.state})`, {
    field: "duplicate.id",
    reason: "not-open",
  });
}

/** The memorial a merged memorial's address leads to (the end of a chain of merges), or null. */
export async function mergedInto(
  client: Pick<SqlClient, "$queryRaw">,
  memorialId: number,
): Promise<number | null> {
  const [row] = await client.$queryRaw<{ id: number | null }[]>`
    WITH RECURSIVE chain("id", "next", "depth") AS (
      SELECT "id", "merged_into_id", 0 FROM "memorial" WHERE "id" = ${memorialId}
      UNION ALL
      SELECT m."id", m."merged_into_id", c."depth" + 1
      FROM chain c JOIN "memorial" m ON m."id" = c."next"
      WHERE c."depth" < 10)
    SELECT CASE WHEN (SELECT "next" FROM chain WHERE "depth" = 0) IS NULL THEN NULL
      ELSE (SELECT "id" FROM chain WHERE "next" IS NULL ORDER BY "depth" DESC LIMIT 1) END AS "id"`;
  return row?.id ?? null;
}
