// From the command line: visitor planting on and off for an operator and one of its
// funeral homes (a context follows its own setting, else its parent's, else the operator's), and
// claim codes issued (printed once) and listed (never printed again).

import { db } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { visitorSettingsFor } from "@memorial/lib/visitors/settings";
import { afterAll, describe, expect, it } from "vitest";
import { makeContext, makeIsolatedOperator } from "@/e2e/support/factories";
import { runCli } from "./support/cli";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const visitors = (operatorId: number, ...extra: string[]) =>
  runCli("visitors", "set", "--operator", String(operatorId), ...extra);

describe("visitor planting from the command line", () => {
  it("is off by default, set for the operator, overridden by a funeral home, then inherited again", async () => {
    const op = await makeIsolatedOperator();
    const home = await makeContext(op.operatorId, "Epf");
    const agency = await makeContext(op.operatorId, "EpfAgence", home.id);
    expect(await visitorSettingsFor(db, op.operatorId, agency.id)).toMatchObject({ enabled: false });

    const set = await visitors(op.operatorId, "--on", "--payments", "card,bancontact", "--price", "12,5");
    expect(set.code, set.stderr).toBe(0);
    expect(set.json).toMatchObject({ enabled: true, payments: ["card", "bancontact"], price: "12.50" });
    expect(await visitorSettingsFor(db, op.operatorId, agency.id)).toMatchObject({
      enabled: true,
      price: "12.50",
    });

    const off = await visitors(op.operatorId, "--context", String(home.id), "--off");
    expect(off.code, off.stderr).toBe(0);
    expect(await visitorSettingsFor(db, op.operatorId, agency.id)).toMatchObject({
      enabled: false,
      contextId: home.id,
    });
    const inherit = await visitors(op.operatorId, "--context", String(home.id), "--inherit");
    expect(inherit.code, inherit.stderr).toBe(0);
    expect(await visitorSettingsFor(db, op.operatorId, agency.id)).toMatchObject({
      enabled: true,
      contextId: null,
    });

    const shown = await runCli("visitors", "show", "--operator", String(op.operatorId));
    expect(shown.json.settings).toHaveLength(1);
  });

  it("refuses a payment way without a price, an unknown way and a price that is not one, changing nothing", async () => {
    const op = await makeIsolatedOperator();
    for (const extra of [
      ["--on", "--payments", "card"],
      ["--on", "--payments", "paypal", "--price", "10"],
      ["--on", "--price", "ten"],
      ["--on", "--price", "0"],
      ["--on", "--off"],
    ]) {
      const refused = await visitors(op.operatorId, ...extra);
      expect(refused.code, extra.join(" ")).not.toBe(0);
    }
    expect(await db.visitorSetting.count({ where: { operatorId: op.operatorId } })).toBe(0);
  });

  it("issues codes once and lists them without the codes", async () => {
    const op = await makeIsolatedOperator();
    const home = await makeContext(op.operatorId, "Epf");
    const expires = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const args = [
      "--operator",
      String(op.operatorId),
      "--context",
      String(home.id),
      "--count",
      "3",
      "--expires",
      expires,
    ];
    const refused = await runCli("codes", "issue", ...args);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("visitors may not plant");
    await visitors(op.operatorId, "--on");
    const issued = await runCli("codes", "issue", ...args);
    expect(issued.code, issued.stderr).toBe(0);
    expect(issued.json.codes).toHaveLength(3);
    const listed = await runCli("codes", "list", "--operator", String(op.operatorId));
    expect(listed.json.total).toBe(3);
    expect(JSON.stringify(listed.json)).not.toContain(issued.json.codes[0].code);
  });

  it("refuses codes for a memorial that can no longer receive trees (taken down), writing none", async () => {
    const op = await makeIsolatedOperator({ stock: 5 });
    await visitors(op.operatorId, "--on");
    const caller = (await authenticateKey(op.key)) as Caller;
    const { memorialId } = await fixtureMemorial(
      caller,
      plantingCommand(newMemorialTarget()),
      "http://localhost:3000",
    );
    await db.memorial.update({ where: { id: memorialId }, data: { takenDownAt: new Date() } });
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const refused = await runCli(
      "codes",
      "issue",
      "--operator",
      String(op.operatorId),
      "--memorial",
      String(memorialId),
      "--count",
      "2",
      "--expires",
      expires,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`memorial ${memorialId} is taken down by its family`);
    expect(await db.claimCode.count({ where: { operatorId: op.operatorId } })).toBe(0);
  });
});
