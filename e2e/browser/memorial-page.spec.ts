// The public memorial page (/memorial/{id}) in Chromium, against the running service, with
// memorials created through the real API.
import path from "node:path";
import { expect, test } from "@playwright/test";
import { api, baseUrl, db, makeIsolatedOperator, unique } from "../support/factories";
import { classic, create, metaTags } from "./memorials";

const DAY = 86_400_000;

test("a memorial created through the API shows with its tree, in its language, with security headers", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5, co2: 250 });
  const id = await create(
    op,
    classic(
      {
        Nom: "Dupont",
        Prenom: "Marie",
        DateNaissance: "1950-02-03T00:00:00",
        ImageUrl: "https://img.example/m.jpg",
      },
      { DeLaPartDe: "Ses petits-enfants", Message: "Tu nous manques" },
    ),
  );
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  const response = await page.goto(`${baseUrl()}/memorial/${id}`);
  expect(response?.status()).toBe(200);

  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marie Dupont");
  await expect(page).toHaveTitle(/Marie Dupont/);
  await expect(page.getByTestId("birth-date")).toHaveText("3 février 1950");
  await expect(page.getByTestId("death-date")).toHaveText("30 octobre 2026");
  await expect(page.getByRole("img", { name: "Portrait de Marie Dupont" })).toHaveAttribute(
    "src",
    "https://img.example/m.jpg",
  );

  const cards = page.getByTestId("tree-card");
  await expect(cards).toHaveCount(1);
  const species = await db.species.findUniqueOrThrow({ where: { id: op.speciesId } });
  const site = await db.plantation.findUniqueOrThrow({ where: { id: op.plantationId } });
  await expect(cards.first()).toContainText(species.name);
  await expect(cards.first()).toContainText("Quercus robur");
  await expect(cards.first()).toContainText(site.name);
  await expect(cards.first()).toContainText("Test region");
  await expect(cards.first()).toContainText("jusqu’à 40 m de haut");
  await expect(cards.first().getByTestId("planter")).toHaveText("Ses petits-enfants");
  await expect(cards.first().getByTestId("planter-message")).toHaveText("Tu nous manques");
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId: id } });
  const plantedOn = new Intl.DateTimeFormat("fr-BE", {
    dateStyle: "long",
    timeZone: "Europe/Brussels",
  }).format(tree.plantedAt);
  await expect(cards.first()).toContainText(plantedOn);
  await expect(page.getByTestId("total-trees")).toHaveText("1");
  await expect(page.getByTestId("total-co2")).toHaveText("250 kg");

  // The map: one marker for the site, one for its tree, and the site in the legend.
  await expect(page.getByTestId("site-map").locator("g[data-site] > circle")).toHaveCount(1);
  await expect(page.getByTestId("site-map").locator(`circle[data-tree="${tree.id}"]`)).toHaveCount(1);
  await expect(page.getByTestId("site-map")).toHaveAccessibleName(new RegExp(site.name));
  // The site's plan: its tree where it stands.
  const plan = page.getByRole("img", { name: new RegExp(`${site.name}.*5 km`) });
  await expect(plan).toBeVisible();
  await expect(plan.locator(`circle[data-tree="${tree.id}"]`)).toHaveCount(1);

  // Landmarks.
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByRole("banner")).toHaveCount(1);
  await expect(page.getByRole("contentinfo")).toHaveCount(1);

  const headers = response!.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  // Served by the rendered-page cache: the page's own inline scripts by their hashes (none is left
  // once Next.js's runtime is taken out), no nonce, nothing else inline
  // (e2e/api/page-cache.spec.ts checks the hashes against the page).
  expect(headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*;/);
  expect(headers["content-security-policy"]).not.toMatch(/unsafe-inline|nonce-/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  // Answered from the cache the second time: its policy still allows the page's scripts (the share
  // island), nothing was blocked.
  expect((await page.reload())?.headers()["x-cache"]).toBe("HIT");
  expect(cspErrors).toEqual([]);
});

