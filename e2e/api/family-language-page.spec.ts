// The public page of a memorial whose family speaks Dutch or German opens in the family's
// language for a visitor whose browser asks for it before the memorial's own (the visitor can still
// switch with ?lang=), through Next.js and through the rendered-page cache alike; and the planting
// site's name and region follow the page's language where the catalogue has them (French otherwise).

import { actingAs } from "@memorial/lib/audit/actor";
import { translatePlantation } from "@memorial/lib/catalogue/manage";
import type { Language } from "@memorial/lib/i18n/languages";
import { expect, test } from "@playwright/test";
import { api, baseUrl, db, makeIsolatedOperator, TEST_FIXTURE, unique } from "../support/factories";

const htmlLang = (html: string) => /<html[^>]*\blang="([a-z]+)"/.exec(html)?.[1];

async function page(id: number, acceptLanguage: string, query = "") {
  const response = await fetch(`${baseUrl()}/memorial/${id}${query}`, {
    headers: { "Accept-Language": acceptLanguage },
  });
  expect(response.status).toBe(200);
  const html = await response.text();
  return { lang: htmlLang(html), html };
}

for (const family of ["nl", "de"] as const satisfies Language[]) {
  test(`a French memorial whose family speaks ${family} opens in ${family} for a browser that asks for it`, async () => {
    const op = await makeIsolatedOperator({ stock: 5, language: "fr" });
    const created = await api("POST", "/Memorials/Creer", {
      key: op.key,
      body: {
        Langue: "fr",
        DeLaPartDe: "La famille",
        Defunt: { Nom: unique("Lang"), Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" },
        Famille: { FamilleNom: "Famille", Langue: family },
      },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.json.IdMemorial as number;
    const region = `${family}-BE`;

    // Twice each: rendered, then answered by the rendered-page cache, which keys the same language.
    for (let round = 0; round < 2; round++) {
      expect((await page(id, `${region},${family};q=0.9`)).lang).toBe(family);
      // A visitor who asks for English first and then the family's language.
      expect((await page(id, `en-GB,en;q=0.9,${family};q=0.8`)).lang).toBe(family);
      // A visitor who asks for the memorial's language first keeps it.
      expect((await page(id, `fr-BE,fr;q=0.9,${family};q=0.8`)).lang).toBe("fr");
      // A visitor who asks for neither: the memorial's language.
      expect((await page(id, "en-GB,en;q=0.9")).lang).toBe("fr");
      expect((await page(id, "")).lang).toBe("fr");
      // The visitor switches: ?lang= wins.
      expect((await page(id, family, "?lang=fr")).lang).toBe("fr");
      expect((await page(id, family, "?lang=en")).lang).toBe("en");
    }
    // The language links are there to switch.
    const { html } = await page(id, family);
    expect(html).toContain(`href="/memorial/${id}?lang=fr"`);
  });
}

test("a site's name and region follow the page's language where the catalogue has them", async () => {
  const op = await makeIsolatedOperator({ stock: 5, language: "fr" });
  const french = unique("Forêt");
  await db.plantation.update({
    where: { id: op.plantationId },
    data: { name: french, region: "Province de Liège" },
  });
  await actingAs(TEST_FIXTURE, () =>
    translatePlantation(op.plantationId, {
      nameNl: `${french} NL`,
      regionNl: "Provincie Luik",
      nameDe: `${french} DE`,
      regionDe: "Provinz Lüttich",
    }),
  );
  const created = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Langue: "fr", Defunt: { Nom: unique("Site"), Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" } },
  });
  expect(created.status, created.text).toBe(200);
  const id = created.json.IdMemorial as number;
  const nl = (await page(id, "", "?lang=nl")).html;
  expect(nl).toContain(`${french} NL`);
  expect(nl).toContain("Provincie Luik");
  expect(nl).not.toContain("Province de Liège");
  const de = (await page(id, "", "?lang=de")).html;
  expect(de).toContain(`${french} DE`);
  expect(de).toContain("Provinz Lüttich");
  // No English in the catalogue: French.
  const en = (await page(id, "", "?lang=en")).html;
  expect(en).toContain("Province de Liège");
  expect(en).not.toContain(`${french} NL`);
  const fr = (await page(id, "")).html;
  expect(fr).toContain("Province de Liège");
});
