// The funeral home's default privacy level, set where operators manage funeral homes
// (the command line): on creation (--privacy) and later (context privacy); bad values exit 2 and
// change nothing; another operator's context is not found (exit 1).

import { db } from "@memorial/lib/db/client";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";
import { runCli } from "./support/cli";

afterAll(() => db.$disconnect());

const context = (operatorId: number, ...extra: string[]) =>
  runCli("context", "create", "--operator", String(operatorId), "--kind", "Epf", "--name", "Home", ...extra);
/** context privacy: the level of one of the operator's contexts. */
const setPrivacy = (operatorId: number, contextId: number, privacy: string) =>
  runCli(
    "context",
    "privacy",
    ...["--operator", String(operatorId), "--context", String(contextId)],
    ...["--privacy", privacy],
  );
const privacyOf = async (id: number) =>
  (await db.context.findUniqueOrThrow({ where: { id } })).defaultPrivacy;

describe("the funeral home's default privacy", () => {
  it("is set on creation and changed later; default is public (null)", async () => {
    const op = await makeIsolatedOperator();
    const created = await context(op.operatorId, "--privacy", "link_only");
    expect(created.code, created.stderr).toBe(0);
    expect(await privacyOf(created.json.id)).toBe("link_only");
    const plain = await context(op.operatorId);
    expect(await privacyOf(plain.json.id)).toBeNull();

    const set = await setPrivacy(op.operatorId, plain.json.id, "link_only");
    expect(set.code, set.stderr).toBe(0);
    expect(set.json).toEqual({ id: plain.json.id, defaultPrivacy: "link_only" });
    const reset = await setPrivacy(op.operatorId, plain.json.id, "default");
    expect(reset.json).toEqual({ id: plain.json.id, defaultPrivacy: null });
    expect(await privacyOf(plain.json.id)).toBeNull();
  });

  it("refuses a level that is not one (exit 2) and another operator's context (exit 1)", async () => {
    const op = await makeIsolatedOperator();
    const other = await makeIsolatedOperator();
    const home = await context(op.operatorId);
    const bad = await context(op.operatorId, "--privacy", "hidden");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--privacy must be public or link_only");
    const badSet = await setPrivacy(op.operatorId, home.json.id, "secret");
    expect(badSet.code).toBe(2);
    const foreign = await setPrivacy(other.operatorId, home.json.id, "link_only");
    expect(foreign.code).toBe(1);
    expect(await privacyOf(home.json.id)).toBeNull();
  });
});