test("the page is served from the cache, and a tree planted through the API shows on the next load", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5, co2: 100 });
  const id = await create(op, classic({}, { DeLaPartDe: "Premier", Message: "Premier message" }));
  await page.goto(`${baseUrl()}/memorial/${id}`);
  await expect(page.getByTestId("tree-card")).toHaveCount(1);

  // A change written behind the service's back is not seen: the page did not read the database.
  await db.tree.updateMany({ where: { memorialId: id }, data: { message: "Changé en douce" } });
  await page.reload();
  await expect(page.getByTestId("planter-message")).toHaveText("Premier message");

  // A planting through the API expires the memorial's cache entry at once.
  const r = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { MemorialId: id, DeLaPartDe: "Deuxième", Message: "Un autre arbre", Defunt: classic().Defunt },
  });
  expect(r.status, r.text).toBe(200);
  await page.reload();
  await expect(page.getByTestId("tree-card")).toHaveCount(2);
  await expect(page.getByTestId("planter")).toHaveText(["Deuxième", "Premier"]);
  await expect(page.getByTestId("total-trees")).toHaveText("2");
  await expect(page.getByTestId("total-co2")).toHaveText("200 kg");
  await expect(page.getByTestId("planter-message").last()).toHaveText("Changé en douce");
});

test("a tree planted with a test key never shows on the public page", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await create(op, classic({}, { DeLaPartDe: "En vrai" }));
  const r = await api("POST", "/Memorials/Creer", {
    key: op.testKey,
    body: { MemorialId: id, DeLaPartDe: "Essai technique", Defunt: classic().Defunt },
  });
  expect(r.status, r.text).toBe(200);
  expect(await db.tree.count({ where: { memorialId: id } })).toBe(2);
  await page.goto(`${baseUrl()}/memorial/${id}`);
  await expect(page.getByTestId("planter")).toHaveText(["En vrai"]);
  await expect(page.getByTestId("total-trees")).toHaveText("1");
  expect(await page.content()).not.toContain("Essai technique");
});

test("a modification of the person shows on the next load", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await create(op, classic({ DateNaissance: "1950-02-03T00:00:00" }));
  await page.goto(`${baseUrl()}/memorial/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marie Dupont");
  const { personId } = await db.memorial.findUniqueOrThrow({ where: { id } });
  const r = await api("PUT", "/Personne/Modifier", {
    key: op.key,
    body: { Id: personId, Nom: "Durand", DateNaissance: "1951-06-07T00:00:00", MajTitreMemorials: true },
  });
  expect(r.status, r.text).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marie Durand");
  await expect(page.getByTestId("birth-date")).toHaveText("7 juin 1951");
});

test("an anonymous memorial shows nothing of the deceased, in the page or its metadata", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const secret = unique("Secret").replace(/\W+/g, "");
  const id = await create(
    op,
    classic(
      {
        Nom: `${secret}Nom`,
        Prenom: `${secret}Prenom`,
        Civilite: `${secret}Civ`,
        DateNaissance: "1931-07-19T00:00:00",
        ImageUrl: `https://img.example/${secret}.jpg`,
        Url: `https://pf.example/${secret}`,
      },
      { MemorialAnonyme: true, MemorialAnonymeNom: "Pour une amie" },
    ),
  );
  const response = await page.goto(`${baseUrl()}/memorial/${id}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pour une amie");
  await expect(page.getByTestId("tree-card")).toHaveCount(1);

  const html = await page.content();
  const raw = await (await fetch(`${baseUrl()}/memorial/${id}`)).text();
  for (const text of [html, raw]) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain("1931");
    expect(text).not.toContain("octobre 2026"); // the date of death
  }
  const meta = await metaTags(page);
  expect(meta["og:title"]).toBe("Pour une amie");
  // The preview's picture is the app's own (opengraph-image.tsx), never the portrait.
  expect(meta["og:image"]).toMatch(new RegExp(`/memorial/${id}/opengraph-image`));
  expect(JSON.stringify(meta)).not.toContain(secret);
  await expect(page.getByTestId("deceased-link")).toHaveCount(0);
  await expect(page.getByRole("img", { name: /Portrait/ })).toHaveCount(0);

  // Without MemorialAnonymeNom, the memorial is named by its id (4.1 rule 7), which people read
  // as a number in the page's language, never a bare number.
  const unnamed = await create(op, classic({ Nom: `${secret}Nom` }, { MemorialAnonyme: true }));
  await page.goto(`${baseUrl()}/memorial/${unnamed}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`In memoriam · n° ${unnamed}`);
  expect(await page.content()).not.toContain(secret);
});

