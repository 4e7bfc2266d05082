// On the real PostgreSQL: the audit log's writer (lib/changes/audit.ts, behind the one recorder) names the
// actor of the work being done and keeps the fields changed, never a personal field's values; the
// database refuses UPDATE, DELETE and TRUNCATE of the log, whoever asks.
import { actingAs, UNATTRIBUTED } from "@memorial/lib/audit/actor";
import { PERSONAL_VALUE } from "@memorial/lib/audit/words";
import { recordChange } from "@memorial/lib/changes/record";
import { db, transaction } from "@memorial/lib/db/client";
import { afterAll, describe, expect, it } from "vitest";

afterAll(() => db.$disconnect());

const marker = () => `t${Date.now()}${Math.random().toString(36).slice(2, 8)}`;

async function rowOf(targetId: string) {
  return db.auditLog.findFirstOrThrow({ where: { targetId } });
}

describe("the audit log", () => {
  it("writes the actor, the target and only the fields that changed, personal values hidden", async () => {
    const id = marker();
    await actingAs({ kind: "key", id: 7, name: "ERP", operatorId: 3 }, () =>
      transaction((tx) =>
        recordChange(tx, {
          kind: "subscription.modified",
          target: { type: "subscription", id },
          memorialId: 12,
          before: { lastName: "Dupont", deathDate: "2026-01-01", hidden: false },
          after: { lastName: "Dupond", deathDate: "2026-01-02", hidden: false },
        }),
      ),
    );
    const row = await rowOf(id);
    expect(row).toMatchObject({
      actorKind: "key",
      actorId: 7,
      actorLabel: "ERP",
      operatorId: 3,
      memorialId: 12,
      action: "subscription.modified",
      targetType: "subscription",
    });
    expect(row.changes).toEqual({
      lastName: { before: PERSONAL_VALUE, after: PERSONAL_VALUE },
      deathDate: { before: "2026-01-01", after: "2026-01-02" },
    });
  });

  it("names a write whose way in said no actor as unattributed, and rolls back with its change", async () => {
    const id = marker();
    await transaction((tx) => recordChange(tx, { kind: "tree.queued", target: { type: "tree", id } }));
    expect(await rowOf(id)).toMatchObject({
      actorKind: "system",
      actorLabel: UNATTRIBUTED.kind === "system" ? UNATTRIBUTED.name : "",
    });

    const gone = marker();
    await expect(
      actingAs({ kind: "cli", account: "root" }, () =>
        transaction(async (tx) => {
          await recordChange(tx, { kind: "tree.queued", target: { type: "tree", id: gone } });
          throw new Error("the change failed");
        }),
      ),
    ).rejects.toThrow("the change failed");
    expect(await db.auditLog.count({ where: { targetId: gone } })).toBe(0);
  });

  it("is refused UPDATE, DELETE and TRUNCATE by the database", async () => {
    const id = marker();
    await actingAs({ kind: "system", name: "test" }, () =>
      transaction((tx) =>
        recordChange(tx, { kind: "memorial.not_duplicate", target: { type: "memorial", id } }),
      ),
    );
    await expect(
      db.$executeRaw`UPDATE "audit_log" SET "action" = 'memorial.shown' WHERE "target_id" = ${id}`,
    ).rejects.toThrow(/append-only/);
    await expect(db.$executeRaw`DELETE FROM "audit_log" WHERE "target_id" = ${id}`).rejects.toThrow(
      /append-only/,
    );
    await expect(db.$executeRawUnsafe(`TRUNCATE "audit_log"`)).rejects.toThrow(/append-only/);
    expect((await rowOf(id)).action).toBe("memorial.not_duplicate");
  });
});
