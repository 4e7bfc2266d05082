// On the real PostgreSQL: what the rest of the service does with a memorial's ceremony. The
// family sets and cancels it with its management link, checked in the change's own transaction (a
// link replaced by a newer one changes nothing); the family's erasure deletes it with the rest (its calendar file answers 404 from then on); a
// takedown makes its calendar file answer 404 until the memorial is restored; the family's archive
// holds it in memorial.json (times where it takes place, with their offset; the former start when
// moved; the status); a merge gives the merged memorial's ceremony to the kept memorial when that
// one has none, and its undo gives it back, while two ceremonies each stay with their memorial.

import { actingAs } from "@memorial/lib/audit/actor";
import { cancelCeremony } from "@memorial/lib/ceremonies/cancel-ceremony";
import { publicCeremony } from "@memorial/lib/ceremonies/queries";
import type { SetCeremonyInput } from "@memorial/lib/ceremonies/rules";
import { setCeremony } from "@memorial/lib/ceremonies/set-ceremony";
import { db, transaction } from "@memorial/lib/db/client";
import { mergeMemorials, undoMerge } from "@memorial/lib/duplicates/merge-memorials";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { buildArchive } from "@memorial/lib/privacy/archive";
import { eraseDueMemorials, setErasureRequested } from "@memorial/lib/privacy/erasure";
import { setMemorialTakenDown } from "@memorial/lib/privacy/takedown";
import { strFromU8, unzipSync } from "fflate";
import { NextRequest } from "next/server";
import { afterAll, describe, expect, it } from "vitest";
import { GET as calendarFile } from "@/app/memorial/[id]/ceremony.ics/route";
import { makeIsolatedOperator, TEST_FIXTURE, uniqueEmail } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

// Far enough ahead that "a start in the future" holds whenever the tests run; winter and summer
// in Brussels, so that the offsets differ.
const input: SetCeremonyInput = {
  start: "2040-03-20T10:00",
  placeName: "Église Saint-Martin",
  placeAddress: "Place Saint-Martin 1, 1000 Bruxelles",
  livestreamUrl: "https://stream.example.org/saint-martin",
  note: "Ni fleurs ni couronnes, à la demande de Jeanne Dupont",
};

async function operator() {
  const op = await makeIsolatedOperator({ stock: 20 });
  return { op, caller: (await authenticateKey(op.key)) as Caller };
}

/** A public memorial with a family and its management token. */
async function memorialOf(caller: Caller, firstName = "Marie") {
  const made = await fixtureMemorial(
    caller,
    plantingCommand(
      newMemorialTarget({
        deceased: { firstName, lastName: "Dupont" },
        family: {
          email: uniqueEmail("family"),
          name: "Famille Dupont",
          language: "fr",
        },
      }),
    ),
  );
  const token = await transaction(async (tx) => (await issueManageToken(tx, made.memorialId)).token);
  return { memorialId: made.memorialId, family: { by: "family" as const, token } };
}

/** What the family does from its management page, as its way in records it. */
const asFamily = <T>(memorialId: number, work: () => Promise<T>) =>
  actingAs({ kind: "family", memorialId }, work);
const asCli = <T>(work: () => Promise<T>) => actingAs({ kind: "cli", account: "test" }, work);

const set = (caller: Caller, memorialId: number, given: SetCeremonyInput = input) =>
  actingAs(TEST_FIXTURE, () => setCeremony({ by: "operator", scope: caller, memorialId }, given));

/** The calendar file's answer, through its route handler. */
const fetchCalendar = (memorialId: number) =>
  calendarFile(new NextRequest(`http://trees.test/memorial/${memorialId}/ceremony.ics`), {
    params: Promise.resolve({ id: String(memorialId) }),
  });

/** Builds an archive of the memorial as the job does, and answers its memorial.json. */
async function archivedJson(memorialId: number) {
  const archive = await db.memorialArchive.create({ data: { memorialId } });
  expect(await buildArchive(archive.id, "http://trees.test/manage/x")).toBe(true);
  const { content } = await db.memorialArchive.findUniqueOrThrow({ where: { id: archive.id } });
  const files = unzipSync(new Uint8Array(content as Uint8Array));
  return JSON.parse(strFromU8(files["memorial.json"] as Uint8Array));
}

