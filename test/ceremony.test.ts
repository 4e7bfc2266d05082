// On the real PostgreSQL: setting and cancelling a memorial's ceremony (lib/ceremonies), on a
// given clock. A creation, a change (the sequence grows, the former start kept), a PUT that
// changes nothing (nothing written), a cancellation and the ceremony set again, each with its
// domain event and audit row in the same transaction; every refusal writes nothing; another
// operator's memorial is not found; ten creations at once make one ceremony.
import { actingAs } from "@memorial/lib/audit/actor";
import { cancelCeremony } from "@memorial/lib/ceremonies/cancel-ceremony";
import { ownCeremony, publicCeremony } from "@memorial/lib/ceremonies/queries";
import type { SetCeremonyInput } from "@memorial/lib/ceremonies/rules";
import { setCeremony } from "@memorial/lib/ceremonies/set-ceremony";
import { db } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, TEST_FIXTURE } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const NOW = new Date("2026-12-01T10:00:00.000Z");
const LATER = new Date("2026-12-09T10:00:00.000Z");
const input: SetCeremonyInput = {
  start: "2026-12-10T14:30",
  placeName: "Église Saint-Martin",
  placeAddress: "Place Saint-Martin 1, 1000 Bruxelles",
  livestreamUrl: "https://stream.example.org/saint-martin",
  note: "Ni fleurs ni couronnes",
};

