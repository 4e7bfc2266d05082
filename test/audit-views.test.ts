// The audit log as the dashboard reads it, on the real PostgreSQL: an operator's rows
// only, whatever the filters; newest first a page at a time by keyset; the filters; the export's
// batches; and the words of every action, kind of target and actor in the four languages.
import { actingAs } from "@memorial/lib/audit/actor";
import { auditPage, auditRowsForExport, parseAuditFilter } from "@memorial/lib/audit/queries";
import { actionWords, actorWords, changeLines, PERSONAL_VALUE } from "@memorial/lib/audit/words";
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from "@memorial/lib/changes/kinds";
import { recordChange } from "@memorial/lib/changes/record";
import { db, transaction } from "@memorial/lib/db/client";
import { LANGUAGES } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { afterAll, describe, expect, it } from "vitest";

afterAll(() => db.$disconnect());

// Operators of their own (no foreign key binds the log's operator_id): far above the tests' others.
const freshOperator = () => 1_500_000_000 + Math.floor(Math.random() * 500_000_000);

async function write(
  operatorId: number,
  kind: "memorial.hidden" | "memorial.shown" | "tree.moved",
  memorialId: number | null,
  n = 1,
) {
  for (let i = 0; i < n; i++) {
    await actingAs({ kind: "key", id: 1, name: "ERP", operatorId }, () =>
      transaction((tx) =>
        recordChange(tx, {
          kind,
          target: { type: "memorial", id: memorialId ?? 0 },
          operatorId,
          memorialId,
          before: { hidden: false },
          after: { hidden: true },
          // The rows are what is read: no event.
          event: null,
        }),
      ),
    );
  }
}

describe("the audit log's dashboard reads", () => {
  it("show an operator its own rows only, newest first, a page at a time", async () => {
    const mine = freshOperator();
    const theirs = mine + 1;
    await write(mine, "memorial.hidden", 11, 5);
    await write(theirs, "memorial.hidden", 11, 3);
    const first = await auditPage(parseAuditFilter(mine, new URLSearchParams()), null, 2);
    expect(first.rows).toHaveLength(2);
    expect(first.next).toBe(first.rows[1].id);
    const second = await auditPage(parseAuditFilter(mine, new URLSearchParams()), BigInt(first.next!), 2);
    const third = await auditPage(parseAuditFilter(mine, new URLSearchParams()), BigInt(second.next!), 2);
    expect(third.next).toBeNull();
    const ids = [...first.rows, ...second.rows, ...third.rows].map((row) => BigInt(row.id));
    expect(ids).toHaveLength(5);
    expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
    // The other operator's rows are not read, even by a filter naming the same memorial.
    const filtered = await auditPage(parseAuditFilter(mine, new URLSearchParams("memorial=11")), null);
    expect(filtered.rows).toHaveLength(5);
    const exported = [];
    for await (const row of auditRowsForExport(parseAuditFilter(theirs, new URLSearchParams())))
      exported.push(row);
    expect(exported).toHaveLength(3);
    expect(BigInt(exported[0].id) < BigInt(exported[2].id)).toBe(true);
  });

  it("filters by action or domain, actor kind, target, memorial and days", async () => {
    const op = freshOperator();
    await write(op, "memorial.hidden", 21);
    await write(op, "memorial.shown", 22);
    await write(op, "tree.moved", 21);
    const count = async (query: string) =>
      (await auditPage(parseAuditFilter(op, new URLSearchParams(query)), null)).rows.length;
    expect(await count("")).toBe(3);
    expect(await count("action=memorial.hidden")).toBe(1);
    expect(await count("action=memorial")).toBe(2);
    expect(await count("memorial=21")).toBe(2);
    expect(await count("actor=key")).toBe(3);
    expect(await count("actor=user")).toBe(0);
    expect(await count("target=memorial&targetId=22")).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect(await count(`from=${today}&to=${today}`)).toBe(3);
    expect(await count("to=2000-01-01")).toBe(0);
  });

  it("refuses malformed filters with the field named", () => {
    for (const [query, field] of [
      ["from=2026-02-30", "from"],
      ["actor=robot", "actor"],
      ["action=DROP TABLE", "action"],
      ["memorial=-1", "memorial"],
      ["from=2026-03-02&to=2026-03-01", "to"],
    ]) {
      expect(() => parseAuditFilter(1, new URLSearchParams(query)), query).toThrow(
        expect.objectContaining({ problem: expect.objectContaining({ field }) }),
      );
    }
  });

  it("says every action, target, actor and change in every language", () => {
    expect(PERSONAL_VALUE).toBe(PERSONAL_VALUE);
    for (const lang of LANGUAGES) {
      const t = translator(lang, "dashboard");
      for (const action of AUDIT_ACTIONS) {
        const words = actionWords(action, t);
        expect(words, `${lang} ${action}`).not.toContain(action.replace(".", "_"));
        expect(words, `${lang} ${action}`).not.toBe(action);
      }
      for (const type of AUDIT_TARGET_TYPES) expect(t("audit_target_type", { type })).not.toBe(type);
      expect(actionWords("brand.new", t)).toBe("brand.new");
      expect(actorWords({ kind: "user", id: 42, label: null, email: null }, t)).toContain("42");
      expect(actorWords({ kind: "user", id: 42, label: null, email: "a@example.org" }, t)).toBe(
        "a@example.org",
      );
      expect(actorWords({ kind: "key", id: 1, label: "ERP", email: null }, t)).toContain("ERP");
      expect(actorWords({ kind: "system", id: null, label: "job family-erasure", email: null }, t)).toContain(
        "job family-erasure",
      );
      expect(changeLines({ hidden: { before: false, after: true } }, t)).toEqual([
        `hidden: ${t("no")} → ${t("yes")}`,
      ]);
      expect(changeLines({ lastName: { before: PERSONAL_VALUE, after: PERSONAL_VALUE } }, t)[0]).toContain(
        t("audit_personal"),
      );
    }
  });
});