describe("a ceremony and the family's rights", () => {
  it("is set and cancelled by the family with its link, checked in the change's own transaction; a replaced link changes nothing", async () => {
    const { caller } = await operator();
    const m = await memorialOf(caller);
    const set = await asFamily(m.memorialId, () => setCeremony(m.family, input));
    expect(set).toMatchObject({ created: true, changed: true });
    expect(
      await db.auditLog.findFirst({ where: { memorialId: m.memorialId, action: "ceremony.scheduled" } }),
    ).toMatchObject({ actorKind: "family", actorId: m.memorialId });

    // The operator sends the family a new link: the old one is replaced, and refused by the use case.
    const newer = await transaction(async (tx) => (await issueManageToken(tx, m.memorialId)).token);
    const moved = { ...input, start: "2040-03-21T10:00" };
    for (const attempt of [() => setCeremony(m.family, moved), () => cancelCeremony(m.family)]) {
      await expect(asFamily(m.memorialId, attempt)).rejects.toMatchObject({
        code: "NOT_FOUND",
        problem: { field: "token", reason: "revoked" },
      });
    }
    const kept = await db.ceremony.findUniqueOrThrow({ where: { memorialId: m.memorialId } });
    expect(kept).toMatchObject({ status: "scheduled", sequence: set.ceremony.sequence });
    expect(kept.startsAt).toEqual(set.ceremony.startsAt);

    const cancelled = await asFamily(m.memorialId, () => cancelCeremony({ by: "family", token: newer }));
    expect(cancelled).toMatchObject({ changed: true, ceremony: { status: "cancelled" } });
  });

  it("is deleted by the family's erasure, with the rest, and its calendar file is gone", async () => {
    const { caller } = await operator();
    const m = await memorialOf(caller);
    const other = await memorialOf(caller);
    await set(caller, m.memorialId);
    await set(caller, other.memorialId);
    expect((await fetchCalendar(m.memorialId)).status).toBe(200);

    await asFamily(m.memorialId, () =>
      setErasureRequested(m.family, true, `http://trees.test/manage/${m.family.token}`),
    );
    // Asked but not carried out yet: the ceremony stays.
    await eraseDueMemorials();
    expect(await db.ceremony.count({ where: { memorialId: m.memorialId } })).toBe(1);

    await db.$executeRaw`UPDATE "memorial" SET "erasure_requested_at" = now() - interval '14 days' WHERE "id" = ${m.memorialId}`;
    await eraseDueMemorials();
    const erased = await db.memorial.findUniqueOrThrow({ where: { id: m.memorialId } });
    expect(erased.erasedAt).not.toBeNull();
    expect(await db.ceremony.count({ where: { memorialId: m.memorialId } })).toBe(0);
    expect((await fetchCalendar(m.memorialId)).status).toBe(404);
    // Another memorial's ceremony is not touched.
    expect(await db.ceremony.count({ where: { memorialId: other.memorialId } })).toBe(1);
  });

  it("has its calendar file answer 404 while the memorial is taken down, 200 again once restored", async () => {
    const { caller } = await operator();
    const m = await memorialOf(caller);
    await set(caller, m.memorialId);
    const before = await fetchCalendar(m.memorialId);
    expect(before.status).toBe(200);
    expect(before.headers.get("content-type")).toContain("text/calendar");
    expect(await before.text()).toContain("Saint-Martin");

    expect(await asFamily(m.memorialId, () => setMemorialTakenDown(m.family, true))).toEqual({
      takenDown: true,
      changed: true,
    });
    const down = await fetchCalendar(m.memorialId);
    expect(down.status).toBe(404);
    expect(await down.text()).not.toContain("Saint-Martin");

    await asFamily(m.memorialId, () => setMemorialTakenDown(m.family, false));
    expect((await fetchCalendar(m.memorialId)).status).toBe(200);
  });

  it("is in the family's archive: times where it takes place, place, map, livestream, note, status, former start", async () => {
    const { caller } = await operator();
    const m = await memorialOf(caller);
    expect((await archivedJson(m.memorialId)).ceremony).toBeNull();

    await set(caller, m.memorialId, { ...input, mapUrl: null });
    expect((await archivedJson(m.memorialId)).ceremony).toEqual({
      startsAt: "2040-03-20T10:00:00+01:00",
      timeZone: "Europe/Brussels",
      placeName: "Église Saint-Martin",
      placeAddress: "Place Saint-Martin 1, 1000 Bruxelles",
      // No map link set: the one the page shows, a search of the address.
      mapUrl: "https://www.openstreetmap.org/search?query=Place%20Saint-Martin%201%2C%201000%20Bruxelles",
      livestreamUrl: "https://stream.example.org/saint-martin",
      note: "Ni fleurs ni couronnes, à la demande de Jeanne Dupont",
      status: "scheduled",
      previousStartsAt: null,
    });

    // Moved into summer time, elsewhere, then cancelled.
    await set(caller, m.memorialId, {
      ...input,
      start: "2040-04-02T14:30",
      timeZone: "America/New_York",
      mapUrl: "https://maps.example.org/saint-martin",
    });
    await actingAs(TEST_FIXTURE, () =>
      cancelCeremony({ by: "operator", scope: caller, memorialId: m.memorialId }),
    );
    expect((await archivedJson(m.memorialId)).ceremony).toMatchObject({
      startsAt: "2040-04-02T14:30:00-04:00",
      timeZone: "America/New_York",
      mapUrl: "https://maps.example.org/saint-martin",
      status: "cancelled",
      // The former start, shown in the ceremony's zone: 10:00 in Brussels was 05:00 in New York.
      previousStartsAt: "2040-03-20T05:00:00-04:00",
    });
  });
});

