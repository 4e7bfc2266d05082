// On the real PostgreSQL: a memorial created for a person whose normalised name
// (pg_trgm similarity at least DUPLICATE_NAME_SIMILARITY, default 60 %), date of death (± 1 day)
// and, when both give one, place match another memorial of the SAME operator is recorded as a
// possible duplicate; the creation's result is the same as without it; "not the same person" is
// never suggested again, not by a later detection either; never across operators.
import { actingAs } from "@memorial/lib/audit/actor";
import { withEvents } from "@memorial/lib/changes/record";
import { db, Prisma, transaction } from "@memorial/lib/db/client";
import { personNameKey } from "@memorial/lib/db/name-search";
import { mergeMemorials, undoMerge } from "@memorial/lib/duplicates/merge-memorials";
import { dispatchEvents } from "@memorial/lib/events/dispatcher";
import { mergedTarget } from "@memorial/lib/http/merged-redirect";
import { mergeEmailConsumer } from "@memorial/lib/mail/merge-consumer";
import {
  DUPLICATE_CANDIDATES,
  DUPLICATE_PAIRS,
  detectDuplicates,
  duplicatesSql,
  listDuplicates,
  markNotSamePerson,
  nameThreshold,
} from "@memorial/lib/memorials/duplicates";
import { modifyPerson } from "@memorial/lib/memorials/modify-person";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { dashboardScope, VISITOR } from "@memorial/lib/scope";
import { migrate } from "@memorial/lib/service/migrate";
import { createUser } from "@memorial/lib/users/create-user";
import {
  plantableMemorial,
  plantForVisitor,
  recordVisitorPlanting,
} from "@memorial/lib/visitors/visitor-planting";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { makeIsolatedOperator, TEST_FIXTURE, unique, uniqueEmail } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { callerMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

/** Thrown to roll a transaction of a test back once it has looked. */
class RollBack extends Error {}
afterEach(() => {
  delete process.env.DUPLICATE_NAME_SIMILARITY;
});

/** An operator of its own, with the dashboard user who decides its pairs (made by the test fixture). */
async function operator() {
  const op = await makeIsolatedOperator({ stock: 50 });
  const user = await actingAs(TEST_FIXTURE, () =>
    createUser({ operatorId: op.operatorId, email: uniqueEmail("staff"), password: "long enough pw" }),
  );
  return { op: { ...op, userId: user.id }, caller: (await authenticateKey(op.key)) as Caller };
}

interface Deceased {
  firstName?: string | null;
  lastName?: string | null;
  deathDate?: string;
  placeOfDeath?: string | null;
  imageUrl?: string | null;
  family?: { email: string; name: string | null; language: "fr" | "en" | "nl" | "de" | null };
}

// A pair's merge, its undo and "not the same person" are the dashboard's (web/dashboard/
// duplicate-actions.ts): a signed-in user of the operator acts.
const asStaff = <T>(user: { userId: number; operatorId: number }, work: () => Promise<T>) =>
  actingAs(dashboardScope(user).actor, work);

async function create(caller: Caller, deceased: Deceased = {}) {
  const result = await callerMemorial(
    caller,
    plantingCommand(
      newMemorialTarget({
        deceased: {
          firstName: deceased.firstName === undefined ? "Émile" : deceased.firstName,
          lastName: deceased.lastName === undefined ? "Dubois" : deceased.lastName,
          deathDate: new Date(deceased.deathDate ?? "2026-10-01T00:00:00Z"),
          placeOfDeath: deceased.placeOfDeath ?? null,
          imageUrl: deceased.imageUrl ?? null,
        },
        family: deceased.family ?? null,
      }),
      { planter: "La famille" },
    ),
  );
  return result;
}

const pairsOf = (memorialId: number) =>
  db.memorialDuplicate.findMany({
    where: { OR: [{ firstMemorialId: memorialId }, { secondMemorialId: memorialId }] },
    orderBy: { id: "asc" },
  });

/** The similarity PostgreSQL computes for two names, on the name search's key. */
async function similarity(a: string, b: string): Promise<number> {
  const key = (name: string) => {
    const [first, ...last] = name.split(" ");
    return Prisma.sql`(SELECT ${personNameKey("p")} FROM (SELECT ${first}::text AS "first_name", ${last.join(" ")}::text AS "last_name") p)`;
  };
  const [row] = await db.$queryRaw<{ s: number }[]>`SELECT similarity(${key(a)}, ${key(b)})::float8 AS "s"`;
  return row!.s;
}

describe("the name threshold (DUPLICATE_NAME_SIMILARITY, 60 % by default)", () => {
  it("takes accents, case and word order for the same name, a changed letter for a typo, another given name for another person", async () => {
    expect(nameThreshold()).toBe(0.6);
    expect(await similarity("Emile Dubois", "Émile Dubois")).toBe(1);
    expect(await similarity("EMILE DUBOIS", "Dubois Émile")).toBe(1);
    expect(await similarity("Jean-Pierre Martin", "Jean Pierre Martin")).toBe(1);
    // One letter of the family name: above (a typo of the notice).
    expect(await similarity("Marie Dupont", "Marie Dupond")).toBeGreaterThanOrEqual(0.6);
    // Jean is not Jeanne: below, the pair is not suggested.
    const jean = await similarity("Jean Dupont", "Jeanne Dupond");
    expect(jean).toBeLessThan(0.6);
    expect(jean).toBeGreaterThan(0.5);
    expect(await similarity("Marie Dupont", "Paul Lefèvre")).toBeLessThan(0.2);
  });
});

describe("detection at a memorial's creation", () => {
  it("records the pair, lower id first, with what matched; the creation's result is unchanged", async () => {
    const { op, caller } = await operator();
    const first = await create(caller, { firstName: "Emile", placeOfDeath: "Saint-Étienne" });
    const second = await create(caller, {
      firstName: "Émile",
      deathDate: "2026-10-02T00:00:00Z",
      placeOfDeath: "saint etienne",
    });
    // The result of the second creation has exactly the shape of the first one's.
    expect(Object.keys(second).sort()).toEqual(Object.keys(first).sort());
    expect(second).toMatchObject({ createdMemorial: true, treeCount: 1, replayed: false });
    const pairs = await pairsOf(second.memorialId);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({
      operatorId: op.operatorId,
      firstMemorialId: first.memorialId,
      secondMemorialId: second.memorialId,
      nameSimilarity: 1,
      deathDaysApart: 1,
      place: "saint etienne",
      state: "open",
    });
    const listed = await listDuplicates(op.operatorId);
    expect(listed.map((p) => p.id)).toEqual([pairs[0]!.id]);
    expect(listed[0]!.first).toMatchObject({ memorialId: first.memorialId, trees: 1, firstName: "Emile" });
  });

  it("needs the dates of death within one day, the names above the threshold, the same place when both give one", async () => {
    const { caller } = await operator();
    const base = await create(caller, { firstName: "Jean", lastName: "Dupont", placeOfDeath: "Liège" });
    const twoDays = await create(caller, {
      firstName: "Jean",
      lastName: "Dupont",
      deathDate: "2026-10-03T00:00:00Z",
    });
    const jeanne = await create(caller, { firstName: "Jeanne", lastName: "Dupond" });
    const elsewhere = await create(caller, { firstName: "Jean", lastName: "Dupont", placeOfDeath: "Namur" });
    const noPlace = await create(caller, { firstName: "Jean", lastName: "Dupont" });
    const typo = await create(caller, { firstName: "Jean", lastName: "Dupond", placeOfDeath: "LIEGE" });
    expect(await pairsOf(twoDays.memorialId)).toEqual([]);
    // Jeanne Dupond is not Jean Dupont (0.53); she is close enough to a "Jean Dupond" (0.73), which
    // the operator will tell apart.
    const ofJeanne = await pairsOf(jeanne.memorialId);
    expect(ofJeanne.map((p) => p.secondMemorialId)).toEqual([typo.memorialId]);
    // Namur is not Liège, but the memorial without a place matches both.
    const ofElsewhere = await pairsOf(elsewhere.memorialId);
    expect(ofElsewhere.map((p) => [p.firstMemorialId, p.secondMemorialId])).toEqual([
      [elsewhere.memorialId, noPlace.memorialId],
    ]);
    const ofBase = await pairsOf(base.memorialId);
    expect(ofBase.map((p) => p.secondMemorialId)).toEqual([noPlace.memorialId, typo.memorialId]);
    expect(ofBase[0]!.place).toBeNull();
    expect(ofBase[1]!.place).toBe("liege");
    expect(ofBase[1]!.nameSimilarity).toBeGreaterThanOrEqual(0.6);
    expect(ofBase[1]!.nameSimilarity).toBeLessThan(1);
  });

  it("pairs memorials of the same person created at the same moment", async () => {
    const { caller } = await operator();
    const made = await Promise.all(
      ["2026-10-01T00:00:00Z", "2026-10-01T00:00:00Z", "2026-10-02T00:00:00Z", "2026-09-30T12:00:00Z"].map(
        (deathDate) => create(caller, { lastName: "Simultané", deathDate }),
      ),
    );
    const ids = made.map((m) => m.memorialId);
    const pairs = await db.memorialDuplicate.findMany({ where: { firstMemorialId: { in: ids } } });
    // Every two of them are at most a day apart, except 09-30 12:00 and 10-02 (1.5 days).
    expect(pairs).toHaveLength(5);
  });

  it("lets a creation for another person who died the same day go by while one is in flight", async () => {
    // A creation in flight: held before it takes its tree, its stock being locked by the test.
    // Another creation for another person dead the same day (awaiting its family: no tree, so no
    // stock) then ends while the first still waits; a lock per operator and day kept it waiting.
    const { op, caller } = await operator();
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query("BEGIN");
      await holder.query(
        `SELECT 1 FROM "stock" s JOIN "plantation" p ON p."id" = s."plantation_id"
          WHERE p."country" = ANY((SELECT "allowed_countries" FROM "operator" WHERE "id" = $1)::text[]) FOR UPDATE`,
        [op.operatorId],
      );
      const first = create(caller, { firstName: "Albert", lastName: "Premier" });
      // The first creation waits for the stock's lock, its person and memorial already inserted.
      let waiting = false;
      for (let waited = 0; waited < 200 && !waiting; waited++) {
        const { rowCount } = await holder.query(
          `SELECT 1 FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted
              AND transactionid = (pg_current_xact_id()::text)::xid`,
        );
        waiting = rowCount === 1;
        if (!waiting) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(waiting).toBe(true);
      const second = await Promise.race([
        callerMemorial(
          caller,
          plantingCommand(
            newMemorialTarget({
              awaitConfirmation: true,
              family: { email: "famille@example.org", name: null, language: null },
              deceased: {
                firstName: "Berthe",
                lastName: "Seconde",
                deathDate: new Date("2026-10-01T00:00:00Z"),
              },
            }),
          ),
        ),
        new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 10_000)),
      ]);
      expect(second).not.toBe("waited");
      await holder.query("COMMIT");
      expect((await first).treeCount).toBe(1);
    } finally {
      await holder.query("ROLLBACK").catch(() => {});
      await holder.end();
    }
  });

  it("records at most 10 pairs per creation, the closest, whatever the look-alikes", async () => {
    const { op, caller } = await operator();
    // 300 memorials of one person: same name, same day, made at once in SQL.
    await db.$executeRaw`
      WITH p AS (
        INSERT INTO "person" ("operator_id", "last_name", "first_name", "death_date", "language")
        SELECT ${op.operatorId}, 'Sosie', 'Émile', timestamptz '2026-10-01' + (g % 2) * interval '12 hours', 'fr'
        FROM generate_series(1, 300) g RETURNING "id")
      INSERT INTO "memorial" ("operator_id", "kind", "status", "title", "person_id", "language")
      SELECT ${op.operatorId}, 'classic', 'visible', 'Émile Sosie', p."id", 'fr' FROM p`;
    const made = await create(caller, { firstName: "Émile", lastName: "Sosie" });
    const pairs = await pairsOf(made.memorialId);
    expect(pairs).toHaveLength(DUPLICATE_PAIRS);
    // The closest first: the same name, and the same moment of death (not the one 12 hours after).
    expect(pairs.every((pair) => pair.nameSimilarity === 1 && pair.deathDaysApart === 0)).toBe(true);
    // The statement read at most DUPLICATE_CANDIDATES look-alikes (its similarity computed on each).
    await db
      .$transaction(async (tx) => {
        const statement = duplicatesSql(made.memorialId);
        const plan = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
          `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${statement.text}`,
          ...statement.values,
        );
        const scan = plan
          .map((row) => row["QUERY PLAN"])
          .find((line) => /Index Scan using person_operator_death_idx/.test(line));
        expect(Number(/actual rows=(\d+)/.exec(scan ?? "")?.[1])).toBeLessThanOrEqual(DUPLICATE_CANDIDATES);
        throw new RollBack();
      })
      .catch((error) => {
        if (!(error instanceof RollBack)) throw error;
      });
  });

  it("follows DUPLICATE_NAME_SIMILARITY", async () => {
    const { caller } = await operator();
    process.env.DUPLICATE_NAME_SIMILARITY = "50";
    const jean = await create(caller, { firstName: "Jean", lastName: "Dupont" });
    const jeanne = await create(caller, { firstName: "Jeanne", lastName: "Dupond" });
    expect((await pairsOf(jeanne.memorialId)).map((p) => p.firstMemorialId)).toEqual([jean.memorialId]);
  });

  it("never pairs memorials of two operators, nor a test memorial with a live one", async () => {
    const { op, caller } = await operator();
    const other = await operator();
    const mine = await create(caller);
    const theirs = await create(other.caller);
    expect(await pairsOf(mine.memorialId)).toEqual([]);
    expect(await pairsOf(theirs.memorialId)).toEqual([]);
    expect(await listDuplicates(other.op.operatorId)).toEqual([]);
    const testCaller = { ...caller, environment: "test" as const };
    const testOne = await create(testCaller);
    expect(await pairsOf(testOne.memorialId)).toEqual([]);
    expect(await listDuplicates(op.operatorId)).toEqual([]);
  });

  it("'not the same person' is never suggested again, by a later detection either; another operator cannot decide", async () => {
    const { op, caller } = await operator();
    const other = await operator();
    const a = await create(caller, { lastName: "Lambert" });
    const b = await create(caller, { lastName: "Lambert" });
    const [pair] = await pairsOf(b.memorialId);
    await expect(
      asStaff(other.op, () =>
        markNotSamePerson({ operatorId: other.op.operatorId, duplicateId: pair!.id, by: "x@example.org" }),
      ),
    ).rejects.toThrow(/does not exist/);
    await asStaff(op, () =>
      markNotSamePerson({ operatorId: op.operatorId, duplicateId: pair!.id, by: "me@example.org" }),
    );
    await expect(
      asStaff(op, () =>
        markNotSamePerson({ operatorId: op.operatorId, duplicateId: pair!.id, by: "me@example.org" }),
      ),
    ).rejects.toThrow(/no longer open/);
    expect(await listDuplicates(op.operatorId)).toEqual([]);
    // A modification of the person detects again: the pair stays "not the same person".
    await actingAs(caller.actor, () =>
      modifyPerson({
        caller,
        command: {
          personId: a.personId!,
          placeOfDeath: "Bruxelles",
          updateTitles: false,
        } as Parameters<typeof modifyPerson>[0]["command"],
      }),
    );
    const pairs = await pairsOf(b.memorialId);
    expect(pairs.map((p) => [p.id, p.state, p.decidedBy])).toEqual([
      [pair!.id, "not_same", "me@example.org"],
    ]);
    expect(await listDuplicates(op.operatorId)).toEqual([]);
  });

  it("a modification of a person detects a pair that the creation did not", async () => {
    const { op, caller } = await operator();
    const a = await create(caller, { lastName: "Peeters", deathDate: "2026-09-01T00:00:00Z" });
    const b = await create(caller, { lastName: "Peeters" });
    expect(await pairsOf(b.memorialId)).toEqual([]);
    await actingAs(caller.actor, () =>
      modifyPerson({
        caller,
        command: {
          personId: a.personId!,
          deathDate: new Date("2026-10-01T00:00:00Z"),
          updateTitles: false,
        } as Parameters<typeof modifyPerson>[0]["command"],
      }),
    );
    expect(
      (await listDuplicates(op.operatorId)).map((p) => [p.first.memorialId, p.second.memorialId]),
    ).toEqual([[a.memorialId, b.memorialId]]);
  });
});