async function operatorWithMemorial() {
  const op = await makeIsolatedOperator({ stock: 10 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const created = await fixtureMemorial(caller, plantingCommand(newMemorialTarget()), "http://ceremony.test");
  return { op, caller, memorialId: created.memorialId };
}

const set = (caller: Caller, memorialId: number, given: SetCeremonyInput, now = NOW) =>
  actingAs(TEST_FIXTURE, () => setCeremony({ by: "operator", scope: caller, memorialId }, given, now));
const cancel = (caller: Caller, memorialId: number, now = NOW) =>
  actingAs(TEST_FIXTURE, () => cancelCeremony({ by: "operator", scope: caller, memorialId }, now));

/** The ceremony's events and audit rows of a memorial, oldest first. */
async function written(memorialId: number) {
  const events = await db.domainEvent.findMany({
    where: { memorialId, type: { startsWith: "ceremony." } },
    orderBy: { id: "asc" },
  });
  const audits = await db.auditLog.findMany({
    where: { memorialId, action: { startsWith: "ceremony." } },
    orderBy: { id: "asc" },
  });
  return {
    events: events.map((event) => ({ type: event.type, payload: event.payload })),
    audits: audits.map((row) => ({ action: row.action, changes: row.changes })),
  };
}

describe("a memorial's ceremony", () => {
  it("is created, changed, left as it is, cancelled and set again, each change recorded once", async () => {
    const { caller, memorialId } = await operatorWithMemorial();
    const created = await set(caller, memorialId, input);
    expect(created).toMatchObject({ created: true, changed: true });
    expect(created.ceremony).toMatchObject({
      startsAt: new Date("2026-12-10T13:30:00.000Z"),
      timeZone: "Europe/Brussels",
      status: "scheduled",
      sequence: 0,
      previousStartsAt: null,
      mapUrl: null,
    });
    let log = await written(memorialId);
    expect(log.events).toEqual([
      {
        type: "ceremony.scheduled",
        payload: {
          ceremonyId: created.ceremony.id,
          startsAt: "2026-12-10T13:30:00.000Z",
          timeZone: "Europe/Brussels",
          sequence: 0,
        },
      },
    ]);
    expect(log.audits).toHaveLength(1);
    expect(log.audits[0]!.action).toBe("ceremony.scheduled");
    expect(log.audits[0]!.changes).toMatchObject({
      startsAt: { after: "2026-12-10T13:30:00.000Z" },
      placeName: { after: "Église Saint-Martin" },
      status: { after: "scheduled" },
    });

    // The same PUT again: nothing written, the sequence as it was.
    const same = await set(caller, memorialId, { ...input, placeName: ` ${input.placeName} ` });
    expect(same).toMatchObject({ created: false, changed: false });
    expect(same.ceremony.sequence).toBe(0);
    expect((await written(memorialId)).events).toHaveLength(1);

    // Moved: the sequence grows, the former start is kept.
    const moved = await set(caller, memorialId, { ...input, start: "2026-12-11T10:00" });
    expect(moved).toMatchObject({ created: false, changed: true });
    expect(moved.ceremony).toMatchObject({
      id: created.ceremony.id,
      startsAt: new Date("2026-12-11T09:00:00.000Z"),
      sequence: 1,
      previousStartsAt: new Date("2026-12-10T13:30:00.000Z"),
    });
    // Another detail: the sequence grows, the former start stays the one before the move.
    const noted = await set(caller, memorialId, { ...input, start: "2026-12-11T10:00", note: null });
    expect(noted.ceremony).toMatchObject({
      sequence: 2,
      note: null,
      previousStartsAt: moved.ceremony.previousStartsAt,
    });
    log = await written(memorialId);
    expect(log.events.slice(1)).toEqual([
      {
        type: "ceremony.changed",
        payload: expect.objectContaining({
          sequence: 1,
          previousStartsAt: "2026-12-10T13:30:00.000Z",
          fields: ["start"],
        }),
      },
      {
        type: "ceremony.changed",
        payload: expect.objectContaining({ sequence: 2, previousStartsAt: null, fields: ["note"] }),
      },
    ]);
    expect(log.audits.map((row) => row.action)).toEqual([
      "ceremony.scheduled",
      "ceremony.changed",
      "ceremony.changed",
    ]);
    expect(log.audits[1]!.changes).toMatchObject({
      startsAt: { before: "2026-12-10T13:30:00.000Z", after: "2026-12-11T09:00:00.000Z" },
    });

    // Cancelled: it stays, marked; cancelling again writes nothing.
    const cancelled = await cancel(caller, memorialId);
    expect(cancelled).toMatchObject({ changed: true, ceremony: { status: "cancelled", sequence: 3 } });
    expect(await cancel(caller, memorialId)).toMatchObject({ changed: false, ceremony: { sequence: 3 } });
    log = await written(memorialId);
    expect(log.events.map((event) => event.type).slice(3)).toEqual(["ceremony.cancelled"]);
    expect(log.audits.at(-1)).toEqual({
      action: "ceremony.cancelled",
      changes: { status: { before: "scheduled", after: "cancelled" } },
    });

    // Set again, even unchanged: scheduled again.
    const again = await set(caller, memorialId, { ...input, start: "2026-12-11T10:00", note: null });
    expect(again).toMatchObject({ changed: true, ceremony: { status: "scheduled", sequence: 4 } });
    log = await written(memorialId);
    expect(log.events.at(-1)?.type).toBe("ceremony.scheduled");
    expect(log.audits.at(-1)?.action).toBe("ceremony.scheduled");
    expect(await ownCeremony(caller, memorialId)).toMatchObject({ status: "scheduled", sequence: 4 });
    expect(await publicCeremony(memorialId)).toMatchObject({
      status: "scheduled",
      placeName: input.placeName,
    });
  });

  it("refuses a start in the past for a new ceremony, a moved one and one set again, writing nothing", async () => {
    const { caller, memorialId } = await operatorWithMemorial();
    await expect(set(caller, memorialId, { ...input, start: "2026-11-30T10:00" })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      problem: { field: "ceremony.start", reason: "past" },
    });
    expect(await db.ceremony.count({ where: { memorialId } })).toBe(0);
    await set(caller, memorialId, input);
    // Once past its start, a change of another detail is still taken; a move into the past is not.
    const after = new Date("2026-12-10T15:00:00.000Z");
    await expect(
      set(caller, memorialId, { ...input, start: "2026-12-10T14:00" }, after),
    ).rejects.toMatchObject({
      problem: { field: "ceremony.start", reason: "past" },
    });
    expect(await set(caller, memorialId, { ...input, note: "Merci" }, after)).toMatchObject({
      changed: true,
    });
    await cancel(caller, memorialId, LATER);
    await expect(set(caller, memorialId, { ...input, note: "Merci" }, after)).rejects.toMatchObject({
      problem: { field: "ceremony.start", reason: "past" },
    });
    expect(await db.ceremony.findUnique({ where: { memorialId } })).toMatchObject({
      status: "cancelled",
      sequence: 2,
    });
    expect((await written(memorialId)).events.map((event) => event.type)).toEqual([
      "ceremony.scheduled",
      "ceremony.changed",
      "ceremony.cancelled",
    ]);
  });

  it("refuses a bad field before anything is written", async () => {
    const { caller, memorialId } = await operatorWithMemorial();
    await expect(
      set(caller, memorialId, { ...input, livestreamUrl: "http://stream.example.org" }),
    ).rejects.toMatchObject({
      problem: { field: "ceremony.livestreamUrl", reason: "invalid-url" },
    });
    expect(await db.ceremony.count({ where: { memorialId } })).toBe(0);
    expect((await written(memorialId)).audits).toEqual([]);
  });

  it("is not found on another operator's memorial, nor cancelled where there is none", async () => {
    const mine = await operatorWithMemorial();
    const other = await operatorWithMemorial();
    await expect(set(other.caller, mine.memorialId, input)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancel(other.caller, mine.memorialId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(cancel(mine.caller, mine.memorialId)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await ownCeremony(other.caller, mine.memorialId)).toBeNull();
    expect(await db.ceremony.count({ where: { memorialId: mine.memorialId } })).toBe(0);
  });

  it("makes one ceremony of ten creations at once, one sequence number per change", async () => {
    const { caller, memorialId } = await operatorWithMemorial();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => set(caller, memorialId, { ...input, note: `note ${i}` })),
    );
    expect(results.filter((result) => result.created)).toHaveLength(1);
    const ceremony = await db.ceremony.findUniqueOrThrow({ where: { memorialId } });
    const changes = results.filter((result) => result.changed).length;
    expect(ceremony.sequence).toBe(changes - 1);
    expect((await written(memorialId)).events).toHaveLength(changes);
  });
});
