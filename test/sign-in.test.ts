// Sign-in limits: by client address and by (address, client), never a lock that a stranger can
// put on the right password; and dashboard sessions that signing out ends on the server.
import { randomBytes } from "node:crypto";
import { actingAs } from "@memorial/lib/audit/actor";
import { clientKey } from "@memorial/lib/auth/client-address";
import { closeSession, isSessionOpen, openSession } from "@memorial/lib/auth/dashboard-sessions";
import {
  ACCOUNT_PAUSE_FROM,
  accountPauseMs,
  CLIENT_MAX_FAILURES,
  checkPassword,
  PAIR_FREE_FAILURES,
  pairDelaySeconds,
  signInLimits,
} from "@memorial/lib/auth/sign-in";
import { db, disconnect } from "@memorial/lib/db/client";
import { subjectDigest } from "@memorial/lib/limits/rate-limit";
import { createOperator } from "@memorial/lib/operators/create-operator";
import { createUser } from "@memorial/lib/users/create-user";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_FIXTURE } from "@/e2e/support/factories";
import { ageLimit, hitsOf } from "@/e2e/support/rate-limits";

afterAll(() => disconnect());

const PASSWORD = "correct horse battery";

/** A user of an operator of its own, made by the test fixture. */
const makeUser = () =>
  actingAs(TEST_FIXTURE, async () => {
    const operator = await createOperator({
      name: `Sign-in ${randomBytes(4).toString("hex")}`,
      language: "en",
    });
    const email = `user-${randomBytes(6).toString("hex")}@example.org`;
    const user = await createUser({ operatorId: operator.operatorId, email, password: PASSWORD });
    return { id: user.id, email };
  });

function client(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** Moves a client's failures on an address into the past, as if it had waited. */
async function age(email: string, from: string, seconds: number) {
  await ageLimit(signInLimits(email, from).pair, seconds);
}

describe("sign-in limits", () => {
  it("a stranger's wrong passwords do not lock the right password out", async () => {
    const user = await makeUser();
    const stranger = client();
    const outcomes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const result = await checkPassword(user.email, `guess ${i}`, stranger);
      outcomes.push(result.ok ? "ok" : result.reason);
    }
    expect(outcomes.slice(0, PAIR_FREE_FAILURES)).toEqual(
      Array(PAIR_FREE_FAILURES).fill("CredentialsSignin"),
    );
    expect(outcomes.slice(PAIR_FREE_FAILURES)).toContain("RateLimited");
    // The owner, from their own address, gets in at once.
    const owner = await checkPassword(user.email, PASSWORD, client());
    expect(owner.ok).toBe(true);
  });

  it("one client trying many addresses is stopped after its budget of failures", async () => {
    const from = client();
    const reasons: string[] = [];
    for (let i = 0; i < 40; i++) {
      const result = await checkPassword(
        `nobody-${i}-${randomBytes(4).toString("hex")}@example.org`,
        "guess",
        from,
      );
      reasons.push(result.ok ? "ok" : result.reason);
    }
    expect(reasons.slice(0, CLIENT_MAX_FAILURES)).toEqual(
      Array(CLIENT_MAX_FAILURES).fill("CredentialsSignin"),
    );
    expect(reasons.slice(CLIENT_MAX_FAILURES)).toEqual(Array(40 - CLIENT_MAX_FAILURES).fill("RateLimited"));
    // Another client is not affected.
    const user = await makeUser();
    expect((await checkPassword(user.email, PASSWORD, client())).ok).toBe(true);
  });

  it("a client's failures on an address make it wait a delay that doubles, not a lock", async () => {
    const user = await makeUser();
    const from = client();
    for (let i = 0; i < PAIR_FREE_FAILURES; i++) {
      expect(await checkPassword(user.email, `guess ${i}`, from)).toEqual({
        ok: false,
        reason: "CredentialsSignin",
      });
    }
    // Three more failures of this client on this address, just now: the next attempt waits 2^3 s.
    const pair = signInLimits(user.email, from).pair;
    await db.$executeRaw`UPDATE "rate_limit" SET "hits" = "hits" + 3, "last_hit_at" = now()
      WHERE "bucket" = ${pair.bucket} AND "subject" = ${subjectDigest(pair.subject)}`;
    const refused = await checkPassword(user.email, PASSWORD, from);
    // Even the right password is refused unchecked until then.
    expect(refused).toMatchObject({ ok: false, reason: "RateLimited" });
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(8);
    // Once the delay has passed, one more failure doubles it.
    await age(user.email, from, 9);
    expect(await checkPassword(user.email, "guess again", from)).toEqual({
      ok: false,
      reason: "CredentialsSignin",
    });
    const doubled = await checkPassword(user.email, PASSWORD, from);
    expect(doubled).toMatchObject({ ok: false, reason: "RateLimited" });
    expect((doubled as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(8);
    expect((doubled as { retryAfterSeconds: number }).retryAfterSeconds).toBeLessThanOrEqual(16);
    // After it, the right password works and clears this client's failures.
    await age(user.email, from, 17);
    expect((await checkPassword(user.email, PASSWORD, from)).ok).toBe(true);
    expect(await hitsOf(pair)).toBe(0);
  });

  it("simultaneous guesses from one client count each other", async () => {
    const from = client();
    const results = await Promise.all(
      Array.from({ length: CLIENT_MAX_FAILURES + 10 }, (_, i) =>
        checkPassword(`nobody-${i}-${randomBytes(4).toString("hex")}@example.org`, "guess", from),
      ),
    );
    // Each attempt is recorded before its password is checked: no more than the budget slip through.
    expect(results.filter((r) => !r.ok && r.reason === "CredentialsSignin")).toHaveLength(
      CLIENT_MAX_FAILURES,
    );
    expect(results.filter((r) => !r.ok && r.reason === "RateLimited")).toHaveLength(10);
  });
});

describe("sign-in limits across clients", () => {
  it("failures from many addresses slow the answers on an address but never refuse its owner", async () => {
    const user = await makeUser();
    for (let i = 0; i < ACCOUNT_PAUSE_FROM + 2; i++) {
      expect(await checkPassword(user.email, `guess ${i}`, client())).toEqual({
        ok: false,
        reason: "CredentialsSignin",
      });
    }
    expect((await checkPassword(user.email, PASSWORD, client())).ok).toBe(true);
  });

  it("delays double per failure, within their bounds", () => {
    expect([0, 1, 2, 3, 4, 5, 30].map(pairDelaySeconds)).toEqual([0, 0, 0, 1, 2, 4, 300]);
    expect([0, 9, 10, 11, 12, 50].map(accountPauseMs)).toEqual([0, 0, 250, 500, 1000, 5000]);
  });
});

describe("client addresses", () => {
  it("counts IPv4 as is, IPv4-mapped IPv6 as IPv4, IPv6 by /64", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("not an address")).toBe("unknown");
  });
});

describe("dashboard sessions", () => {
  it("a session works until it is closed, for its own user only", async () => {
    const user = await makeUser();
    const sessionId = await openSession(user.id);
    expect(await isSessionOpen(sessionId, user.id)).toBe(true);
    expect(await isSessionOpen(sessionId, user.id + 1)).toBe(false);
    expect(await isSessionOpen("made up", user.id)).toBe(false);
    await closeSession(sessionId);
    expect(await isSessionOpen(sessionId, user.id)).toBe(false);
  });
});
