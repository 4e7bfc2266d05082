// createUser against the real database: e-mail addresses are unique, even under simultaneous calls.

import { actingAs } from "@memorial/lib/audit/actor";
import { db, disconnect } from "@memorial/lib/db/client";
import { createOperator } from "@memorial/lib/operators/create-operator";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_FIXTURE } from "@/e2e/support/factories";
import { createUser } from "./create-user";

afterAll(() => disconnect());

describe("createUser", () => {
  it("refuses a second user with the same e-mail, also when both are created at once", async () => {
    const { operatorId } = await actingAs(TEST_FIXTURE, () => createOperator({ name: "Users test" }));
    const email = `same-${Date.now()}@example.org`;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        actingAs(TEST_FIXTURE, () =>
          createUser({ operatorId, email: email.toUpperCase(), password: "long enough pw" }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected")) {
      expect((r as PromiseRejectedResult).reason.message).toContain("exists");
    }
    expect(await db.operatorUser.count({ where: { email } })).toBe(1);
  });
});
