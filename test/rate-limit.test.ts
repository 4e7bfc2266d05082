// The one rate limiter (lib/limits/rate-limit.ts) on the real PostgreSQL: a limit is
// exact under many simultaneous hits, several limits count together or not at all, a hit belongs
// to its transaction, an ended window starts again, the backoff's gap, and the sweep of ended rows.
import { randomBytes } from "node:crypto";
import { db, transaction } from "@memorial/lib/db/client";
import { forget, giveBack, hit, type Limit, subjectDigest, take } from "@memorial/lib/limits/rate-limit";
import { afterAll, describe, expect, it } from "vitest";
import { ageLimit, hitsOf } from "@/e2e/support/rate-limits";

afterAll(() => db.$disconnect());

const subject = () => randomBytes(8).toString("hex");
const limit = (max: number | null, extra: Partial<Limit> = {}): Limit => ({
  bucket: "test-limit",
  subject: subject(),
  max,
  windowSeconds: 600,
  ...extra,
});

describe("hit", () => {
  it("lets exactly max hits through when 60 arrive at once", async () => {
    const one = limit(25);
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => hit([one])));
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(25);
    expect(outcomes.filter((o) => !o.allowed)).toHaveLength(35);
    // Each allowed hit saw its own count: 1 to 25, once each.
    const counts = outcomes.flatMap((o) => (o.allowed ? [o.counts[0]!.hits] : []));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await hitsOf(one)).toBe(25);
    const refused = outcomes.find((o) => !o.allowed);
    expect(refused).toMatchObject({ allowed: false, bucket: "test-limit", count: { hits: 25, max: 25 } });
    if (refused && !refused.allowed) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    }
  });

  it("counts several limits together, exactly, even at once; a hit refused by one counts in none", async () => {
    const wide = limit(12);
    const narrows = Array.from({ length: 4 }, () => limit(5));
    // 4 × 8 hits at once: each narrow limit lets 5 through, the wide one 12 of them in all.
    const outcomes = await Promise.all(
      narrows.flatMap((narrow) => Array.from({ length: 8 }, () => hit([narrow, { ...wide }]))),
    );
    expect(outcomes.filter((o) => o.allowed)).toHaveLength(12);
    expect(await hitsOf(wide)).toBe(12);
    const narrowHits = await Promise.all(narrows.map(hitsOf));
    expect(narrowHits.reduce((a, b) => a + b, 0)).toBe(12);
    for (const n of narrowHits) expect(n).toBeLessThanOrEqual(5);
  });

  it("belongs to the caller's transaction: a use case that fails leaves no hit", async () => {
    const one = limit(3);
    await expect(
      transaction(async (tx) => {
        expect((await hit([one], tx)).allowed).toBe(true);
        throw new Error("the use case failed");
      }),
    ).rejects.toThrow("the use case failed");
    expect(await hitsOf(one)).toBe(0);
  });

  it("starts a new window once the last one has ended", async () => {
    const one = limit(2);
    await hit([one]);
    await hit([one]);
    expect((await hit([one])).allowed).toBe(false);
    await ageLimit(one, 601);
    const again = await hit([one]);
    expect(again).toMatchObject({ allowed: true, counts: [{ hits: 1 }] });
  });

  it("with a backoff, asks a doubling gap between hits after the free ones", async () => {
    const one = limit(null, { backoff: { free: 2, maxSeconds: 60 } });
    expect((await hit([one])).allowed).toBe(true);
    expect((await hit([one])).allowed).toBe(true);
    // The third hit must come 2^0 = 1 s after the second.
    const early = await hit([one]);
    expect(early).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    await ageLimit(one, 2);
    expect((await hit([one])).allowed).toBe(true);
    // Then 2^1 = 2 s.
    const next = await hit([one]);
    expect(next.allowed).toBe(false);
    if (!next.allowed) expect(next.retryAfterSeconds).toBe(2);
  });

  it("gives hits back and forgets a count", async () => {
    const one = limit(2);
    await hit([one]);
    await hit([one]);
    await giveBack(one, 1);
    expect((await hit([one])).allowed).toBe(true);
    await forget(one);
    expect(await hitsOf(one)).toBe(0);
  });

  it("keeps no subject in clear, and sweeps rows whose window has ended", async () => {
    const one = limit(5, { subject: `someone-${subject()}@example.org` });
    await hit([one]);
    const rows = await db.rateLimit.findMany({
      where: { bucket: "test-limit", subject: subjectDigest(one.subject) },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.subject).toMatch(/^[0-9a-f]{64}$/);
    await ageLimit(one, 3600);
    // New rows sweep ended ones (a few each): after a few new subjects, it is gone.
    for (
      let i = 0;
      i < 20 && (await db.rateLimit.count({ where: { subject: subjectDigest(one.subject) } }));
      i++
    ) {
      await hit([limit(5)]);
    }
    expect(await db.rateLimit.count({ where: { subject: subjectDigest(one.subject) } })).toBe(0);
  });

  it("refuses a limit it cannot count", async () => {
    await expect(hit([limit(0)])).rejects.toThrow(TypeError);
    await expect(hit([{ ...limit(1), bucket: "Not a name" }])).rejects.toThrow(TypeError);
  });
});

describe("take (the leases of the API's limit per key)", () => {
  it("never grants more than max in a window, whatever the number of simultaneous takers", async () => {
    const one = { bucket: "test-limit", subject: subject(), max: 37, windowSeconds: 600 };
    // 40 processes asking 3 hits each at once: 37 granted in all, the last lease cut to what is left.
    const leases = await Promise.all(Array.from({ length: 40 }, () => take(one, 3)));
    expect(leases.reduce((sum, lease) => sum + lease.granted, 0)).toBe(37);
    expect(leases.every((lease) => lease.granted >= 0 && lease.granted <= 3)).toBe(true);
    expect(leases.filter((lease) => lease.granted > 0 && lease.granted < 3)).toHaveLength(1);
    expect(Math.max(...leases.map((lease) => lease.hits))).toBe(37);
    expect(await hitsOf(one)).toBe(37);
    // A window that has ended grants again from zero.
    await ageLimit(one, 601);
    expect((await take(one, 3)).granted).toBe(3);
  });
});
