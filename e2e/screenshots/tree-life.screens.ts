// Saves docs/screenshots/tree-life-{fr,nl,en,de}.png: a memorial page whose trees are at every
// step of their life (in the ground with a photo, checked alive with a photo, checked sick, dead
// and replaced, the replacement ordered), in the four languages. Data made through
// the domain operations (lib/trees). Needs `npx next build`; run with
// `npx playwright test -c e2e/screenshots/screens.config.ts tree-life`.
import path from "node:path";
import { createPlantation, createSpecies } from "@memorial/lib/catalogue/manage";
import { createMemorial } from "@memorial/lib/memorials/create-memorial";
import { operatorCaller } from "@memorial/lib/operators/caller";
import { createOperator } from "@memorial/lib/operators/create-operator";
import { storePhoto } from "@memorial/lib/photos/photos";
import { addStock } from "@memorial/lib/plantings/add-stock";
import { serviceAdminScope } from "@memorial/lib/scope";
import { declareDeath } from "@memorial/lib/trees/declare-death";
import { recordCheck } from "@memorial/lib/trees/record-check";
import { recordInGround } from "@memorial/lib/trees/record-in-ground";
import { toCreateMemorialCommand } from "@memorial/lib/v1/schemas/memorials";
import { expect, test } from "@playwright/test";
import { baseUrl, db } from "../support/factories";
import { treePhoto } from "../support/tree-life";

const DAY = 86_400_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

test("tree life screenshots", async ({ page }) => {
  test.setTimeout(180_000);
  const site = await createPlantation({
    name: "Forêt d'Anlier",
    country: "BE",
    region: "Luxembourg",
    latitude: 49.77,
    longitude: 5.6,
  });
  const oak = await createSpecies({
    name: "Chêne sessile",
    latinName: "Quercus petraea",
    type: "Feuillu",
    maxHeightM: 35,
    lifespanYears: 700,
    co2KgPerTree: 800,
    unitPrice: 25,
    nameNl: "Wintereik",
    nameEn: "Sessile oak",
    nameDe: "Traubeneiche",
    typeNl: "Loofboom",
    typeEn: "Broadleaf",
    typeDe: "Laubbaum",
  });
  await addStock(site.id, oak.id, 20);
  const operator = await createOperator({
    name: "Funérailles Lemaire",
    language: "fr",
    allowedCountries: ["BE"],
  });
  const caller = await operatorCaller(serviceAdminScope(operator.operatorId));
  const first = await createMemorial({
    caller,
    linkBase: baseUrl(),
    command: toCreateMemorialCommand({
      Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: new Date(Date.now() - 70 * DAY) },
      DeLaPartDe: "Ses enfants",
    }),
  });
  for (const planter of ["Ses petits-enfants", "Les voisins", "Ses amis du club"]) {
    await createMemorial({
      caller,
      linkBase: baseUrl(),
      command: toCreateMemorialCommand({ MemorialId: first.memorialId, DeLaPartDe: planter }),
    });
  }
  const [t1, t2, t3, t4] = await db.tree.findMany({
    where: { memorialId: first.memorialId },
    orderBy: { id: "asc" },
  });
  // Ordered two months ago (the order's instant is written by the service at the time of the order).
  await db.tree.updateMany({
    where: { memorialId: first.memorialId },
    data: { plantedAt: new Date(Date.now() - 60 * DAY) },
  });
  const scope = serviceAdminScope(operator.operatorId);
  const where = await db.plantation.findUniqueOrThrow({ where: { id: t1!.plantationId } });
  const green = await storePhoto(await treePhoto());
  const autumn = await storePhoto(await treePhoto("#c0a040"));
  await recordInGround(scope, {
    treeIds: [t1!.id],
    on: day(40),
    // A point in the site the service chose for it (the demo catalogue has Belgian sites too).
    latitude: Number(where.latitude) + 0.01,
    longitude: Number(where.longitude) + 0.012,
    plantedBy: "Équipe Ardennes",
    photoKey: green.key,
    recordedBy: "screenshots",
  });
  await recordInGround(scope, { treeIds: [t2!.id, t3!.id], on: day(40), recordedBy: "screenshots" });
  await recordCheck(scope, {
    treeId: t2!.id,
    on: day(10),
    health: "alive",
    heightCm: 90,
    photoKey: autumn.key,
    recordedBy: "screenshots",
  });
  await declareDeath(scope, { treeId: t3!.id, on: day(5), reason: "drought", recordedBy: "screenshots" });
  expect(t4).toBeTruthy();

  for (const lang of ["fr", "nl", "en", "de"] as const) {
    await page.goto(`${baseUrl()}/memorial/${first.memorialId}?lang=${lang}`);
    await expect(page.getByTestId("tree-status").first()).toBeVisible();
    // Lazy photos: scrolled into view before the picture is taken.
    for (const photo of await page.getByTestId("tree-photo").all()) {
      await photo.scrollIntoViewIfNeeded();
      await expect(photo).toHaveJSProperty("complete", true);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: path.resolve("docs/screenshots", `tree-life-${lang}.png`),
      fullPage: true,
    });
  }
});
