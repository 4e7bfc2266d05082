// One record per change: a use case records its change with one call of the recorder
// (lib/changes/record.ts), which writes the change's audit row and its domain event in the change's
// transaction, from one catalogue of kinds (lib/changes/kinds.ts). On the real PostgreSQL: both
// rows from one call, or neither; a kind's event under its own name where the audit's differs; a
// publishing kind refused outside a transaction with events. And in the sources: nothing but the
// recorder imports the audit's writer or writes events itself.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { actingAs } from "@memorial/lib/audit/actor";
import { AUDIT_ACTIONS, CHANGE_KINDS, type ChangeKind } from "@memorial/lib/changes/kinds";
import { type Change, recordChange, withEvents } from "@memorial/lib/changes/record";
import { db, transaction } from "@memorial/lib/db/client";
import { EVENT_TYPES } from "@memorial/lib/events/event-types";
import { WEBHOOK_EVENTS } from "@memorial/lib/webhooks/event-types";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";

afterAll(() => db.$disconnect());

const ROOT = path.resolve(__dirname, "..");
const FOLDERS = ["lib", "app", "web", "components", "cli", "scripts", "test", "e2e"];

function sources(folder: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (name === "node_modules" || name === "generated" || name.startsWith(".")) continue;
    if (statSync(full).isDirectory()) found.push(...sources(full));
    else if (/\.(ts|tsx|mjs)$/.test(name)) found.push(full);
  }
  return found;
}

/** What a source outside the recorder must not do: import the audit's writer, or write rows itself. */
function bypassesOfRecorder(source: string): string[] {
  const found: string[] = [];
  if (/from\s+["'][^"']*changes\/audit["']/.test(source)) found.push("imports lib/changes/audit");
  for (const name of ["recordAudit", "recordEvents", "auditInsertSql", "deferAudits"]) {
    if (new RegExp(`\\b${name}\\b`).test(source)) found.push(`names ${name}`);
  }
  return found;
}

