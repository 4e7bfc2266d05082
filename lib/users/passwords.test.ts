import { describe, expect, it } from "vitest";
import {
  hashPassword,
  lowerHashCostForTests,
  PASSWORD_WORKERS,
  passwordWorkHighWater,
  verifyPassword,
} from "./passwords";

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterz", stored)).toBe(false);
  });

  it("runs at most PASSWORD_WORKERS hashes at once, the others wait their turn", async () => {
    const stored = await hashPassword("correct horse battery");
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verifyPassword(i % 2 ? "correct horse battery" : "wrong", stored)),
    );
    expect(results.filter(Boolean)).toHaveLength(6);
    expect(passwordWorkHighWater()).toBe(PASSWORD_WORKERS);
  });

  // The production cost is checked where the service hashes (e2e/browser/dashboard-team.spec.ts):
  // in this process another test file may have lowered it (e2e/support/factories.ts).
  it("refuses, in production mode, to lower the cost of the hashes; a lowered cost is named in the hash", async () => {
    const nodeEnv = process.env.NODE_ENV;
    (process.env as Record<string, string | undefined>).NODE_ENV = "production";
    try {
      expect(() => lowerHashCostForTests(2 ** 10)).toThrow(/only in tests/);
    } finally {
      (process.env as Record<string, string | undefined>).NODE_ENV = nodeEnv;
    }
    lowerHashCostForTests(2 ** 10);
    const stored = await hashPassword("correct horse battery");
    expect(stored.split("$").slice(0, 4)).toEqual(["scrypt", "1024", "8", "1"]);
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
  });
});
