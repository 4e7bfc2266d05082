// The Scope: one value saying for which operator, in which environment and who is
// looking, built at each edge (API key, dashboard, family link, visitor, command line) and taken by
// the memorial policy and the webhook endpoints. Against the real PostgreSQL: a scope without an
// operator is refused, never read as "every operator".

import { actingAs } from "@memorial/lib/audit/actor";
import { db } from "@memorial/lib/db/client";
import type { CreateMemorialCommand } from "@memorial/lib/memorials/commands";
import { memorialsVisibleTo, treesVisibleTo } from "@memorial/lib/memorials/policy";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import {
  dashboardScope,
  environmentOf,
  familyLinkScope,
  isTestEnvironment,
  keyPrefixTag,
  type OperatorScope,
  ownerOf,
  partnerKeyScope,
  requireOperatorScope,
  type Scope,
  serviceAdminScope,
  systemAccount,
  VISITOR,
} from "@memorial/lib/scope";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listAllWebhookEndpoints,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
} from "@memorial/lib/webhooks/endpoints";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, TEST_FIXTURE } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(async () => {
  await db.$disconnect();
});

describe("the Scope's construction at each edge", () => {
  it("gives an API key's operator, its environment and the key", () => {
    expect(partnerKeyScope({ id: 9, operatorId: 4, environment: "test", name: "ERP" })).toEqual({
      operatorId: 4,
      environment: "test",
      actor: { kind: "key", id: 9, name: "ERP", operatorId: 4 },
    });
  });

  it("gives the dashboard's user, acting for its operator in production", () => {
    expect(dashboardScope({ userId: 3, operatorId: 4 })).toEqual({
      operatorId: 4,
      environment: "production",
      actor: { kind: "user", id: 3, operatorId: 4 },
    });
  });

  it("gives a family link its memorial, in the memorial's environment", () => {
    expect(familyLinkScope({ id: 12, operatorId: 4, isTest: true })).toEqual({
      operatorId: 4,
      environment: "test",
      actor: { kind: "family", memorialId: 12 },
    });
    expect(familyLinkScope({ id: 12, operatorId: 4, isTest: false }).environment).toBe("production");
  });

  it("refuses a scope without an operator or with an unknown environment", () => {
    for (const operatorId of [undefined, null, 0, -1, 1.5, Number.NaN]) {
      expect(() => serviceAdminScope(operatorId as never)).toThrow(/needs an operator id/);
      expect(() => dashboardScope({ userId: 1, operatorId: operatorId as never })).toThrow(
        /needs an operator id/,
      );
    }
    expect(() =>
      partnerKeyScope({ id: 1, operatorId: 4, environment: "live" as never, name: "ERP" }),
    ).toThrow(/unknown environment/);
    expect(() => requireOperatorScope(VISITOR)).toThrow(/needs (the|an) operator/);
    expect(() => requireOperatorScope(undefined)).toThrow(/needs (the|an) operator/);
    expect(() => requireOperatorScope({ operatorId: undefined } as never)).toThrow();
  });

  it("names the environment production or test everywhere; live only in a key's prefix", () => {
    expect([environmentOf(false), environmentOf(true)]).toEqual(["production", "test"]);
    expect([isTestEnvironment("production"), isTestEnvironment("test")]).toEqual([false, true]);
    expect([keyPrefixTag("production"), keyPrefixTag("test")]).toEqual(["live", "test"]);
  });

  it("gives the command line the system account that runs it", () => {
    expect(serviceAdminScope(4, "test")).toEqual({
      operatorId: 4,
      environment: "test",
      actor: { kind: "cli", account: systemAccount() },
    });
  });

  it("makes owners of the operator's actors only (not of a visitor nor of a family link)", () => {
    expect(ownerOf(VISITOR)).toBeNull();
    expect(ownerOf(familyLinkScope({ id: 1, operatorId: 4, isTest: false }))).toBeNull();
    expect(ownerOf(serviceAdminScope(4))?.operatorId).toBe(4);
  });

  it("is built from an API key when it is authenticated", async () => {
    const op = await makeIsolatedOperator();
    const live = await authenticateKey(op.key);
    const test = await authenticateKey(op.testKey);
    const liveRow = await db.apiKey.findFirstOrThrow({
      where: { operatorId: op.operatorId, environment: "production" },
    });
    expect(op.key.startsWith("mt_live_")).toBe(true);
    expect(live).toMatchObject({
      operatorId: op.operatorId,
      environment: "production",
      actor: { kind: "key", id: liveRow.id, name: liveRow.name ?? liveRow.prefix, operatorId: op.operatorId },
    });
    expect(test).toMatchObject({
      operatorId: op.operatorId,
      environment: "test",
      actor: { kind: "key" },
    });
  });
});