describe("the one recorder", () => {
  it("is the only module that reaches the audit's writer and the events' insert", () => {
    const self = path.join(ROOT, "test", "one-recorder.test.ts");
    const offenders = FOLDERS.flatMap((folder) => sources(path.join(ROOT, folder)))
      .filter((file) => file !== self && !file.startsWith(path.join(ROOT, "lib", "changes") + path.sep))
      .flatMap((file) =>
        bypassesOfRecorder(readFileSync(file, "utf8")).map((why) => `${path.relative(ROOT, file)}: ${why}`),
      );
    expect(offenders).toEqual([]);
    // The check bites: a use case importing the writer, or naming it, is found.
    expect(bypassesOfRecorder('import { recordAudit } from "@memorial/lib/changes/audit";')).toEqual([
      "imports lib/changes/audit",
      "names recordAudit",
    ]);
    expect(bypassesOfRecorder('import { x } from "../changes/audit";')).toEqual([
      "imports lib/changes/audit",
    ]);
    expect(bypassesOfRecorder('import { recordChange } from "@memorial/lib/changes/record";')).toEqual([]);
  });

  it("writes a change's audit row and its event from one call, in the change's transaction", async () => {
    const op = await makeIsolatedOperator();
    const keyId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
    const revoked: Change = {
      kind: "key.revoked",
      target: { type: "key", id: keyId },
      operatorId: op.operatorId,
      before: { revoked: false },
      after: { revoked: true },
      event: { isTest: true, payload: { keyId } },
    };
    const rows = async () => ({
      audit: await db.auditLog.findMany({ where: { targetType: "key", targetId: String(keyId) } }),
      events: await db.domainEvent.findMany({
        where: {
          operatorId: op.operatorId,
          type: "key.revoked",
          payload: { path: ["keyId"], equals: keyId },
        },
      }),
    });

    // A change that fails after its record leaves neither row.
    await expect(
      actingAs({ kind: "system", name: "test" }, () =>
        withEvents(async (_tx, changes) => {
          await changes.record(revoked);
          throw new Error("the change failed");
        }),
      ),
    ).rejects.toThrow("the change failed");
    expect(await rows()).toEqual({ audit: [], events: [] });

    await actingAs({ kind: "system", name: "test" }, () =>
      withEvents((_tx, changes) => changes.record(revoked)),
    );
    const { audit, events } = await rows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "key.revoked",
      operatorId: op.operatorId,
      actorKind: "system",
      actorLabel: "test",
      changes: { revoked: { before: false, after: true } },
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ isTest: true, memorialId: null, payload: { keyId } });
  });

  it("publishes a kind's event under the event's name where the audit's differs", async () => {
    const op = await makeIsolatedOperator();
    const memorialId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000_000);
    await actingAs({ kind: "system", name: "test" }, () =>
      withEvents((_tx, changes) =>
        changes.record({
          kind: "guestbook.mode_changed",
          target: { type: "memorial", id: memorialId },
          operatorId: op.operatorId,
          before: { guestbookMode: "approval" },
          after: { guestbookMode: "open" },
          event: { isTest: true, payload: { by: "operator", mode: "open", previousMode: "approval" } },
        }),
      ),
    );
    const audit = await db.auditLog.findMany({
      where: { targetType: "memorial", targetId: String(memorialId) },
    });
    const events = await db.domainEvent.findMany({ where: { operatorId: op.operatorId } });
    expect(audit.map((row) => row.action)).toEqual(["guestbook.mode_changed"]);
    expect(events.map((event) => event.type)).toEqual(["memorial.guestbook_mode_changed"]);
  });

  it("refuses a publishing kind outside a transaction with events, unless it says it has no event", async () => {
    const memorialId = 2_000_000_000;
    const hidden = {
      kind: "memorial.hidden",
      target: { type: "memorial", id: `recorder-${Date.now()}` },
      operatorId: 1,
      memorialId,
      event: { isTest: true, payload: { by: "family" } },
    } as const;
    await expect(
      transaction((tx) => recordChange(tx, hidden as unknown as Parameters<typeof recordChange>[1])),
    ).rejects.toThrow(/memorial.hidden publishes memorial.hidden: record it in withEvents/);
    await actingAs({ kind: "system", name: "test" }, () =>
      transaction((tx) => recordChange(tx, { ...hidden, event: null })),
    );
    expect(await db.auditLog.count({ where: { targetId: hidden.target.id } })).toBe(1);
  });
});

describe("the catalogue of changes", () => {
  const kinds = Object.keys(CHANGE_KINDS) as ChangeKind[];
  const published = new Set(kinds.map((kind) => CHANGE_KINDS[kind].event).filter((event) => event !== null));

  it("publishes every domain event type, the webhooks' among them", () => {
    expect([...published].sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENTS) expect(published).toContain(type);
  });

  it("names an event with no row of its own after its event; every other kind is an audit action", () => {
    for (const kind of kinds) {
      const { audited, event, target } = CHANGE_KINDS[kind];
      if (kind.startsWith("event.")) {
        expect({ kind, audited, target }).toEqual({ kind, audited: false, target: [] });
        expect(kind).toBe(`event.${event}`);
      } else {
        expect({ kind, audited }).toEqual({ kind, audited: true });
        expect(target.length).toBeGreaterThan(0);
      }
    }
    expect(AUDIT_ACTIONS).toEqual(kinds.filter((kind) => !kind.startsWith("event.")));
  });

  it("maps an audit action to its event where their names differ", () => {
    expect(CHANGE_KINDS["memorial.confirmation_resent"].event).toBe("confirmation.resent");
    expect(CHANGE_KINDS["memorial.manage_link_sent"].event).toBe("manage_link.sent");
    expect(CHANGE_KINDS["tree.death_declared"].event).toBe("tree.died");
    expect(CHANGE_KINDS["guestbook.posted"].event).toBe("guestbook.entry_received");
  });
});
