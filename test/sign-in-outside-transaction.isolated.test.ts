// The password of a sign-in is hashed after its database transaction has ended: while scrypt runs
// (~100 ms of a core), the sign-in holds no connection of the pool and no lock.
import { randomBytes } from "node:crypto";
import { actingAs } from "@memorial/lib/audit/actor";
import { checkPassword } from "@memorial/lib/auth/sign-in";
import { disconnect } from "@memorial/lib/db/client";
import { createOperator } from "@memorial/lib/operators/create-operator";
import { createUser } from "@memorial/lib/users/create-user";
import pg from "pg";
import { afterAll, expect, it, vi } from "vitest";
import { TEST_FIXTURE } from "@/e2e/support/factories";

const seen = vi.hoisted(() => [] as number[]);
const EMAIL = vi.hoisted(() => `hash-${Date.now().toString(36)}@example.org`);

// verifyPassword first looks, from a connection of its own, for the advisory lock that the sign-in
// takes on the e-mail address inside its transaction (lib/auth/sign-in.ts, LOCK_EMAIL): a
// transaction-level lock, held exactly as long as that transaction is open. Other test files may
// hold locks of their own at the same time, so only this address's lock is counted.
vi.mock("@memorial/lib/users/passwords", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@memorial/lib/users/passwords")>();
  return {
    ...actual,
    verifyPassword: async (password: string, stored: string) => {
      const watcher = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await watcher.connect();
      const { rows } = await watcher.query<{ locks: number }>(
        `SELECT COUNT(*)::int AS locks FROM pg_locks
         WHERE locktype = 'advisory' AND granted AND classid = 7240402
           AND objid::bigint = (hashtext($1)::bigint + 4294967296) % 4294967296`,
        [EMAIL],
      );
      await watcher.end();
      seen.push(rows[0].locks);
      return actual.verifyPassword(password, stored);
    },
  };
});

afterAll(() => disconnect());

it("hashes the password with no transaction open and no lock held", async () => {
  // The test's own setup: the test fixture acts.
  await actingAs(TEST_FIXTURE, async () => {
    const operator = await createOperator({ name: `Hash ${randomBytes(4).toString("hex")}`, language: "en" });
    await createUser({ operatorId: operator.operatorId, email: EMAIL, password: "correct horse battery" });
  });
  expect((await checkPassword(EMAIL, "correct horse battery", "192.0.2.1")).ok).toBe(true);
  expect((await checkPassword(EMAIL, "wrong password", "192.0.2.1")).ok).toBe(false);
  // Both checks hashed, and neither held its transaction (nor its lock) while doing so.
  expect(seen).toEqual([0, 0]);
});
