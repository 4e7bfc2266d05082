// The memorial use cases against the real PostgreSQL, without a server: commands in, results and
// rows out. One test per defect the review of the first version found, and the domain events.

import { actingAs } from "@memorial/lib/audit/actor";
import { db } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import { dispatchEvents } from "@memorial/lib/events/dispatcher";
import { onEventSignals } from "@memorial/lib/events/events";
import { RetryLater } from "@memorial/lib/jobs/retry";
import { confirmationEmailConsumer } from "@memorial/lib/mail/confirmation-consumer";
import type { CreateMemorialCommand } from "@memorial/lib/memorials/commands";
import { createMemorial } from "@memorial/lib/memorials/create-memorial";
import { requestHash } from "@memorial/lib/memorials/idempotency";
import { modifyPerson } from "@memorial/lib/memorials/modify-person";
import { createOperator } from "@memorial/lib/operators/create-operator";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { treeReport } from "@memorial/lib/reports/tree-report";
import { serviceAdminScope } from "@memorial/lib/scope";
import { listTransactions } from "@memorial/lib/transactions/queries";
import { memorialInfos } from "@memorial/lib/trees/memorial-infos";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, makeContext, makeIsolatedOperator, unique } from "@/e2e/support/factories";
import { awaitingFamilyTarget, newMemorialTarget, plantingCommand } from "./support/commands";

afterAll(() => db.$disconnect());

async function callers(options: Parameters<typeof makeIsolatedOperator>[0] = {}) {
  const op = await makeIsolatedOperator(options);
  const live = (await authenticateKey(op.key)) as Caller;
  const test = (await authenticateKey(op.testKey)) as Caller;
  return { op, live, test };
}

const plant = (caller: Caller, cmd: CreateMemorialCommand, idempotencyKey?: string) =>
  actingAs(caller.actor, () =>
    createMemorial({
      caller,
      command: cmd,
      linkBase: "http://trees.test",
      idempotency: idempotencyKey
        ? { key: idempotencyKey, requestHash: requestHash({ same: "body" }) }
        : undefined,
    }),
  );

