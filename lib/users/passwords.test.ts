import { describe, expect, it } from "vitest";
import { hashPassword, PASSWORD_WORKERS, passwordWorkHighWater, verifyPassword } from "./passwords";

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
});