test("Defunt.Url is linked on day 13 and gone on day 15, never when blank", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const url = "https://pf.example/avis/dupont";
  const day13 = await create(op, classic({ Url: url }));
  const day15 = await create(op, classic({ Url: url }));
  const blank = await create(op, classic({ Url: "   " }));
  // The clock of the data: the memorials were created 13 and 15 days ago.
  await db.memorial.update({ where: { id: day13 }, data: { createdAt: new Date(Date.now() - 13 * DAY) } });
  await db.memorial.update({ where: { id: day15 }, data: { createdAt: new Date(Date.now() - 15 * DAY) } });

  await page.goto(`${baseUrl()}/memorial/${day13}`);
  await expect(page.getByTestId("deceased-link")).toHaveAttribute("href", url);
  await page.goto(`${baseUrl()}/memorial/${day15}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marie Dupont");
  await expect(page.getByTestId("deceased-link")).toHaveCount(0);
  expect(await page.content()).not.toContain(url);
  await page.goto(`${baseUrl()}/memorial/${blank}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Marie Dupont");
  await expect(page.getByTestId("deceased-link")).toHaveCount(0);
});

test("an approximate date of death is not shown", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await create(
    op,
    classic({
      DateDecesApproximative: true,
      DateDeces: "2026-10-30T00:00:00",
      DateNaissance: "1940-05-06T00:00:00",
    }),
  );
  await page.goto(`${baseUrl()}/memorial/${id}`);
  await expect(page.getByTestId("birth-date")).toHaveText("6 mai 1940");
  await expect(page.getByTestId("death-date")).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain("30 octobre 2026");
  expect(html).not.toContain("2026-10-30");
});

