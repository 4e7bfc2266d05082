// Issue 33.2: a report's page is read in one statement (lib/reports/queries.ts reportPage), its lines
// and the period's totals together. This test compares it, value for value, with the two statements
// it joins, sent apart: every page of a funeral home's report, a page past the end (no line, the
// totals still), a period without a tree (totals of zero), and a person's report.
import { actingAs } from "@memorial/lib/audit/actor";
import { disconnect } from "@memorial/lib/db/client";
import { reportsSql } from "@memorial/lib/db/raw";
import { createMemorial } from "@memorial/lib/memorials/create-memorial";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import {
  type ReportFilter,
  type ReportLineRow,
  type ReportTotals,
  reportLinesSql,
  reportPage,
  reportTotalsSql,
} from "@memorial/lib/reports/queries";
import { serviceAdminScope } from "@memorial/lib/scope";
import { afterAll, expect, it } from "vitest";
import { makeIsolatedOperator, TEST_FIXTURE } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";

afterAll(() => disconnect());

/** The page as the two statements give it, sent apart. */
async function apart(filter: ReportFilter, limit: number, offset: number) {
  const [lines, [totals]] = await Promise.all([
    reportsSql.$queryRaw<ReportLineRow[]>(reportLinesSql(filter, limit, offset)),
    reportsSql.$queryRaw<ReportTotals[]>(reportTotalsSql(filter)),
  ]);
  return { lines, totals };
}

it("gives the lines and totals of the two statements it joins, on every page and past the end", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const plant = (target: Parameters<typeof plantingCommand>[0], planter: string) =>
    actingAs(TEST_FIXTURE, () =>
      createMemorial({ caller, command: plantingCommand(target, { planter }), linkBase: null }),
    );
  const first = await plant(newMemorialTarget(), "Anne");
  for (const planter of ["Bruno", "Chloé"])
    await plant({ kind: "existing", memorialId: first.memorialId }, planter);
  for (const planter of ["Denis", "Emma"]) await plant(newMemorialTarget(), planter);

  const viewer = serviceAdminScope(op.operatorId);
  const period = { start: new Date(Date.now() - 86_400_000), end: new Date(Date.now() + 86_400_000) };
  const filter: ReportFilter = { viewer, scope: { kind: "operator" }, ...period, language: "en" };
  const seen: string[] = [];
  for (const offset of [0, 2, 4, 6]) {
    const page = await reportPage(filter, 2, offset);
    expect(page).toEqual(await apart(filter, 2, offset));
    expect(page.totals).toMatchObject({ lines: 5, trees: 5 });
    seen.push(...page.lines.map((line) => line.planter));
  }
  expect(seen.sort()).toEqual(["Anne", "Bruno", "Chloé", "Denis", "Emma"]);
  expect((await reportPage(filter, 2, 6)).lines).toEqual([]);

  const empty = { ...filter, start: new Date("2001-01-01T00:00:00Z"), end: new Date("2001-02-01T00:00:00Z") };
  const none = await reportPage(empty, 200, 0);
  expect(none).toEqual(await apart(empty, 200, 0));
  expect(none).toEqual({ lines: [], totals: { lines: 0, trees: 0, co2: "0" } });

  const personId = (await reportPage(filter, 1, 0)).lines[0]?.personId;
  expect(personId).toEqual(expect.any(Number));
  const person: ReportFilter = { ...filter, scope: { kind: "person", personId: personId as number } };
  const personPage = await reportPage(person, 200, 0);
  expect(personPage).toEqual(await apart(person, 200, 0));
  expect(personPage.totals.lines).toBe(3);
});
