// On the real PostgreSQL, through the job runner with the clock moved in the database
// (erasure_requested_at set back): a family asks for the erasure of its memorial (e-mail that day:
// when, and how to undo), undoes it on day 13 (the job erases nothing), asks again, and on day 14
// the daily job `family-erasure` anonymises the deceased, the planters' names and messages, the
// guestbook, the visitors' plantings, the family's name and address, deletes the reminder
// subscriptions and the deceased's photo, takes the memorial down for good (e-mail that day);
// trees and transactions stay. A second run changes nothing and sends nothing.

import { randomBytes } from "node:crypto";
import { actingAs } from "@memorial/lib/audit/actor";
import { db, transaction } from "@memorial/lib/db/client";
import { enqueue } from "@memorial/lib/jobs/enqueue";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { ERASED_TEXT, ERASURE_JOB, setErasureRequested } from "@memorial/lib/privacy/erasure";
import { setMemorialTakenDown } from "@memorial/lib/privacy/takedown";
import { memorialInfos } from "@memorial/lib/trees/memorial-infos";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, unique } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { runItemJobs } from "./support/daily-jobs";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

/** The daily job as its schedule adds it, run by the runner. */
async function runErasure() {
  await enqueue(db, ERASURE_JOB, {}, { key: ERASURE_JOB, queue: ERASURE_JOB });
  await runItemJobs(ERASURE_JOB);
}

const address = () => `${unique("f").replace(/[^a-z0-9-]/gi, "")}@example.org`.toLowerCase();