describe("the cost on the creation path", () => {
  it("reads the candidates from person_operator_death_idx, not the operator's whole list", async () => {
    const { op, caller } = await operator();
    // 20 000 persons of the operator, one per ~half hour over a year.
    await db.$executeRaw`
      INSERT INTO "person" ("operator_id", "last_name", "first_name", "death_date", "language")
      SELECT ${op.operatorId}, 'Name' || g, 'Given' || g, timestamptz '2025-06-01' + g * interval '26 minutes', 'fr'
      FROM generate_series(1, 20000) g`;
    await db.$executeRaw`ANALYZE "person"`;
    const made = await create(caller, { lastName: "Janssens" });
    const plan = await db.$queryRaw<{ "QUERY PLAN": string }[]>`
      EXPLAIN SELECT 1 FROM "person" op
      WHERE op."operator_id" = ${op.operatorId}
        AND op."death_date" BETWEEN timestamptz '2026-10-01' - interval '1 day' AND timestamptz '2026-10-01' + interval '1 day'`;
    expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/person_operator_death_idx/);
    // Roughly (a figure for docs, not an assertion): the detection's statement, 20 times.
    let spent = 0;
    for (let i = 0; i < 20; i += 1) {
      await db.$transaction(async (tx) => {
        const started = performance.now();
        await detectDuplicates(tx, made.memorialId);
        spent += performance.now() - started;
      });
    }
    console.info(`[duplicates] detection: ${(spent / 20).toFixed(2)} ms per creation`);
  });

  it("keeps its plan on tables the planner has not analysed: the day's persons, then their memorials", async () => {
    // A new database (or one grown fast since its last ANALYZE): 500 memorials of one operator,
    // no statistics. The planner used to begin with every memorial (memorial_merged_into_idx) and
    // read the operator's persons one by one (person_operator_id_idx): 133 ms here, growing.
    const name = `duplicates_plan_${process.pid}`;
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    try {
      await migrate(url.toString());
      const fresh = new pg.Client({ connectionString: url.toString() });
      await fresh.connect();
      try {
        for (const table of ["person", "memorial"]) {
          await fresh.query(`ALTER TABLE "${table}" SET (autovacuum_enabled = false)`);
        }
        await fresh.query(`INSERT INTO "operator" ("name") VALUES ('Plan') RETURNING "id"`);
        await fresh.query(`
          WITH p AS (
            INSERT INTO "person" ("operator_id", "last_name", "first_name", "death_date", "language")
            SELECT 1, 'Name' || g, 'Given' || g, timestamptz '2026-01-01' + g * interval '17 hours', 'fr'
            FROM generate_series(1, 500) g RETURNING "id", "last_name")
          INSERT INTO "memorial" ("operator_id", "kind", "status", "title", "person_id", "language")
          SELECT 1, 'classic', 'visible', p."last_name", p."id", 'fr' FROM p`);
        const { rows } = await fresh.query(`SELECT max("id") AS "id" FROM "memorial"`);
        const statement = duplicatesSql(rows[0].id);
        await fresh.query("BEGIN");
        const plan = (
          await fresh.query(`EXPLAIN (ANALYZE, COSTS OFF) ${statement.text}`, statement.values)
        ).rows
          .map((row) => row["QUERY PLAN"])
          .join("\n");
        await fresh.query("ROLLBACK");
        expect(plan).toMatch(/Index Scan using person_operator_death_idx on person/);
        expect(plan).toMatch(/Index Scan using memorial_person_id_idx on memorial/);
        expect(plan).not.toMatch(/memorial_merged_into_idx|person_operator_id_idx|Seq Scan on memorial/);
      } finally {
        await fresh.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The merge (lib/duplicates/merge-memorials.ts) and its undo.

const familyOf = (language: "fr" | "de") => ({
  email: uniqueEmail("family"),
  name: language === "de" ? "Familie Weber" : "Famille Weber",
  language,
});

/** Two duplicates, each with its family, the second with a guestbook message, a subscriber and a portrait. */
async function duplicates() {
  const { op, caller } = await operator();
  const keptFamily = familyOf("fr");
  const mergedFamily = familyOf("de");
  const kept = await create(caller, { firstName: "Anna", lastName: "Weber", family: keptFamily });
  const merged = await create(caller, {
    firstName: "Anna",
    lastName: "Weber",
    imageUrl: "https://example.org/anna.jpg",
    family: mergedFamily,
  });
  const entry = await db.guestbookEntry.create({
    data: { memorialId: merged.memorialId, authorName: "Paul", message: "Pensées", status: "published" },
  });
  const subscription = await db.reminderSubscription.create({
    data: {
      memorialId: merged.memorialId,
      email: "friend@example.org",
      language: "de",
      deathAnniversary: true,
      birthday: false,
      unsubscribeTokenHash: unique("h").padEnd(64, "0").slice(0, 64),
      linkBase: "http://trees.test",
    },
  });
  const [pair] = await pairsOf(merged.memorialId);
  const mergedTree = await db.tree.findFirstOrThrow({ where: { memorialId: merged.memorialId } });
  return { op, caller, kept, merged, entry, subscription, pair: pair!, mergedTree, keptFamily, mergedFamily };
}

const memorialRow = (id: number) => db.memorial.findUniqueOrThrow({ where: { id } });

/** Merges the pair of duplicates(), keeping `keepMemorialId`, as `by` asks. */
const mergeKeeping = (d: Awaited<ReturnType<typeof duplicates>>, keepMemorialId: number, by: string) =>
  asStaff(d.op, () =>
    mergeMemorials({ operatorId: d.op.operatorId, duplicateId: d.pair.id, keepMemorialId, by }),
  );

describe("merging a pair", () => {
  it("moves trees, guestbook, subscriptions and the portrait to the kept memorial, redirects the other, tells both families; the undo puts everything back", async () => {
    const d = await duplicates();
    const result = await asStaff(d.op, () =>
      mergeMemorials({
        operatorId: d.op.operatorId,
        duplicateId: d.pair.id,
        keepMemorialId: d.kept.memorialId,
        by: "staff@example.org",
        linkBase: "http://trees.test",
      }),
    );
    expect(result).toMatchObject({
      keptMemorialId: d.kept.memorialId,
      mergedMemorialId: d.merged.memorialId,
      treeIds: [d.mergedTree.id],
      guestbookEntries: 1,
      subscriptions: 1,
    });
    // The tree keeps its id and transaction; the move is recorded with the merge.
    const tree = await db.tree.findUniqueOrThrow({ where: { id: d.mergedTree.id } });
    expect(tree).toMatchObject({
      memorialId: d.kept.memorialId,
      personId: d.kept.personId,
      transactionId: d.mergedTree.transactionId,
    });
    expect(await db.treeMove.findMany({ where: { mergeId: result.mergeId } })).toHaveLength(1);
    expect((await db.guestbookEntry.findUniqueOrThrow({ where: { id: d.entry.id } })).memorialId).toBe(
      d.kept.memorialId,
    );
    expect(
      (await db.reminderSubscription.findUniqueOrThrow({ where: { id: d.subscription.id } })).memorialId,
    ).toBe(d.kept.memorialId);
    expect((await db.person.findUniqueOrThrow({ where: { id: d.kept.personId! } })).imageUrl).toBe(
      "https://example.org/anna.jpg",
    );
    expect((await memorialRow(d.merged.memorialId)).mergedIntoId).toBe(d.kept.memorialId);
    expect(await mergedTarget(d.merged.memorialId)).toBe(d.kept.memorialId);
    expect(await mergedTarget(d.kept.memorialId)).toBeNull();
    expect((await db.memorialDuplicate.findUniqueOrThrow({ where: { id: d.pair.id } })).state).toBe("merged");
    expect(
      await db.domainEvent.count({ where: { type: "memorial.merged", memorialId: d.kept.memorialId } }),
    ).toBe(1);
    // Listed as a merge that can be undone.
    const [listed] = await listDuplicates(d.op.operatorId);
    expect(listed).toMatchObject({ state: "merged", merge: { id: result.mergeId } });

    // Both families are told, each in its language, with the kept memorial's page.
    await dispatchEvents([mergeEmailConsumer], { operatorId: d.op.operatorId });
    const keptMail = await db.outgoingEmail.findFirstOrThrow({ where: { to: d.keptFamily.email } });
    const mergedMail = await db.outgoingEmail.findFirstOrThrow({ where: { to: d.mergedFamily.email } });
    expect(keptMail.subject).toContain("une seule page");
    expect(keptMail.text).toContain(`http://trees.test/memorial/${d.kept.memorialId}`);
    expect(mergedMail.subject).toContain("eine einzige Gedenkseite");
    expect(mergedMail.text).toContain(`http://trees.test/memorial/${d.kept.memorialId}?lang=de`);

    // A tree planted through the merged memorial's id goes to the kept one, and stays there.
    const later = await callerMemorial(
      d.caller,
      plantingCommand({ kind: "existing", memorialId: d.merged.memorialId }, { planter: "Later" }),
    );
    expect(later.memorialId).toBe(d.kept.memorialId);

    const undone = await asStaff(d.op, () =>
      undoMerge({
        operatorId: d.op.operatorId,
        mergeId: result.mergeId,
        by: "staff@example.org",
      }),
    );
    expect(undone.treeIds).toEqual([d.mergedTree.id]);
    expect((await db.tree.findUniqueOrThrow({ where: { id: d.mergedTree.id } })).memorialId).toBe(
      d.merged.memorialId,
    );
    expect(await db.tree.count({ where: { memorialId: d.kept.memorialId } })).toBe(2);
    expect((await db.guestbookEntry.findUniqueOrThrow({ where: { id: d.entry.id } })).memorialId).toBe(
      d.merged.memorialId,
    );
    expect(
      (await db.reminderSubscription.findUniqueOrThrow({ where: { id: d.subscription.id } })).memorialId,
    ).toBe(d.merged.memorialId);
    expect((await db.person.findUniqueOrThrow({ where: { id: d.kept.personId! } })).imageUrl).toBeNull();
    expect((await memorialRow(d.merged.memorialId)).mergedIntoId).toBeNull();
    expect(await mergedTarget(d.merged.memorialId)).toBeNull();
    expect((await db.memorialDuplicate.findUniqueOrThrow({ where: { id: d.pair.id } })).state).toBe(
      "unmerged",
    );
    expect(
      await db.domainEvent.count({ where: { type: "memorial.unmerged", memorialId: d.merged.memorialId } }),
    ).toBe(1);
    await expect(
      asStaff(d.op, () =>
        undoMerge({ operatorId: d.op.operatorId, mergeId: result.mergeId, by: "staff@example.org" }),
      ),
    ).rejects.toThrow(/already undone/);
    // Undone, the pair is listed again: it may be merged the other way.
    expect((await listDuplicates(d.op.operatorId)).map((p) => p.state)).toEqual(["unmerged"]);

    // Both families are told of the undo as they were told of the merge, each with its own page.
    await dispatchEvents([mergeEmailConsumer], { operatorId: d.op.operatorId });
    const [keptUndo, mergedUndo] = await Promise.all(
      [d.keptFamily.email, d.mergedFamily.email].map((to) =>
        db.outgoingEmail.findFirstOrThrow({ where: { to }, orderBy: { id: "desc" } }),
      ),
    );
    expect(keptUndo!.subject).toContain("à nouveau séparées");
    expect(keptUndo!.text).toContain(`http://trees.test/memorial/${d.kept.memorialId}`);
    expect(mergedUndo!.subject).toContain("wieder getrennt");
    expect(mergedUndo!.text).toContain(`http://trees.test/memorial/${d.merged.memorialId}?lang=de`);
    expect(
      await db.outgoingEmail.count({ where: { to: { in: [d.keptFamily.email, d.mergedFamily.email] } } }),
    ).toBe(4);
  });

  it("is undone within 30 days only, with a clear message after, and nothing changed", async () => {
    const d = await duplicates();
    const { mergeId } = await mergeKeeping(d, d.kept.memorialId, "cli");
    await db.$executeRaw`UPDATE "memorial_merge" SET "merged_at" = now() - interval '29 days 23 hours' WHERE "id" = ${mergeId}`;
    expect(await listDuplicates(d.op.operatorId)).toHaveLength(1);
    await db.$executeRaw`UPDATE "memorial_merge" SET "merged_at" = now() - interval '30 days 1 minute' WHERE "id" = ${mergeId}`;
    await expect(
      asStaff(d.op, () => undoMerge({ operatorId: d.op.operatorId, mergeId, by: "cli" })),
    ).rejects.toThrow(
      /can no longer be undone: a merge can be undone within 30 days, until \d{4}-\d{2}-\d{2}/,
    );
    expect((await memorialRow(d.merged.memorialId)).mergedIntoId).toBe(d.kept.memorialId);
    expect((await db.tree.findUniqueOrThrow({ where: { id: d.mergedTree.id } })).memorialId).toBe(
      d.kept.memorialId,
    );
    expect(await listDuplicates(d.op.operatorId)).toEqual([]);
  });

  it("of the same pair, many at once, gives one merge", async () => {
    const d = await duplicates();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        mergeKeeping(d, i % 2 === 0 ? d.kept.memorialId : d.merged.memorialId, `user${i}@example.org`),
      ),
    );
    const done = outcomes.filter((o) => o.status === "fulfilled");
    expect(done).toHaveLength(1);
    for (const o of outcomes) {
      if (o.status === "rejected") expect(String(o.reason)).toMatch(/already merged/);
    }
    expect(await db.memorialMerge.count({ where: { duplicateId: d.pair.id } })).toBe(1);
    const { keptMemorialId, mergedMemorialId } = (
      done[0] as PromiseFulfilledResult<{ keptMemorialId: number; mergedMemorialId: number }>
    ).value;
    expect(await db.tree.count({ where: { memorialId: mergedMemorialId } })).toBe(0);
    expect(await db.tree.count({ where: { memorialId: keptMemorialId } })).toBe(2);
    expect((await memorialRow(mergedMemorialId)).mergedIntoId).toBe(keptMemorialId);
    expect((await memorialRow(keptMemorialId)).mergedIntoId).toBeNull();
  });

  it("takes every tree planted while it runs: none stays in the memorial merged away", async () => {
    const d = await duplicates();
    const plant = () =>
      callerMemorial(
        d.caller,
        plantingCommand({ kind: "existing", memorialId: d.merged.memorialId }, { planter: "During" }),
      );
    const [merged, ...planted] = await Promise.all([
      mergeKeeping(d, d.kept.memorialId, "staff@example.org"),
      ...Array.from({ length: 12 }, plant),
    ]);
    expect(merged.keptMemorialId).toBe(d.kept.memorialId);
    expect(planted.every((p) => [d.kept.memorialId, d.merged.memorialId].includes(p.memorialId))).toBe(true);
    expect(await db.tree.count({ where: { memorialId: d.merged.memorialId } })).toBe(0);
    expect(await db.tree.count({ where: { memorialId: d.kept.memorialId } })).toBe(2 + 12);
  });

  it("sends a visitor's tree paid after the merge, and the visitor's words, to the kept memorial", async () => {
    const d = await duplicates();
    // A visitor chose the memorial merged away, then paid once the merge was done.
    const visitorPlantingId = await transaction(async (tx) =>
      recordVisitorPlanting(tx, {
        memorial: await plantableMemorial(tx, d.merged.memorialId),
        origin: "visitor_payment",
        words: { planter: "Une amie", message: "Pensées", email: "amie@example.org", language: "fr" },
        linkBase: "http://trees.test",
        checkoutSession: unique("cs"),
        amount: "12.00",
      }),
    );
    await mergeKeeping(d, d.kept.memorialId, "staff@example.org");
    // The payment's webhook plants it (app/stripe/webhook): the visitor acts.
    const outcome = await actingAs(VISITOR.actor, () =>
      withEvents((tx, changes) =>
        plantForVisitor(tx, changes, visitorPlantingId, { prepaid: "none", paymentReference: unique("pi") }),
      ),
    );
    expect(outcome.kind).toBe("planted");
    if (outcome.kind !== "planted") return;
    expect((await db.tree.findUniqueOrThrow({ where: { id: outcome.treeId } })).memorialId).toBe(
      d.kept.memorialId,
    );
    expect((await db.guestbookEntry.findFirstOrThrow({ where: { visitorPlantingId } })).memorialId).toBe(
      d.kept.memorialId,
    );
    expect(await db.tree.count({ where: { memorialId: d.merged.memorialId } })).toBe(0);
  });

  it("keeps the memorial that holds another partner's tree: merging it away is refused, merging into it works", async () => {
    const d = await duplicates();
    const newspaper = await operator();
    await callerMemorial(
      newspaper.caller,
      plantingCommand({ kind: "existing", memorialId: d.merged.memorialId }),
    );
    await expect(mergeKeeping(d, d.kept.memorialId, "x")).rejects.toThrow(
      `memorial ${d.merged.memorialId} holds trees another partner planted`,
    );
    expect(await db.memorialMerge.count({ where: { duplicateId: d.pair.id } })).toBe(0);
    const done = await mergeKeeping(d, d.merged.memorialId, "x");
    expect(done.keptMemorialId).toBe(d.merged.memorialId);
    expect(await db.tree.count({ where: { memorialId: d.merged.memorialId } })).toBe(3);
  });

  it.each([
    ["hidden", { hiddenAt: new Date() }],
    ["taken down", { takenDownAt: new Date() }],
    ["being erased", { erasureRequestedAt: new Date() }],
  ] as const)("refuses a memorial its family %s, either side, with nothing written", async (_, withdrawn) => {
    const d = await duplicates();
    await db.memorial.update({ where: { id: d.merged.memorialId }, data: withdrawn });
    for (const keep of [d.kept.memorialId, d.merged.memorialId]) {
      await expect(mergeKeeping(d, keep, "x")).rejects.toThrow(
        /hidden, taken down or is being erased by its family/,
      );
    }
    expect(await db.memorialMerge.count({ where: { duplicateId: d.pair.id } })).toBe(0);
    expect((await memorialRow(d.merged.memorialId)).mergedIntoId).toBeNull();
  });

  it("refuses another operator's pair, a memorial outside the pair, a pair marked not the same, with nothing written", async () => {
    const d = await duplicates();
    const other = await operator();
    await expect(
      asStaff(other.op, () =>
        mergeMemorials({
          operatorId: other.op.operatorId,
          duplicateId: d.pair.id,
          keepMemorialId: d.kept.memorialId,
          by: "x",
        }),
      ),
    ).rejects.toThrow(/does not exist/);
    await expect(mergeKeeping(d, 1, "x")).rejects.toThrow(/is not one of possible duplicate/);
    await asStaff(d.op, () =>
      markNotSamePerson({ operatorId: d.op.operatorId, duplicateId: d.pair.id, by: "x" }),
    );
    await expect(mergeKeeping(d, d.kept.memorialId, "x")).rejects.toThrow(/not the same person/);
    expect(await db.memorialMerge.count({ where: { duplicateId: d.pair.id } })).toBe(0);
    expect((await memorialRow(d.merged.memorialId)).mergedIntoId).toBeNull();
  });
});