const command = (awaitConfirmation: boolean): CreateMemorialCommand =>
  plantingCommand(
    newMemorialTarget({
      family: awaitConfirmation ? { email: "famille@example.org", name: null, language: null } : null,
      awaitConfirmation,
    }),
  );

const plant = async (caller: Caller, awaitConfirmation = false) =>
  (await fixtureMemorial(caller, command(awaitConfirmation))).memorialId;

describe("the memorial policy takes the Scope", () => {
  it("shows each scope what it may see, and a family link its own memorial only", async () => {
    const op = await makeIsolatedOperator();
    const live = (await authenticateKey(op.key)) as Caller;
    const test = (await authenticateKey(op.testKey)) as Caller;
    const awaiting = await plant(live, true);
    const otherAwaiting = await plant(live, true);
    const testMemorial = await plant(test);
    const ids = [awaiting, otherAwaiting, testMemorial];
    const seen = async (scope: Scope) =>
      (
        await db.memorial.findMany({
          where: { AND: [{ id: { in: ids } }, memorialsVisibleTo(scope)] },
          select: { id: true },
          orderBy: { id: "asc" },
        })
      ).map((m) => m.id);
    const dashboard = dashboardScope({ userId: 1, operatorId: op.operatorId });
    const family = familyLinkScope({ id: awaiting, operatorId: op.operatorId, isTest: false });

    expect(await seen(VISITOR)).toEqual([]);
    expect(await seen(live)).toEqual([awaiting, otherAwaiting]);
    expect(await seen(dashboard)).toEqual([awaiting, otherAwaiting]);
    expect(await seen(test)).toEqual([testMemorial]);
    expect(await seen(family)).toEqual([awaiting]);

    // The test tree is seen in the test environment of its operator only.
    const trees = async (scope: Scope) =>
      db.tree.count({ where: { AND: [{ memorialId: testMemorial }, treesVisibleTo(scope)] } });
    expect(await trees(test)).toBe(1);
    expect(await trees(dashboard)).toBe(0);
    expect(await trees(VISITOR)).toBe(0);
  });
});

describe("webhook endpoints take the Scope", () => {
  it("refuse a scope without an operator instead of reading it as every operator", async () => {
    const a = await makeIsolatedOperator();
    const b = await makeIsolatedOperator();
    const events = ["tree.planted"];
    const url = "http://127.0.0.1:9/hook";
    const aEndpoint = await actingAs(TEST_FIXTURE, () =>
      createWebhookEndpoint(
        { scope: serviceAdminScope(a.operatorId), url, events, environment: "production" },
        { production: false },
      ),
    );
    const bEndpoint = await actingAs(TEST_FIXTURE, () =>
      createWebhookEndpoint(
        { scope: serviceAdminScope(b.operatorId), url, events, environment: "test" },
        { production: false },
      ),
    );
    expect(bEndpoint.environment).toBe("test");
    const noOperator = {
      operatorId: undefined,
      environment: "production",
      actor: { kind: "cli", account: "root" },
    };

    for (const scope of [undefined, VISITOR, noOperator] as unknown as OperatorScope[]) {
      await expect(listWebhookEndpoints(scope)).rejects.toThrow(/needs (the|an) operator/);
      await expect(listWebhookDeliveries(scope)).rejects.toThrow(/needs (the|an) operator/);
      await expect(deleteWebhookEndpoint(scope, aEndpoint.id)).rejects.toThrow(/needs (the|an) operator/);
      await expect(resendWebhookDelivery(scope, 1)).rejects.toThrow(/needs (the|an) operator/);
      await expect(
        createWebhookEndpoint({ scope, url, events, environment: "production" }, { production: false }),
      ).rejects.toThrow(/needs (the|an) operator/);
    }
    // Nothing was deleted nor added.
    const active = await db.webhookEndpoint.findMany({
      where: { operatorId: { in: [a.operatorId, b.operatorId] }, disabledAt: null },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    expect(active.map((e) => e.id)).toEqual([aEndpoint.id, bEndpoint.id]);

    // Each operator's scope lists its own; only the explicit all-operators form lists both.
    expect((await listWebhookEndpoints(serviceAdminScope(a.operatorId))).map((e) => e.id)).toEqual([
      aEndpoint.id,
    ]);
    const all = (await listAllWebhookEndpoints()).map((e) => e.id);
    expect(all).toEqual(expect.arrayContaining([aEndpoint.id, bEndpoint.id]));
    // Another operator's endpoint is not found for a scope.
    await expect(deleteWebhookEndpoint(serviceAdminScope(b.operatorId), aEndpoint.id)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
