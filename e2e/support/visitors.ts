// Helpers of the visitor-planting tests: Anne Lambert's public memorial, made through Creer as a
// funeral home makes one, and claim codes issued for a memorial as its funeral home hands them out.
import { actingAs } from "@memorial/lib/audit/actor";
import { VISITOR } from "@memorial/lib/scope";
import { issueClaimCodes, type RedeemInput, redeemClaimCode } from "@memorial/lib/visitors/claim-codes";
import { setVisitorSetting } from "@memorial/lib/visitors/settings";
import { expect } from "@playwright/test";
import { api, TEST_FIXTURE } from "./factories";

/** Anne Lambert's memorial, from her children: its id. */
export async function lambertMemorial(key: string): Promise<number> {
  const r = await api("POST", "/Memorials/Creer", {
    key,
    body: {
      Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: "2026-10-01T12:00:00" },
      DeLaPartDe: "Ses enfants",
    },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.IdMemorial as number;
}

/** `count` codes planting in the memorial, valid `days` days. */
export async function claimCodes(operatorId: number, memorialId: number, count: number, days: number) {
  const issued = await actingAs(TEST_FIXTURE, () =>
    issueClaimCodes({
      operatorId,
      isTest: false,
      memorialId,
      count,
      expiresAt: new Date(Date.now() + days * 86_400_000),
    }),
  );
  return issued.codes.map((c) => c.code);
}

/** The visitors' setting of the operator (`contextId` null) or of one of its contexts, as the test sets it. */
export const setVisitors = (...args: Parameters<typeof setVisitorSetting>) =>
  actingAs(TEST_FIXTURE, () => setVisitorSetting(...args));

/** A visitor plants with a code, as the planting form does: the visitor acts. */
export const redeemAsVisitor = (input: RedeemInput) => actingAs(VISITOR.actor, () => redeemClaimCode(input));