/** A memorial with everything an erasure touches: a family, a planter's message, a guestbook... */
async function fullMemorial() {
  // Stock for the two memorials' trees and no more: the queued planting below waits for stock,
  // and the planting queue's job, which another file may run at any moment for every operator,
  // must leave it waiting (with stock left, it planted a third tree in the middle of a test).
  const op = await makeIsolatedOperator({ stock: 2 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const familyEmail = address();
  const made = await fixtureMemorial(
    caller,
    plantingCommand(
      newMemorialTarget({
        family: { email: familyEmail, name: "Famille Dupont", language: "fr" },
        deceased: {
          firstName: "Odile",
          lastName: "Effacée",
          civility: "Mme",
          birthDate: new Date("1940-02-03T00:00:00Z"),
          placeOfDeath: "Namur",
          imageUrl: "https://partner.example/odile.jpg",
        },
      }),
      { planter: "Jean Planteur", message: "Un message pour Odile" },
    ),
  );
  const id = made.memorialId;
  const memorial = await db.memorial.findUniqueOrThrow({ where: { id } });
  await db.guestbookEntry.create({
    data: { memorialId: id, authorName: "Paul Auteur", message: "Pensées", status: "published" },
  });
  const visitorEmail = address();
  await db.visitorPlanting.create({
    data: {
      memorialId: id,
      operatorId: memorial.operatorId,
      origin: "visitor_code",
      status: "planted",
      planter: "Vera Visiteuse",
      message: "De tout cœur",
      email: visitorEmail,
      language: "fr",
      linkBase: "http://trees.test",
    },
  });
  const subscription = await db.reminderSubscription.create({
    data: {
      memorialId: id,
      email: address(),
      language: "fr",
      deathAnniversary: true,
      birthday: false,
      unsubscribeTokenHash: randomBytes(32).toString("hex"),
      confirmedAt: new Date(),
      linkBase: "http://trees.test",
    },
  });
  // A reminder already sent: its record references the subscription the erasure deletes.
  await db.reminderSent.create({
    data: { subscriptionId: subscription.id, kind: "death_anniversary", year: 2025 },
  });
  // A planting waiting for stock, a confirmation link kept with its planting, and a possible
  // duplicate that matched on the place of death: each holds words of the memorial's people.
  await db.queuedPlanting.create({
    data: { memorialId: id, operatorId: memorial.operatorId, planter: "Quentin Attente", message: "Bientôt" },
  });
  await db.confirmationToken.create({
    data: {
      memorialId: id,
      operatorId: memorial.operatorId,
      tokenHash: randomBytes(32).toString("hex"),
      expiresAt: new Date(Date.now() - 86_400_000),
      usedAt: new Date(Date.now() - 2 * 86_400_000),
      planter: "Jean Planteur",
      message: "Un message pour Odile",
    },
  });
  const other = await fixtureMemorial(caller);
  await db.memorialDuplicate.create({
    data: {
      operatorId: memorial.operatorId,
      firstMemorialId: Math.min(id, other.memorialId),
      secondMemorialId: Math.max(id, other.memorialId),
      nameSimilarity: 0.9,
      deathDaysApart: 0,
      place: "Namur",
    },
  });
  const token = await transaction(async (tx) => (await issueManageToken(tx, id)).token);
  return { id, token, familyEmail, visitorEmail, personId: memorial.personId as number, caller };
}

const emailsTo = (to: string) => db.outgoingEmail.findMany({ where: { to }, orderBy: { id: "asc" } });

/** Moves the request `days` days into the past (the clock, in the database). */
const askedDaysAgo = (id: number, days: number) =>
  db.$executeRaw`UPDATE "memorial" SET "erasure_requested_at" = now() - make_interval(days => ${days}) WHERE "id" = ${id}`;

describe("a family's erasure", () => {
  it("is undone on day 13 (nothing erased), carried out on day 14, once, with an e-mail on both days", async () => {
    const m = await fullMemorial();
    const family = { by: "family" as const, token: m.token };
    const manageUrl = `http://trees.test/manage/${m.token}`;
    // The family asks for the erasure and undoes it on its management page: they act.
    const familyAsks = (requested: boolean) =>
      actingAs({ kind: "family", memorialId: m.id }, () => setErasureRequested(family, requested, manageUrl));
    const trees = await db.tree.findMany({ where: { memorialId: m.id }, orderBy: { id: "asc" } });
    const transactions = await db.transaction.findMany({
      where: { memorialId: m.id },
      orderBy: { id: "asc" },
    });
    expect(trees.length).toBeGreaterThan(0);
    expect(trees[0]?.planter).toBe("Jean Planteur");

    // Asked: an e-mail the same day, saying when and how to undo (the management page).
    expect(await familyAsks(true)).toEqual({ requested: true, changed: true });
    expect(await familyAsks(true)).toEqual({ requested: true, changed: false });
    const asked = await emailsTo(m.familyEmail);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.subject).toContain("Effacement du mémorial");
    expect(asked[0]?.text).toContain(manageUrl);
    const day14 = new Date();
    day14.setUTCDate(day14.getUTCDate() + 14);
    const dayText = new Intl.DateTimeFormat("fr-BE", { day: "numeric", timeZone: "UTC" }).format(day14);
    expect(asked[0]?.text).toMatch(new RegExp(`le ${dayText}\\b`));

    // Day 13: the job erases nothing; the family undoes it.
    await askedDaysAgo(m.id, 13);
    await runErasure();
    expect((await db.memorial.findUniqueOrThrow({ where: { id: m.id } })).erasedAt).toBeNull();
    expect(await familyAsks(false)).toEqual({ requested: false, changed: true });
    // Undone: no request is left for the job, whatever day it runs.
    await runErasure();
    const kept = await db.memorial.findUniqueOrThrow({
      where: { id: m.id },
      include: { person: true, family: true },
    });
    expect(kept.erasedAt).toBeNull();
    expect(kept.takenDownAt).toBeNull();
    expect(kept.person?.firstName).toBe("Odile");
    expect(kept.family?.email).toBe(m.familyEmail);
    expect(await db.reminderSubscription.count({ where: { memorialId: m.id } })).toBe(1);
    expect((await db.tree.findFirstOrThrow({ where: { memorialId: m.id } })).planter).toBe("Jean Planteur");

    // Asked again; day 14: carried out.
    expect(await familyAsks(true)).toEqual({ requested: true, changed: true });
    expect(await emailsTo(m.familyEmail)).toHaveLength(2);
    await askedDaysAgo(m.id, 14);
    await runErasure();

    const erased = await db.memorial.findUniqueOrThrow({
      where: { id: m.id },
      include: { person: true, family: true },
    });
    expect(erased.erasedAt).not.toBeNull();
    expect(erased.takenDownAt).not.toBeNull();
    expect(erased.kind).toBe("anonymous");
    expect(erased.anonymousName).toBeNull();
    expect(erased.title).toBe(`In memoriam · n° ${m.id}`);
    expect(erased.title).not.toContain("Odile");
    expect(erased.person).toMatchObject({
      firstName: null,
      lastName: null,
      civility: null,
      birthDate: null,
      placeOfDeath: null,
      imageUrl: null,
    });
    expect(erased.family).toMatchObject({ email: null, name: null });
    for (const tree of await db.tree.findMany({ where: { memorialId: m.id } })) {
      expect(tree.planter).toBe(ERASED_TEXT);
      expect(tree.message).toBeNull();
    }
    const entries = await db.guestbookEntry.findMany({ where: { memorialId: m.id } });
    expect(entries.map((e) => [e.authorName, e.message])).toEqual([[ERASED_TEXT, ERASED_TEXT]]);
    const plantings = await db.visitorPlanting.findMany({ where: { memorialId: m.id } });
    expect(plantings.map((p) => [p.planter, p.message, p.email])).toEqual([[ERASED_TEXT, null, null]]);
    expect(await db.reminderSubscription.count({ where: { memorialId: m.id } })).toBe(0);
    expect((await memorialInfos(m.caller, m.id, { limit: 10, offset: 0 })).state).toBe("erased");
    const waiting = await db.queuedPlanting.findMany({ where: { memorialId: m.id } });
    expect(waiting.map((q) => [q.planter, q.message])).toEqual([[ERASED_TEXT, null]]);
    const links = await db.confirmationToken.findMany({ where: { memorialId: m.id } });
    expect(links.map((t) => [t.planter, t.message])).toEqual([[ERASED_TEXT, null]]);
    const pairs = await db.memorialDuplicate.findMany({
      where: { OR: [{ firstMemorialId: m.id }, { secondMemorialId: m.id }] },
    });
    expect(pairs.map((p) => p.place)).toEqual([null]);
    // Trees, transactions and amounts stay.
    expect(
      (await db.tree.findMany({ where: { memorialId: m.id }, orderBy: { id: "asc" } })).map((t) => t.id),
    ).toEqual(trees.map((t) => t.id));
    expect(
      (await db.transaction.findMany({ where: { memorialId: m.id }, orderBy: { id: "asc" } })).map((t) => [
        t.id,
        String(t.amount),
      ]),
    ).toEqual(transactions.map((t) => [t.id, String(t.amount)]));
    // The e-mail of the day it was carried out, to the address it had.
    const all = await emailsTo(m.familyEmail);
    expect(all).toHaveLength(3);
    expect(all[2]?.subject).toContain("a été effacé");
    // The domain event, as the family's change.
    const events = await db.domainEvent.findMany({ where: { memorialId: m.id, type: "memorial.erased" } });
    expect(events.map((e) => e.payload)).toEqual([{ by: "family" }]);

    // Once: a second run changes nothing and sends nothing; the takedown cannot be undone any more.
    await runErasure();
    expect(await emailsTo(m.familyEmail)).toHaveLength(3);
    expect(await db.domainEvent.count({ where: { memorialId: m.id, type: "memorial.erased" } })).toBe(1);
    await expect(setMemorialTakenDown(family, false)).rejects.toThrow(/erased/);
    await expect(familyAsks(false)).rejects.toThrow(/erased/);
  });
});
