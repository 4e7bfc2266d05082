// The public memorial page shows each tree's life in the page's language (ordered, in
// the ground on DATE, checked: alive or sick, died (reason), replaced by a new tree), its day in
// the ground, its photo (a lazy <img> with width, height and alt) and its marker on the map (its
// own point, else its site's), as plain HTML; the rendered-page cache is dropped by the events of
// the tree's life (lib/trees writes them in the test's process: the service hears them by NOTIFY);
// the memorial policy (anonymous, hidden) holds as for the rest of the page.

import { actingAs } from "@memorial/lib/audit/actor";
import type { Language } from "@memorial/lib/i18n/languages";
import { setMemorialHidden } from "@memorial/lib/memorials/hide-memorial";
import { formatCalendarDate } from "@memorial/lib/memorials/public-page";
import { serviceAdminScope } from "@memorial/lib/scope";
import { expect, test } from "@playwright/test";
import { api, baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { storeTreePhoto, todayUtc } from "../support/tree-life";
import { declareDeath, recordCheck, recordInGround } from "../support/trees";

const get = (path: string) => fetch(`${baseUrl()}${path}`, { headers: { "accept-encoding": "identity" } });

/** The card of tree `id` in the page's HTML (its article), or "" when absent. */
function card(html: string, id: number): string {
  const start = html.indexOf(`data-tree-id="${id}"`);
  if (start < 0) return "";
  return html.slice(start, html.indexOf("</article>", start));
}
const statusOf = (html: string, id: number) => /data-status="([a-z_]+)"/.exec(card(html, id))?.[1];
const marker = (html: string, id: number) =>
  new RegExp(`<circle[^>]*data-tree="${id}" data-own-point="(true|false)"`).exec(html)?.[1];

test("each tree shows its life, photo and map point in four languages; recording it drops the cached page", async () => {
  // Six trees of stock: five planted, one left for the first replacement, none for the second.
  const op = await makeIsolatedOperator({ stock: 6, language: "fr" });
  const created = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" } },
  });
  expect(created.status, created.text).toBe(200);
  const memorialId = created.json.IdMemorial as number;
  for (let i = 0; i < 4; i++) {
    const more = await api("POST", "/Memorials/Creer", { key: op.key, body: { MemorialId: memorialId } });
    expect(more.status, more.text).toBe(200);
  }
  const [t1, t2, t3, t4, t5] = (
    await db.tree.findMany({ where: { memorialId }, orderBy: { id: "asc" }, select: { id: true } })
  ).map((t) => t.id) as [number, number, number, number, number];
  const species = await db.species.findUniqueOrThrow({ where: { id: op.speciesId } });
  const site = await db.plantation.findUniqueOrThrow({ where: { id: op.plantationId } });
  const path = `/memorial/${memorialId}`;

  // Ordered: every tree says so, at its site's point on the map; the page is cached.
  await get(path);
  const cached = await get(path);
  expect(cached.headers.get("x-cache")).toBe("HIT");
  const before = await cached.text();
  for (const id of [t1, t2, t3, t4, t5]) {
    expect(statusOf(before, id)).toBe("ordered");
    expect(card(before, id)).toContain("Commandé, bientôt mis en terre");
    expect(marker(before, id)).toBe("false");
  }
  expect(before).not.toContain('data-testid="tree-photo"');

  // In the ground with a photo and a point: the cached page is dropped by the event.
  const scope = serviceAdminScope(op.operatorId);
  const on = todayUtc();
  const { key } = await storeTreePhoto();
  await recordInGround(scope, {
    treeIds: [t1],
    on,
    latitude: 50.51,
    longitude: 4.52,
    photoKey: key,
    plantedBy: "Équipe Ardennes",
    recordedBy: "e2e",
  });
  await expect
    .poll(async () => statusOf(await (await get(path)).text(), t1), { timeout: 10_000 })
    .toBe("in_ground");
  const day = (lang: Language) => formatCalendarDate(new Date(on), lang);
  let html = await (await get(path)).text();
  expect(card(html, t1)).toContain(`Mis en terre le ${day("fr")}`);
  expect(card(html, t1)).toMatch(new RegExp(`<time datetime="${on}">${day("fr")}</time>`, "i"));
  const img = /<img [^>]*data-testid="tree-photo"[^>]*>/.exec(card(html, t1))?.[0] ?? "";
  expect(img).toContain(`/photos/${key}.jpg"`);
  expect(img).toContain('loading="lazy"');
  expect(img).toContain('width="400"');
  expect(img).toContain('height="300"');
  expect(img).toContain(`alt="Photo de l’arbre (${species.name}) sur le site ${site.name}"`);
  expect(marker(html, t1)).toBe("true");

  // Checked (sick, alive), dead and replaced (stock left), dead and waiting (no stock).
  await recordInGround(scope, { treeIds: [t2, t3, t4, t5], on, recordedBy: "e2e" });
  await recordCheck(scope, { treeId: t2, on, health: "sick", recordedBy: "e2e" });
  await recordCheck(scope, { treeId: t3, on, health: "alive", heightCm: 80, recordedBy: "e2e" });
  const replaced = await declareDeath(scope, { treeId: t4, on, reason: "drought", recordedBy: "e2e" });
  expect(replaced.replacement).toHaveProperty("treeId");
  const t6 = (replaced.replacement as { treeId: number }).treeId;
  expect(
    (await declareDeath(scope, { treeId: t5, on, reason: "fire", recordedBy: "e2e" })).replacement,
  ).toEqual({
    queued: true,
  });
  await expect
    .poll(async () => statusOf(await (await get(path)).text(), t5), { timeout: 10_000 })
    .toBe("dead");
  html = await (await get(path)).text();
  expect(statusOf(html, t2)).toBe("monitored");
  expect(card(html, t2)).toContain(`Contrôlé le ${day("fr")} : malade`);
  expect(card(html, t3)).toContain(`Contrôlé le ${day("fr")} : en vie`);
  expect(statusOf(html, t4)).toBe("replaced");
  expect(card(html, t4)).toContain(`Remplacé le ${day("fr")} par un nouvel arbre`);
  expect(card(html, t4)).toContain(`Mort le ${day("fr")} (sécheresse)`);
  expect(card(html, t5)).toContain(`Mort le ${day("fr")} (incendie)`);
  expect(statusOf(html, t6)).toBe("ordered");
  expect(card(html, t6)).toContain("Planté pour remplacer un arbre mort");
  // A tree recorded in the ground has a point (the site's own when none was given); a tree still
  // ordered is marked at its site's point.
  expect(marker(html, t2)).toBe("true");
  expect(marker(html, t6)).toBe("false");

  // The same page in the other languages.
  const words: Record<Exclude<Language, "fr">, string[]> = {
    en: [
      `Planted in the ground on ${day("en")}`,
      `Checked on ${day("en")}: sick`,
      `Checked on ${day("en")}: alive`,
      `Replaced on ${day("en")} by a new tree`,
      `Died on ${day("en")} (fire)`,
      "Planted to replace a tree that died",
      `alt="Photo of the tree (${species.name}) at the ${site.name} site"`,
    ],
    nl: [
      `In de grond geplant op ${day("nl")}`,
      `Gecontroleerd op ${day("nl")}: ziek`,
      `Gecontroleerd op ${day("nl")}: levend`,
      `Vervangen op ${day("nl")} door een nieuwe boom`,
      `Gestorven op ${day("nl")} (brand)`,
      "Besteld, wordt binnenkort geplant",
    ],
    de: [
      `Eingepflanzt am ${day("de")}`,
      `Kontrolliert am ${day("de")}: krank`,
      `Kontrolliert am ${day("de")}: lebt`,
      `Ersetzt am ${day("de")} durch einen neuen Baum`,
      `Abgestorben am ${day("de")} (Brand)`,
      "Gepflanzt als Ersatz für einen abgestorbenen Baum",
    ],
  };
  for (const [lang, expected] of Object.entries(words)) {
    const page = await (await get(`${path}?lang=${lang}`)).text();
    expect(page).toContain(`<html lang="${lang}">`);
    for (const text of expected) expect(page, `${lang}: ${text}`).toContain(text);
  }

  // The photo the page shows is served by the service.
  const photo = await get(`/photos/${key}.jpg`);
  expect(photo.status).toBe(200);
  expect(photo.headers.get("content-type")).toBe("image/jpeg");
});

