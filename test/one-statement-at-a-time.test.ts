// A query with several relations inside an interactive transaction sends its
// statements one after the other on the transaction's connection: pg's deprecation warning
// "client is already executing a query" is never emitted.

import { actingAs } from "@memorial/lib/audit/actor";
import { disconnect, transaction } from "@memorial/lib/db/client";
import { createOperator } from "@memorial/lib/operators/create-operator";
import { afterAll, expect, it } from "vitest";
import { TEST_FIXTURE } from "@/e2e/support/factories";

afterAll(() => disconnect());

it("loads several relations in a transaction without pg's concurrent-query deprecation", async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on("warning", onWarning);
  try {
    const operator = await actingAs(TEST_FIXTURE, () =>
      createOperator({ name: `serial-${Date.now().toString(36)}`, language: "fr" }),
    );
    const found = await transaction((tx) =>
      // Three relations: three statements that Prisma's plan starts at once.
      tx.operator.findUniqueOrThrow({
        where: { id: operator.operatorId },
        include: { contexts: true, apiKeys: true, memorials: true },
      }),
    );
    expect(found.id).toBe(operator.operatorId);
    // A warning is emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off("warning", onWarning);
  }
  expect(warnings.filter((message) => message.includes("already executing a query"))).toEqual([]);
});