describe("a ceremony and the merge of duplicates", () => {
  /** Two memorials of the same person, and their pair. */
  async function duplicates(caller: Caller) {
    const kept = await memorialOf(caller, "Anna");
    const merged = await memorialOf(caller, "Anna");
    const pair = await db.memorialDuplicate.findFirstOrThrow({
      where: { firstMemorialId: kept.memorialId, secondMemorialId: merged.memorialId },
    });
    return { kept: kept.memorialId, merged: merged.memorialId, pair: pair.id };
  }

  it("gives the merged memorial's ceremony to the kept one that has none; the undo gives it back, as changed meanwhile", async () => {
    const { op, caller } = await operator();
    const d = await duplicates(caller);
    const { ceremony } = await set(caller, d.merged);

    const merge = await asCli(() =>
      mergeMemorials({ operatorId: op.operatorId, duplicateId: d.pair, keepMemorialId: d.kept, by: "cli" }),
    );
    const moved = await db.ceremony.findUniqueOrThrow({ where: { id: ceremony.id } });
    expect(moved).toMatchObject({ memorialId: d.kept, sequence: 0, status: "scheduled" });
    expect(await publicCeremony(d.kept)).toMatchObject({ placeName: input.placeName });
    expect(
      await db.memorialMergeItem.findMany({ where: { mergeId: merge.mergeId, kind: "ceremony" } }),
    ).toEqual([{ mergeId: merge.mergeId, kind: "ceremony", itemId: ceremony.id }]);
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "memorial.merged", memorialId: d.merged },
    });
    expect(audit.changes).toMatchObject({ ceremonyId: { after: ceremony.id } });

    // Changed on the kept memorial meanwhile: the same ceremony, its sequence grows.
    await set(caller, d.kept, { ...input, note: "Merci pour vos messages" });

    await asCli(() => undoMerge({ operatorId: op.operatorId, mergeId: merge.mergeId, by: "cli" }));
    expect(await db.ceremony.findUniqueOrThrow({ where: { id: ceremony.id } })).toMatchObject({
      memorialId: d.merged,
      note: "Merci pour vos messages",
      sequence: 1,
    });
    expect(await db.ceremony.count({ where: { memorialId: d.kept } })).toBe(0);
    expect(await publicCeremony(d.merged)).toMatchObject({ note: "Merci pour vos messages" });
  });

  it("keeps each ceremony with its memorial when both have one, through the merge and its undo", async () => {
    const { op, caller } = await operator();
    const d = await duplicates(caller);
    const keptCeremony = (await set(caller, d.kept, { ...input, placeName: "Crématorium d'Uccle" })).ceremony;
    const mergedCeremony = (await set(caller, d.merged)).ceremony;

    const merge = await asCli(() =>
      mergeMemorials({ operatorId: op.operatorId, duplicateId: d.pair, keepMemorialId: d.kept, by: "cli" }),
    );
    const where = async () =>
      (
        await db.ceremony.findMany({
          where: { id: { in: [keptCeremony.id, mergedCeremony.id] } },
          orderBy: { id: "asc" },
        })
      ).map((c) => [c.id, c.memorialId]);
    expect(await where()).toEqual([
      [keptCeremony.id, d.kept],
      [mergedCeremony.id, d.merged],
    ]);
    expect(await publicCeremony(d.kept)).toMatchObject({ placeName: "Crématorium d'Uccle" });
    expect(await db.memorialMergeItem.count({ where: { mergeId: merge.mergeId, kind: "ceremony" } })).toBe(0);

    await asCli(() => undoMerge({ operatorId: op.operatorId, mergeId: merge.mergeId, by: "cli" }));
    expect(await where()).toEqual([
      [keptCeremony.id, d.kept],
      [mergedCeremony.id, d.merged],
    ]);
  });
});