test("the memorial policy holds: an anonymous memorial shows its trees' life and nothing of the deceased; a hidden one is a 404", async () => {
  const op = await makeIsolatedOperator({ stock: 5, language: "en" });
  const created = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      Defunt: { Nom: "Secretname", Prenom: "Hidden", DateDeces: "2026-11-10T00:00:00" },
      MemorialAnonyme: true,
      MemorialAnonymeNom: "For a friend",
    },
  });
  expect(created.status, created.text).toBe(200);
  const memorialId = created.json.IdMemorial as number;
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId } });
  const scope = serviceAdminScope(op.operatorId);
  const on = todayUtc();
  const { key } = await storeTreePhoto("#8bc34a");
  await recordInGround(scope, {
    treeIds: [tree.id],
    on,
    photoKey: key,
    plantedBy: "Secretname team",
    recordedBy: "e2e",
  });
  const path = `/memorial/${memorialId}`;
  await expect
    .poll(async () => statusOf(await (await get(path)).text(), tree.id), { timeout: 10_000 })
    .toBe("in_ground");
  const html = await (await get(path)).text();
  expect(card(html, tree.id)).toContain(`Planted in the ground on ${formatCalendarDate(new Date(on), "en")}`);
  expect(card(html, tree.id)).toContain(`/photos/${key}.jpg`);
  // Nothing of the deceased; and who planted it in the ground (a field team) is not on the page.
  expect(html).not.toContain("Secretname");

  // Hidden by its family: the page is a 404, whatever its trees' life.
  await actingAs(scope.actor, () => setMemorialHidden({ by: "operator", scope, memorialId }, true));
  await expect.poll(async () => (await get(path)).status, { timeout: 10_000 }).toBe(404);
  await recordCheck(scope, { treeId: tree.id, on, health: "alive", recordedBy: "e2e" });
  expect((await get(path)).status).toBe(404);
});