test("a planter's <script> renders as text", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await create(
    op,
    classic(
      { Prenom: "<b>Jean</b>" },
      { DeLaPartDe: "<script>alert(1)</script>", Message: "<img src=x onerror=alert(2)>" },
    ),
  );
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await page.goto(`${baseUrl()}/memorial/${id}`);
  await expect(page.getByTestId("planter")).toHaveText("<script>alert(1)</script>");
  await expect(page.getByTestId("planter-message")).toHaveText("<img src=x onerror=alert(2)>");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("<b>Jean</b> Dupont");
  await expect(page.locator("main script")).toHaveCount(0);
  await expect(page.locator("main img[src=x]")).toHaveCount(0);
  await expect(page.locator("main b")).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test("the language switch changes the texts, the dates and <html lang>, without JavaScript", async ({
  browser,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await create(op, classic({}, { Langue: "nl" }));
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/memorial/${id}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "nl");
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("De geplante bomen");
  await expect(page.getByTestId("death-date")).toHaveText("30 oktober 2026");

  await page.getByRole("navigation").locator('a[hreflang="en"]').click();
  await expect(page).toHaveURL(new RegExp(`/memorial/${id}\\?lang=en$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("The trees planted");
  await expect(page.getByTestId("death-date")).toHaveText("30 October 2026");
  expect((await metaTags(page))["og:locale"]).toBe("en_GB");

  await page.getByRole("navigation").locator('a[hreflang="de"]').click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 2 }).first()).toHaveText("Die gepflanzten Bäume");
  await expect(page.getByTestId("death-date")).toHaveText("30. Oktober 2026");
  await expect(page.getByRole("navigation").locator('a[aria-current="true"]')).toHaveAttribute(
    "hreflang",
    "de",
  );
  await context.close();
});

test("the global memorial is named after its operator", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const operator = await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } });
  const id = await create(op, classic({}, { ArbreOrphelin: true, DeLaPartDe: "Un lecteur" }));
  await page.goto(`${baseUrl()}/memorial/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(operator.name);
  await expect(page.getByTestId("planter")).toHaveText("Un lecteur");
  expect((await metaTags(page))["og:title"]).toBe(operator.name);
});

test("not public: a test-key memorial, one awaiting confirmation, an unknown id: 404", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const testMemorial = await create(op, classic(), op.testKey);
  const awaiting = await create(
    op,
    classic({}, { AConfirmer: true, Famille: { FamilleEmail: "attente@example.org", FamilleNom: "Dupont" } }),
  );
  for (const path of [
    `/memorial/${testMemorial}`,
    `/memorial/${awaiting}`,
    "/memorial/2147483000",
    "/memorial/99999999999",
    "/memorial/abc",
    "/memorial/0",
  ]) {
    const response = await page.goto(`${baseUrl()}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    expect(await page.content()).not.toContain("Marie");
  }
  // Unmatched URLs have their 404 page too.
  const response = await page.goto(`${baseUrl()}/nowhere/at/all`);
  expect(response?.status()).toBe(404);
  // Rendered without the request, it says it in the four languages.
  for (const title of [
    "Page introuvable",
    "Pagina niet gevonden",
    "Page not found",
    "Seite nicht gefunden",
  ]) {
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  }
  // The site's own root layout still serves the home page.
  expect((await page.goto(`${baseUrl()}/`))?.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the map reads: site numbers above the trees, neighbouring sites apart, a count where trees share a place", async ({
  page,
}) => {
  // Two operators whose sites stand at the same point, three trees at one and one at the other.
  const first = await makeIsolatedOperator({ stock: 5 });
  const second = await makeIsolatedOperator({ stock: 5 });
  const memorialId = await create(first, classic());
  for (let i = 0; i < 2; i++) {
    expect(
      (await api("POST", "/Memorials/Creer", { key: first.key, body: { MemorialId: memorialId } })).status,
    ).toBe(200);
  }
  expect(
    (await api("POST", "/Memorials/Creer", { key: second.key, body: { MemorialId: memorialId } })).status,
  ).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${baseUrl()}/memorial/${memorialId}`);
  const map = page.getByTestId("site-map");
  const sites = map.locator("g[data-site]");
  await expect(sites).toHaveCount(2);
  await map.scrollIntoViewIfNeeded();
  // The two markers do not overlap, though their sites share a point: their centres are further
  // apart than their radii together.
  const boxes = await sites.evaluateAll((groups) =>
    groups.map((g) => (g.querySelector("circle") as SVGCircleElement).getBoundingClientRect().toJSON()),
  );
  const [a, b] = boxes as DOMRect[];
  const centres = Math.hypot(
    a!.x + a!.width / 2 - (b!.x + b!.width / 2),
    a!.y + a!.height / 2 - (b!.y + b!.height / 2),
  );
  expect(centres, JSON.stringify(boxes)).toBeGreaterThanOrEqual((a!.width + b!.width) / 2);
  // Each number is on top: what is drawn at its centre is its own marker, never a tree.
  const onTop = await sites.evaluateAll((groups) =>
    groups.map((g) => {
      const box = (g.querySelector("text") as SVGTextElement).getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return Boolean(hit && g.contains(hit));
    }),
  );
  expect(onTop).toEqual([true, true]);
  // The site of three trees says so beside its number.
  await expect(map.locator('g[data-site-trees="3"]')).toHaveText("3");
  if (process.env.UPDATE_SCREENSHOTS) {
    await map.screenshot({ path: path.resolve("docs/screenshots/memorial-map-shared-places.png") });
  }
});
