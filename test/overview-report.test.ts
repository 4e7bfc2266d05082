// The dashboard's overview counts trees with the reports' own query: for an
// operator whose trees are all planted for its funeral homes, this month's trees and CO2 on the
// overview are the sum of its funeral homes' reports (the API's use case), test trees in neither.

import { overview } from "@memorial/lib/dashboard/overview";
import { db } from "@memorial/lib/db/client";
import type { CreateMemorialCommand } from "@memorial/lib/memorials/commands";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { reportPeriod, treeReport } from "@memorial/lib/reports/tree-report";
import { serviceAdminScope } from "@memorial/lib/scope";
import { afterAll, describe, expect, it } from "vitest";
import { makeContext, makeIsolatedOperator } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const command = (epfId: number, memorialId?: number): CreateMemorialCommand =>
  plantingCommand(
    memorialId
      ? { kind: "existing", memorialId }
      : newMemorialTarget({ deceased: { firstName: "Anne", lastName: "Lambert" } }),
    { context: { Epf: epfId } },
  );

describe("the overview and the reports", () => {
  it("count the same trees and CO2 for the same operator and month", async () => {
    const op = await makeIsolatedOperator({ language: "en", co2: 37.5 });
    const live = (await authenticateKey(op.key)) as Caller;
    const test = (await authenticateKey(op.testKey)) as Caller;
    const [north, south] = [await makeContext(op.operatorId, "Epf"), await makeContext(op.operatorId, "Epf")];
    const plant = (caller: Caller, cmd: CreateMemorialCommand) => fixtureMemorial(caller, cmd);
    const first = await plant(live, command(north.id));
    await plant(live, command(north.id, first.memorialId));
    await plant(live, command(south.id));
    await plant(test, command(north.id)); // a test tree: in neither

    const now = new Date();
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth() + 1;
    const days = (Date.UTC(year, month, 1) - Date.UTC(year, month - 1, 1)) / 86_400_000;
    const reports = await Promise.all(
      [north, south].map((epf) =>
        treeReport({
          scope: live,
          epfId: epf.id,
          personId: null,
          period: reportPeriod(year, month, 1, days),
          limit: 1,
          offset: 0,
        }),
      ),
    );
    const home = await overview(serviceAdminScope(op.operatorId), now);
    const reported = reports.reduce((sum, r) => sum + r.totals.trees, 0);
    expect(reported).toBe(3);
    expect(home.current.trees).toBe(reported);
    expect(home.current.co2Kg).toBe(reports.reduce((sum, r) => sum + Number(r.totals.co2), 0));
    expect(home.chart.at(-1)).toEqual({
      start: new Date(Date.UTC(year, month - 1, 1)).toISOString(),
      trees: 3,
    });
    expect(home.current.amount).toBe("60.00");
  });
});
