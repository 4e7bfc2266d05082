// Counts that mean what they say, one rule for all (the policy's countsAsLiving): a
// tree counts while it lives or is on its way; a dead tree no longer counts, and a replaced one
// counts through its replacement. The memorial page's "trees planted" and CO2, and the family's
// closing summary, count as the home page does; every tree is still listed with its status.

import { summaryTotals } from "@memorial/lib/documents/closing-summary";
import { readClosingSummary } from "@memorial/lib/mail/closing-summary";
import { serviceAdminScope } from "@memorial/lib/scope";
import { expect, test } from "@playwright/test";
import { api, baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { todayUtc } from "../support/tree-life";
import { declareDeath, recordInGround } from "../support/trees";

const figure = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`)
    .exec(html)?.[1]
    ?.replace(/[\s\u202f\u00a0]+/g, " ")
    .trim();

test("dead and replaced trees leave the page's count and CO2 and the closing summary's; their replacement counts", async () => {
  // Four trees of stock: three planted, one left for a single replacement.
  const op = await makeIsolatedOperator({ stock: 4, co2: 100, language: "en" });
  const created = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Langue: "en", Defunt: { Nom: "Counted", Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" } },
  });
  expect(created.status, created.text).toBe(200);
  const memorialId = created.json.IdMemorial as number;
  for (let i = 0; i < 2; i++) {
    const more = await api("POST", "/Memorials/Creer", { key: op.key, body: { MemorialId: memorialId } });
    expect(more.status, more.text).toBe(200);
  }
  const page = async () => (await fetch(`${baseUrl()}/memorial/${memorialId}?lang=en`)).text();
  let html = await page();
  expect(figure(html, "total-trees")).toBe("3");
  expect(figure(html, "total-co2")).toBe("300 kg");
  expect(html).not.toContain('data-testid="trees-counted"');

  const [t1, t2, t3] = (
    await db.tree.findMany({ where: { memorialId }, orderBy: { id: "asc" }, select: { id: true } })
  ).map((t) => t.id) as [number, number, number];
  const scope = serviceAdminScope(op.operatorId);
  const on = todayUtc();
  await recordInGround(scope, { treeIds: [t1, t2, t3], on, recordedBy: "e2e" });
  // t2 dies and is replaced (the last tree of stock); t3 dies, and no stock is left to replace it.
  const replaced = await declareDeath(scope, { treeId: t2, on, reason: "drought", recordedBy: "e2e" });
  expect(replaced.replacement).toHaveProperty("treeId");
  await declareDeath(scope, { treeId: t3, on, reason: "fire", recordedBy: "e2e" });
  const statuses = await db.tree.findMany({
    where: { memorialId },
    orderBy: { id: "asc" },
    select: { status: true },
  });
  expect(statuses.map((t) => t.status)).toEqual(["in_ground", "replaced", "dead", "ordered"]);

  // The page (its cache dropped by the events): t1 and t2's replacement, 2 trees and 200 kg; the
  // four trees are still listed, and the page says how it counts.
  await expect
    .poll(
      async () => {
        html = await page();
        return figure(html, "total-trees");
      },
      { timeout: 15_000 },
    )
    .toBe("2");
  expect(figure(html, "total-co2")).toBe("200 kg");
  expect(html.match(/data-tree-id="\d+"/g)).toHaveLength(4);
  expect(html).toContain('data-testid="trees-counted"');
  expect(html).toContain("a tree that died no longer counts");

  // The closing summary counts the same trees (its planters are all who gave one).
  const summary = await readClosingSummary(db, memorialId, baseUrl());
  expect(summary.trees).toHaveLength(4);
  expect(summaryTotals(summary)).toEqual({ trees: 2, planters: 1, co2Kg: 200 });
});