describe("Idempotency-Key", () => {
  it("belongs to the key's environment: a live retry never replays a test response", async () => {
    const { live, test } = await callers();
    const key = unique("retry");
    const fromTest = await plant(test, plantingCommand(newMemorialTarget()), key);
    const fromLive = await plant(live, plantingCommand(newMemorialTarget()), key);
    expect(fromLive.replayed).toBe(false);
    expect(fromLive.memorialId).not.toBe(fromTest.memorialId);
    const again = await plant(live, plantingCommand(newMemorialTarget()), key);
    expect(again).toMatchObject({ replayed: true, memorialId: fromLive.memorialId });
  });

  it("expires: a record older than 24 hours names a new request, and the purge deletes it", async () => {
    const { live } = await callers();
    const key = unique("old");
    const first = await plant(live, plantingCommand(newMemorialTarget()), key);
    await db.idempotencyRecord.updateMany({
      where: { operatorId: live.operatorId, key },
      data: { createdAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    const later = await plant(live, plantingCommand(newMemorialTarget()), key);
    expect(later.replayed).toBe(false);
    expect(later.memorialId).not.toBe(first.memorialId);

    const { purgeIdempotencyRecords } = await import("@memorial/lib/memorials/idempotency");
    const stale = unique("stale");
    await plant(live, plantingCommand(newMemorialTarget()), stale);
    await db.idempotencyRecord.updateMany({
      where: { operatorId: live.operatorId, key: stale },
      data: { createdAt: new Date(Date.now() - 25 * 3_600_000) },
    });
    await purgeIdempotencyRecords();
    expect(await db.idempotencyRecord.count({ where: { operatorId: live.operatorId, key: stale } })).toBe(0);
    expect(await db.idempotencyRecord.count({ where: { operatorId: live.operatorId, key } })).toBe(1);
  });
});

describe("the global memorial", () => {
  it("is one per environment: a test key's orphan tree never creates or touches the live one", async () => {
    const { live, test } = await callers();
    const testTree = await plant(test, plantingCommand({ kind: "orphan" }));
    expect(
      await db.memorial.count({ where: { operatorId: live.operatorId, kind: "global", isTest: false } }),
    ).toBe(0);
    const liveTree = await plant(live, plantingCommand({ kind: "orphan" }));
    expect(liveTree.memorialId).not.toBe(testTree.memorialId);
    const liveGlobal = await db.memorial.findUniqueOrThrow({
      where: { id: liveTree.memorialId },
      include: { trees: true },
    });
    expect(liveGlobal).toMatchObject({ kind: "global", isTest: false });
    expect(liveGlobal.trees.map((t) => t.isTest)).toEqual([false]);
  });

  it("records its CreationMemorial transaction, as every new memorial does", async () => {
    const { live } = await callers();
    const first = await plant(live, plantingCommand({ kind: "orphan" }));
    const second = await plant(live, plantingCommand({ kind: "orphan" }));
    expect(second.memorialId).toBe(first.memorialId);
    const types = await db.transaction.findMany({
      where: { memorialId: first.memorialId },
      orderBy: { id: "asc" },
      select: { type: true },
    });
    expect(types.map((t) => t.type)).toEqual(["CreationMemorial", "Plantation", "Plantation"]);
  });
});

describe("the memorial policy", () => {
  it("shows a test tree only to the test key of the operator that planted it", async () => {
    const a = await callers();
    const b = await callers();
    const epf = await makeContext(a.op.operatorId, "Epf");
    const memorial = await plant(a.live, plantingCommand(newMemorialTarget(), { context: { Epf: epf.id } }));
    // Operator B's test key plants into A's public memorial.
    await plant(
      b.test,
      plantingCommand({ kind: "existing", memorialId: memorial.memorialId }, { planter: "B test" }),
    );
    const page = { limit: 100, offset: 0 };
    const seenByATest = await memorialInfos(a.test, memorial.memorialId, page);
    expect(seenByATest.trees.map((t) => t.planter)).not.toContain("B test");
    const seenByBTest = await memorialInfos(b.test, memorial.memorialId, page);
    expect(seenByBTest.trees.map((t) => t.planter)).toContain("B test");
    const period = { start: new Date("2000-01-01T00:00:00Z"), end: new Date("2100-01-01T00:00:00Z") };
    const report = await treeReport({
      scope: a.test,
      epfId: epf.id,
      personId: null,
      period,
      limit: 100,
      offset: 0,
    });
    expect(report.lines.map((l) => l.planter)).not.toContain("B test");
  });

  it("answers another environment's person as not found in the person report", async () => {
    const { op, live, test } = await callers();
    const epf = await makeContext(op.operatorId, "Epf");
    const livePerson = await plant(live, plantingCommand(newMemorialTarget(), { context: { Epf: epf.id } }));
    const testPerson = await plant(test, plantingCommand(newMemorialTarget(), { context: { Epf: epf.id } }));
    const period = { start: new Date("2000-01-01T00:00:00Z"), end: new Date("2100-01-01T00:00:00Z") };
    const report = (isTest: boolean, personId: number | null) =>
      treeReport({
        scope: serviceAdminScope(op.operatorId, isTest ? "test" : "production"),
        epfId: epf.id,
        personId,
        period,
        limit: 10,
        offset: 0,
      });
    await expect(report(true, livePerson.personId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(report(false, testPerson.personId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await report(false, livePerson.personId)).totals.trees).toBe(1);
    expect((await report(true, testPerson.personId)).totals.trees).toBe(1);
  });

  it("names a refused field as data, in the command's words", async () => {
    const { live } = await callers();
    const error = await plant(
      live,
      plantingCommand(newMemorialTarget({ deceased: { firstName: null, lastName: null } })),
    ).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.problem).toEqual({ field: "deceased.lastName", reason: "required-for-classic" });
  });
});

describe("domain events", () => {
  it("are written in the planting's transaction and heard by this process at commit", async () => {
    const { live } = await callers();
    const heard: number[] = [];
    const stop = onEventSignals((signals) => {
      for (const s of signals) heard.push(...s.memorialIds);
    });
    const result = await plant(live, plantingCommand(newMemorialTarget()));
    stop();
    expect(heard).toContain(result.memorialId);
    const events = await db.domainEvent.findMany({
      where: { memorialId: result.memorialId },
      orderBy: { id: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual(["memorial.created", "tree.planted"]);
  });

  it("record nothing when the use case fails", async () => {
    const { live } = await callers({ stock: 0 });
    const before = await db.domainEvent.count({ where: { operatorId: live.operatorId } });
    await expect(plant(live, plantingCommand(newMemorialTarget()))).rejects.toMatchObject({
      code: "NO_TREE_AVAILABLE",
    });
    expect(await db.domainEvent.count({ where: { operatorId: live.operatorId } })).toBe(before);
    expect(await db.memorial.count({ where: { operatorId: live.operatorId } })).toBe(0);
  });

  it("give a confirmation e-mail exactly once, even when the dispatcher stopped before it ran", async () => {
    const { live } = await callers();
    const result = await plant(live, plantingCommand(awaitingFamilyTarget("famille@example.org")));
    // A crash after the commit: no consumer ran. The next dispatcher (two at once) sends it once.
    expect(await db.outgoingEmail.count({ where: { memorialId: result.memorialId } })).toBe(0);
    // (The job `dispatch-events` is this pass; three at once, as on two instances.)
    const dispatch = () => dispatchEvents([confirmationEmailConsumer], { operatorId: live.operatorId });
    await Promise.all([dispatch(), dispatch(), dispatch()]);
    const mails = await db.outgoingEmail.findMany({ where: { memorialId: result.memorialId } });
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("http://trees.test/confirm/");
    expect(await db.confirmationToken.count({ where: { memorialId: result.memorialId } })).toBe(1);
    const event = await db.domainEvent.findFirstOrThrow({
      where: { memorialId: result.memorialId, type: "memorial.created" },
    });
    expect(event.dispatchedAt).not.toBeNull();
  });

  it("are dispatched in batches; a consumer failing on one event sets it aside, the others go once", async () => {
    const { live } = await callers();
    const made: Awaited<ReturnType<typeof plant>>[] = [];
    for (let i = 0; i < 3; i++) made.push(await plant(live, plantingCommand(newMemorialTarget())));
    const mine = await db.domainEvent.findMany({
      where: { operatorId: live.operatorId, dispatchedAt: null },
      orderBy: { id: "asc" },
    });
    expect(mine).toHaveLength(6); // memorial.created and tree.planted of each
    const bad = mine.find((e) => e.type === "memorial.created" && e.memorialId === made[1]!.memorialId)!;
    // Another operator's events, pending meanwhile: a pass for one operator leaves them be.
    const other = await callers();
    await plant(other.live, plantingCommand(newMemorialTarget()));
    const consumer = async (_tx: unknown, event: { id: bigint }) => {
      if (event.id === bad.id) throw new Error("the receiving system is down");
    };
    // The pass goes on past the failing event, then asks for the retry policy's next attempt.
    await expect(dispatchEvents([consumer], { operatorId: live.operatorId })).rejects.toBeInstanceOf(
      RetryLater,
    );
    const others = await db.domainEvent.findMany({ where: { operatorId: other.live.operatorId } });
    expect(others.map((e) => [e.dispatchedAt, e.attempts])).toEqual([
      [null, 0],
      [null, 0],
    ]);
    const after = await db.domainEvent.findMany({ where: { id: { in: mine.map((e) => e.id) } } });
    for (const event of after) {
      if (event.id === bad.id) {
        expect(event).toMatchObject({ dispatchedAt: null, attempts: 1 });
        expect(event.lastError).toContain("the receiving system is down");
      } else {
        expect(event.dispatchedAt).not.toBeNull();
        expect(event.attempts).toBe(1);
      }
    }
  });

  it("tell every memorial of a modified person", async () => {
    const { live } = await callers();
    const result = await plant(live, plantingCommand(newMemorialTarget()));
    await actingAs(live.actor, () =>
      modifyPerson({
        caller: live,
        command: { personId: result.personId!, lastName: "Martin", updateTitles: true },
      }),
    );
    const event = await db.domainEvent.findFirstOrThrow({
      where: { operatorId: live.operatorId, type: "person.modified" },
    });
    expect(event.payload).toMatchObject({ personId: result.personId, memorialIds: [result.memorialId] });
  });
});

describe("modifyPerson", () => {
  it("writes nothing when the dates end up in the wrong order", async () => {
    const { live } = await callers();
    const result = await plant(live, plantingCommand(newMemorialTarget()));
    await expect(
      actingAs(live.actor, () =>
        modifyPerson({
          caller: live,
          command: {
            personId: result.personId!,
            lastName: "Changed",
            birthDate: new Date("2027-01-01"),
            updateTitles: true,
          },
        }),
      ),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
      problem: { field: "birthDate", reason: "after-death" },
    });
    expect((await db.person.findUniqueOrThrow({ where: { id: result.personId! } })).lastName).toBe("Dupont");
  });
});

describe("operator create", () => {
  it("writes its operator and its keys in one transaction", async () => {
    const name = unique("atomic");
    // A trigger refuses the test key of this operator only: the live key and the operator must go too.
    await db.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION refuse_probe_key() RETURNS trigger AS $$
      BEGIN
        IF NEW.environment = 'test' AND (SELECT name FROM operator WHERE id = NEW.operator_id) = '${name}' THEN
          RAISE EXCEPTION 'probe';
        END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await db.$executeRawUnsafe(
      "CREATE TRIGGER refuse_probe_key BEFORE INSERT ON api_key FOR EACH ROW EXECUTE FUNCTION refuse_probe_key()",
    );
    try {
      await expect(actingAs(COMMAND_LINE, () => createOperator({ name }))).rejects.toThrow();
      expect(await db.operator.count({ where: { name } })).toBe(0);
    } finally {
      await db.$executeRawUnsafe("DROP TRIGGER refuse_probe_key ON api_key");
      await db.$executeRawUnsafe("DROP FUNCTION refuse_probe_key()");
    }
  });
});

describe("listings", () => {
  it("give a page and a count that agree while other plantings are written", async () => {
    const { live } = await callers();
    const now = new Date();
    const writes = Promise.all(
      Array.from({ length: 20 }, () => plant(live, plantingCommand(newMemorialTarget()))),
    );
    const reads: { rows: number; total: number }[] = [];
    for (let i = 0; i < 30; i++) {
      const { rows, total } = await listTransactions({
        scope: live,
        year: now.getUTCFullYear(),
        month: now.getUTCMonth() + 1,
        limit: 5,
        offset: 5,
      });
      reads.push({ rows: rows.length, total });
    }
    await writes;
    for (const read of reads) {
      // The page holds exactly what the count says is there after the first five.
      expect(read.rows).toBe(Math.max(0, Math.min(5, read.total - 5)));
    }
  });
});

describe("the dashboard's reach", () => {
  it("does not resend the confirmation of a test key's memorial (the dashboard acts on live data)", async () => {
    const { test } = await callers();
    const made = await plant(test, plantingCommand(awaitingFamilyTarget("t@example.org")));
    const { resendConfirmation } = await import("@memorial/lib/memorials/resend-confirmation");
    await expect(
      resendConfirmation({
        scope: serviceAdminScope(test.operatorId),
        memorialId: made.memorialId,
        linkBase: "http://x",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("reads a key id of 2^40 as no id, never as a database error", async () => {
    const { parseId } = await import("@memorial/lib/validation");
    expect(parseId(2 ** 40)).toBeNull();
    expect(parseId("2147483648")).toBeNull();
    expect(parseId("2147483647")).toBe(2_147_483_647);
    const { revokeApiKeyById } = await import("@memorial/lib/operators/keys");
    const { live } = await callers();
    // The largest id that can exist is looked for, and simply not found.
    expect(await revokeApiKeyById(live.operatorId, 2_147_483_647)).toBe(false);
  });
});
