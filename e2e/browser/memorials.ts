// Memorials for the browser tests, created through the real API (POST /v1/Memorials/Creer).
import { transaction } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { expect, type Page } from "@playwright/test";
import { api, baseUrl, type makeIsolatedOperator, uniqueEmail } from "../support/factories";

export type Operator = Awaited<ReturnType<typeof makeIsolatedOperator>>;

/**
 * A family's expired link (confirmation or management): its page answers 410 and says so in the
 * memorial's French, with no button, and `press`, its form's POST, is refused with 410 too.
 */
export async function expectExpiredLink(page: Page, link: string, press: () => Promise<Response>) {
  expect((await page.goto(link))?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ce lien a expiré");
  await expect(page.getByRole("button")).toHaveCount(0);
  expect((await press()).status).toBe(410);
}

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
 * The memorial `body` made for a family at an address of its own (its e-mail's words from
 * `emailPrefix`), with `family`'s other Famille fields; the address and the family's management link.
 */
export async function memorialWithFamily(
  op: Operator,
  body: Record<string, unknown>,
  family: Record<string, unknown>,
  emailPrefix = "family",
) {
  const email = uniqueEmail(emailPrefix);
  const memorialId = await create(op, { ...body, Famille: { FamilleEmail: email, ...family } });
  const { token } = await transaction((tx) => issueManageToken(tx, memorialId));
  return { memorialId, email, token, manageLink: `${baseUrl()}/manage/${token}` };
}

/**
 * A classic memorial with a family (the Duponts, at an address of their own, writing in
 * `language` where given) and the token of the family's management link.
 */
export function familyMemorial(op: Operator, language?: "fr" | "nl" | "en" | "de") {
  return memorialWithFamily(op, classic(), {
    FamilleNom: "Dupont",
    ...(language ? { Langue: language } : {}),
  });
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
