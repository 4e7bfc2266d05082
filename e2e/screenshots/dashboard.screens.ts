// Saves docs/screenshots/dashboard-*.png: the overview (English and French), the planting form,
// the memorial list, a report with its chart, the keys, and on a phone the memorial list, the
// overview and a report (its lines as cards). Data
// made through the domain operations.
import path from "node:path";
import { createPlantation, createSpecies } from "@memorial/lib/catalogue/manage";
import { createMemorial } from "@memorial/lib/memorials/create-memorial";
import { operatorCaller } from "@memorial/lib/operators/caller";
import { createContext } from "@memorial/lib/operators/contexts";
import { createOperator } from "@memorial/lib/operators/create-operator";
import { addStock } from "@memorial/lib/plantings/add-stock";
import { serviceAdminScope } from "@memorial/lib/scope";
import { createUser } from "@memorial/lib/users/create-user";
import { toCreateMemorialCommand } from "@memorial/lib/v1/schemas/memorials";
import { expect, test } from "@playwright/test";
import { baseUrl, db } from "../support/factories";

const out = (name: string) => path.resolve("docs/screenshots", `dashboard-${name}.png`);

const PEOPLE = [
  ["Dupont", "Marie"],
  ["Janssens", "Luc"],
  ["Peeters", "Anne"],
  ["Lambert", "Jean"],
  ["Dubois", "Claire"],
  ["Maes", "Pieter"],
  ["Leroy", "Sophie"],
  ["Willems", "Marc"],
];

test("dashboard screenshots", async ({ page }) => {
  test.setTimeout(180_000);
  const site = await createPlantation({
    name: "Forêt de Soignes",
    country: "XB",
    region: "Bruxelles",
    latitude: 50.77,
    longitude: 4.42,
  });
  const oak = await createSpecies({
    name: "Chêne pédonculé",
    latinName: "Quercus robur",
    type: "Feuillu",
    maxHeightM: 40,
    lifespanYears: 800,
    co2KgPerTree: 1000,
    unitPrice: 25,
  });
  await addStock(site.id, oak.id, 500);
  const operator = await createOperator({
    name: "Funérailles Lemaire",
    language: "en",
    allowedCountries: ["XB"],
    prepaidTrees: 20,
  });
  const epf = await createContext({ operatorId: operator.operatorId, kind: "Epf", name: "Lemaire Namur" });
  await createContext({ operatorId: operator.operatorId, kind: "Epf", name: "Lemaire Dinant" });
  const caller = await operatorCaller(serviceAdminScope(operator.operatorId));
  const now = Date.now();
  for (const [i, [Nom, Prenom]] of PEOPLE.entries()) {
    const result = await createMemorial({
      caller,
      linkBase: baseUrl(),
      command: toCreateMemorialCommand({
        Contexte: { ContexteEpfId: epf.id },
        Defunt: { Nom, Prenom, DateDeces: new Date(now - (i + 3) * 86_400_000) },
        Famille: i === 1 ? { FamilleEmail: "famille.janssens@example.org" } : null,
        AConfirmer: i === 1,
        DeLaPartDe: "Funérailles Lemaire",
      }),
    });
    // No tree goes to the memorial awaiting its family (i = 1).
    for (let extra = 0; i !== 1 && extra < (i * 3) % 5; extra++) {
      await createMemorial({
        caller,
        linkBase: baseUrl(),
        command: toCreateMemorialCommand({
          Contexte: { ContexteEpfId: epf.id },
          MemorialId: result.memorialId,
          DeLaPartDe: "Les voisins",
        }),
      });
    }
  }
  // Spread the trees over the last five months for the chart.
  const trees = await db.tree.findMany({
    where: { operatorId: operator.operatorId },
    orderBy: { id: "asc" },
  });
  for (const [i, tree] of trees.entries()) {
    await db.tree.update({
      where: { id: tree.id },
      data: { plantedAt: new Date(now - ((i * 37) % 150) * 86_400_000) },
    });
  }
  // The memorial awaiting its family was created 9 days ago: the overview lists it.
  await db.memorial.updateMany({
    where: { operatorId: operator.operatorId, status: "awaiting_confirmation" },
    data: { createdAt: new Date(now - 9 * 86_400_000) },
  });
  const email = "m.lemaire@example.org";
  await createUser({ operatorId: operator.operatorId, email, password: "screenshots only" });

  await page.context().addCookies([{ name: "dashboard_lang", value: "en", url: baseUrl() }]);
  await page.goto(`${baseUrl()}/dashboard/signin`);
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel("Password").fill("screenshots only");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: out("overview"), fullPage: true });

  await page.goto(`${baseUrl()}/dashboard/memorials`);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.screenshot({ path: out("memorials"), fullPage: true });

  await page.getByRole("link", { name: "Plant a tree" }).click();
  await page.getByLabel("Family name", { exact: true }).fill("Martin");
  await page.getByLabel("Given name").fill("Hélène");
  await page.getByLabel(/^Date of death/).fill("2026-11-18");
  await page.getByLabel("Planted on behalf of").fill("Her grandchildren");
  await page.getByLabel("Acting for").selectOption(String(epf.id));
  await page.screenshot({ path: out("plant"), fullPage: true });

  const start = new Date(now - 160 * 86_400_000);
  await page.goto(
    `${baseUrl()}/dashboard/reports?epf=${epf.id}&year=${start.getUTCFullYear()}&month=${start.getUTCMonth() + 1}&day=${start.getUTCDate()}&days=170&Page=1&Limite=10`,
  );
  await expect(page.getByTestId("report-chart")).toBeVisible();
  await page.screenshot({ path: out("report"), fullPage: true });

  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByLabel("Key name").fill("Booking software");
  await page.getByRole("button", { name: "Create a test key" }).click();
  await expect(page.getByTestId("new-key")).toBeVisible();
  await page.screenshot({ path: out("keys"), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseUrl()}/dashboard/memorials`);
  await expect(page.getByRole("heading", { name: "Memorials" })).toBeVisible();
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.screenshot({ path: out("phone"), fullPage: false });
  // On a phone: the overview's chart drawn for the width, the report's lines as cards.
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(page.getByTestId("report-chart")).toBeVisible();
  await page.screenshot({ path: out("overview-phone"), fullPage: true });
  await page.goto(
    `${baseUrl()}/dashboard/reports?epf=${epf.id}&year=${start.getUTCFullYear()}&month=${start.getUTCMonth() + 1}&day=${start.getUTCDate()}&days=170&Page=1&Limite=3`,
  );
  await expect(page.getByTestId("report-lines")).toBeVisible();
  await page.screenshot({ path: out("report-phone"), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.context().addCookies([{ name: "dashboard_lang", value: "fr", url: baseUrl() }]);
  await page.goto(`${baseUrl()}/dashboard`);
  await expect(page.getByRole("heading", { level: 1, name: "Vue d'ensemble" })).toBeVisible();
  await page.screenshot({ path: out("overview-fr"), fullPage: true });
});
