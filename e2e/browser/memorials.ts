// Memorials for the browser tests, created through the real API (POST /v1/Memorials/Creer).
import { transaction } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { expect } from "@playwright/test";
import { api, type makeIsolatedOperator, unique } from "../support/factories";

export type Operator = Awaited<ReturnType<typeof makeIsolatedOperator>>;

export async function create(op: Operator, body: Record<string, unknown>, key = op.key): Promise<number> {
  const r = await api("POST", "/Memorials/Creer", { key, body });
  expect(r.status, r.text).toBe(200);
  return r.json.IdMemorial as number;
}

export function classic(defunt: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    Defunt: { Nom: "Dupont", Prenom: "Marie", Civilite: "Mme", DateDeces: "2026-10-30T08:15:00", ...defunt },
    DeLaPartDe: "La famille",
    Message: "Nous pensons à toi",
    ...extra,
  };
}

/**
 * A classic memorial with a family (the Duponts, at an address of their own, writing in
 * `language` where given) and the token of the family's management link.
 */
export async function familyMemorial(op: Operator, language?: "fr" | "nl" | "en" | "de") {
  const email = `${unique("family").replace(/\W+/g, "-")}@example.org`.toLowerCase();
  const family = { FamilleEmail: email, FamilleNom: "Dupont", ...(language ? { Langue: language } : {}) };
  const memorialId = await create(op, classic({}, { Famille: family }));
  const { token } = await transaction((tx) => issueManageToken(tx, memorialId));
  return { memorialId, email, token };
}

/** The <meta> tags a share preview reads, as name → content. */
export async function metaTags(page: import("@playwright/test").Page): Promise<Record<string, string>> {
  return page.$$eval("head meta", (metas) =>
    Object.fromEntries(
      metas
        .map((m) => [
          m.getAttribute("property") ?? m.getAttribute("name") ?? "",
          m.getAttribute("content") ?? "",
        ])
        .filter(([k]) => k),
    ),
  );
}
