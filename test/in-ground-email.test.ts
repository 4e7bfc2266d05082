// The in-ground e-mail's consumer (lib/mail/in-ground-consumer.ts) on events written as
// lib/trees writes them: one e-mail per record of a memorial (the events of one transaction), one
// per day in the ground when a record (an import) holds several days, none for a test tree or a
// family without an address. The consumer is called on the stored events directly, in a
// transaction, as the dispatcher calls it (dispatching here would take other tests' events).

import { actingAs } from "@memorial/lib/audit/actor";
import { withEvents } from "@memorial/lib/changes/record";
import { db, transaction } from "@memorial/lib/db/client";
import type { StoredEvent } from "@memorial/lib/events/dispatcher";
import { inGroundEmailConsumer } from "@memorial/lib/mail/in-ground-consumer";
import { afterAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "@/e2e/support/factories";
import { orderedTrees } from "@/e2e/support/trees";

afterAll(() => db.$disconnect());

async function memorialWith(trees: number, options: { email: string | null; isTest?: boolean }) {
  const isTest = options.isTest ?? false;
  const {
    op,
    memorial,
    trees: rows,
  } = await orderedTrees(trees, {
    operator: { language: "en" },
    person: { firstName: "Anne", lastName: "Lambert" },
    memorial: { title: "Anne Lambert" },
    plantedAt: new Date("2026-11-01T10:00:00Z"),
    isTest,
  });
  await db.memorial.update({ where: { id: memorial.id }, data: { language: "en" } });
  if (options.email) await db.family.create({ data: { memorialId: memorial.id, email: options.email } });
  return { op, memorial, trees: rows };
}

/** One record: the trees in the ground on their days, and their events, in one transaction. */
async function record(
  memorial: { id: number; operatorId: number; isTest: boolean },
  days: { treeId: number; on: string }[],
) {
  await actingAs({ kind: "system", name: "test" }, () =>
    withEvents(async (tx, changes) => {
      for (const { treeId, on } of days) {
        await tx.tree.update({
          where: { id: treeId },
          data: { status: "in_ground", inGroundOn: new Date(`${on}T00:00:00Z`) },
        });
      }
      for (const { treeId, on } of days) {
        await changes.record({
          kind: "tree.in_ground",
          target: { type: "tree", id: treeId },
          operatorId: memorial.operatorId,
          memorialId: memorial.id,
          after: { status: "in_ground", inGroundOn: on },
          event: {
            isTest: memorial.isTest,
            payload: {
              treeId,
              memorialId: memorial.id,
              on,
              latitude: 50.85,
              longitude: 4.35,
              photoKey: null,
            },
          },
        });
      }
    }),
  );
}

/** Hands the memorial's pending events to the consumer, in order, and marks them, as the dispatcher does. */
async function consume(memorialId: number) {
  await transaction(async (tx) => {
    const events = await tx.$queryRaw<StoredEvent[]>`
      SELECT "id", "type", "operator_id" AS "operatorId", "memorial_id" AS "memorialId",
        "is_test" AS "isTest", "payload", "created_at" AS "createdAt"
      FROM "domain_event" WHERE "memorial_id" = ${memorialId} AND "dispatched_at" IS NULL ORDER BY "id"`;
    for (const event of events) await inGroundEmailConsumer(tx, event);
    await tx.$executeRaw`UPDATE "domain_event" SET "dispatched_at" = now() WHERE "memorial_id" = ${memorialId}`;
  });
}

describe("the in-ground e-mail's consumer", () => {
  it("writes one e-mail per record, one per day of a record of several days", async () => {
    const email = uniqueEmail("fam");
    const { memorial, trees } = await memorialWith(5, { email });
    const [a, b, c, d, e] = trees.map((t) => t.id) as [number, number, number, number, number];
    // One batch of three trees: one e-mail.
    await record(
      memorial,
      [a, b, c].map((treeId) => ({ treeId, on: "2026-11-10" })),
    );
    await consume(memorial.id);
    let mails = await db.outgoingEmail.findMany({
      where: { memorialId: memorial.id },
      orderBy: { id: "asc" },
    });
    expect(mails.map((m) => m.subject)).toEqual([
      "The trees planted in memory of Anne Lambert are in the ground",
    ]);
    expect(mails[0]!.text).toContain(
      "The 3 trees planted in memory of Anne Lambert were planted in the ground on 10 November 2026.",
    );
    expect(mails[0]!.to).toBe(email);
    // A record of two days (an import): one e-mail per day. The events consumed before write nothing again.
    await record(memorial, [
      { treeId: d, on: "2026-11-11" },
      { treeId: e, on: "2026-11-12" },
    ]);
    await consume(memorial.id);
    mails = await db.outgoingEmail.findMany({ where: { memorialId: memorial.id }, orderBy: { id: "asc" } });
    expect(mails.map((m) => m.subject)).toEqual([
      "The trees planted in memory of Anne Lambert are in the ground",
      "The tree planted in memory of Anne Lambert is in the ground",
      "The tree planted in memory of Anne Lambert is in the ground",
    ]);
    expect(mails[1]!.text).toContain("on 11 November 2026.");
    expect(mails[2]!.text).toContain("on 12 November 2026.");
  });

  it("writes nothing for a test tree or a family without an address", async () => {
    const test = await memorialWith(1, { email: "family-test@example.org", isTest: true });
    await record(test.memorial, [{ treeId: test.trees[0]!.id, on: "2026-11-10" }]);
    await consume(test.memorial.id);
    const none = await memorialWith(1, { email: null });
    await record(none.memorial, [{ treeId: none.trees[0]!.id, on: "2026-11-10" }]);
    await consume(none.memorial.id);
    expect(
      await db.outgoingEmail.count({ where: { memorialId: { in: [test.memorial.id, none.memorial.id] } } }),
    ).toBe(0);
  });

  it("names every planting team of the record, each once, not only the first", async () => {
    const email = uniqueEmail("teams");
    const { memorial, trees } = await memorialWith(4, { email });
    const teams = ["Team North", "Team South", "Team North", null];
    for (const [i, tree] of trees.entries()) {
      await db.tree.update({ where: { id: tree.id }, data: { plantedBy: teams[i] } });
    }
    await record(
      memorial,
      trees.map((tree) => ({ treeId: tree.id, on: "2026-11-10" })),
    );
    await consume(memorial.id);
    const [mail, ...others] = await db.outgoingEmail.findMany({ where: { memorialId: memorial.id } });
    expect(others).toHaveLength(0);
    expect(mail!.text).toContain("Planted by Team North and Team South.");
    expect(mail!.html).toContain("Planted by Team North and Team South.");
  });
});
