// A data subject's rights through the command line (test/support/cli.ts, the real PostgreSQL): `privacy
// find|export|erase --email` finds a person's rows in every operator, or with --operator in one
// (another operator's rows are neither found nor erased), erases them with a report, refuses the
// last admin (status 1, nothing changed) and a bad address (status 2); a second erase finds nothing.
import { db } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { subjectHash } from "@memorial/lib/privacy/subject-find";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, unique } from "@/e2e/support/factories";
import { runCli } from "./support/cli";
import { awaitingFamilyTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const address = () =>
  `${unique("c")
    .replace(/[^a-z0-9]/gi, "")
    .toLowerCase()}@example.org`;

/** An operator with a memorial whose family is `email`. */
async function familyOf(email: string) {
  const op = await makeIsolatedOperator({ stock: 5 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const made = await fixtureMemorial(caller, plantingCommand(awaitingFamilyTarget(email)));
  return { operatorId: op.operatorId, memorialId: made.memorialId };
}

describe("privacy find|export|erase", () => {
  it("finds, exports and erases one operator's rows, then every operator's; once", async () => {
    const email = address();
    const mine = await familyOf(email);
    const theirs = await familyOf(email.toUpperCase());

    const found = await runCli("privacy", "find", "--email", email.toUpperCase());
    expect(found.code, found.stderr).toBe(0);
    const families = found.json.places.find((p: { source: string }) => p.source === "family.email");
    expect(families.ids).toHaveLength(2);

    const one = ["--operator", String(mine.operatorId)];
    const copy = await runCli("privacy", "export", "--email", email, ...one);
    expect(copy.code, copy.stderr).toBe(0);
    const rows = copy.json.tables.find((t: { source: string }) => t.source === "family.email").rows;
    expect(rows).toEqual([expect.objectContaining({ email, memorial_id: mine.memorialId })]);

    const erased = await runCli("privacy", "erase", "--email", email, ...one);
    expect(erased.code, erased.stderr).toBe(0);
    expect(erased.json.subject).toBe(subjectHash(email));
    expect(erased.json.changes).toContainEqual(
      expect.objectContaining({ source: "family.email", fields: ["email", "name"], rows: 1 }),
    );
    expect(await db.family.findUnique({ where: { memorialId: mine.memorialId } })).toMatchObject({
      email: null,
    });
    // The other operator's family is untouched, and found by the service's search.
    expect(await db.family.findUnique({ where: { memorialId: theirs.memorialId } })).toMatchObject({
      email: email.toUpperCase(),
    });
    const again = await runCli("privacy", "erase", "--email", email, ...one);
    expect(again.json).toMatchObject({ total: 0, changes: [] });

    const all = await runCli("privacy", "erase", "--email", email);
    expect(all.json.total).toBeGreaterThan(0);
    expect((await runCli("privacy", "find", "--email", email)).json).toMatchObject({ total: 0, places: [] });
    const audit = await db.auditLog.findMany({
      where: { targetId: subjectHash(email) },
      orderBy: { id: "asc" },
    });
    expect(audit.map((row) => [row.action, row.actorKind])).toEqual([
      ["subject.exported", "cli"],
      ["subject.erased", "cli"],
      ["subject.erased", "cli"],
      ["subject.erased", "cli"],
    ]);
  });

  it("refuses the last admin (status 1, nothing changed) and what is not an address (status 2)", async () => {
    const op = await makeIsolatedOperator();
    const email = address();
    await db.operatorUser.create({
      data: { operatorId: op.operatorId, email, passwordHash: "x", role: "admin" },
    });
    const refused = await runCli("privacy", "erase", "--email", email);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is the last admin of operator");
    expect(await db.operatorUser.count({ where: { email } })).toBe(1);
    const bad = await runCli("privacy", "find", "--email", "not-an-address");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("is not an e-mail address");
    const missing = await runCli("privacy", "erase");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--email is required");
  });
});
