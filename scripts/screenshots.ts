// Screenshots of the public memorial pages for the documentation: a classic, an anonymous and a
// global memorial and the family's confirmation page, each on a phone-sized and a desktop-sized
// screen, written to docs/screenshots/.
// Runs the real service on a throw-away database, fills it through the API, and photographs the
// pages in Chromium. Needs `npx next build` first. Usage: npx tsx scripts/screenshots.ts
import { chmodSync, mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { startServer } from "@/e2e/support/server";
import { startEmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";

const OUT = path.resolve("docs/screenshots");
// The portrait is served by the browser itself (an intercepted request), so no outside server.
const PORTRAIT_URL = "https://images.example/portrait.svg";
const PORTRAIT = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200">
<rect width="200" height="200" fill="#c7d9cc"/><circle cx="100" cy="80" r="38" fill="#6b8f74"/>
<path d="M30 200c8-50 40-75 70-75s62 25 70 75z" fill="#6b8f74"/></svg>`;

const root = mkdtempSync(path.join(os.tmpdir(), "memorial-screens-"));
chmodSync(root, 0o755); // embedded PostgreSQL runs as its own user when we are root
process.env.DATA_DIR = path.join(root, "data");
const database = await startEmbeddedDatabase();
await migrate(database.url);
process.env.DATABASE_URL = database.url;
const server = await startServer(
  { DATABASE_URL: database.url, DATA_DIR: process.env.DATA_DIR, APP_URL: "", SMTP_URL: "" },
  path.join(root, "server.log"),
);

try {
  // The launcher seeded the demo catalogue. Operators limited to one country each, so that the
  // trees of one memorial grow at several sites and the map shows them.
  const { createOperator } = await import("@/lib/operators/create-operator");
  const home = await createOperator({
    name: "Pompes Funèbres Lambert",
    language: "fr",
    allowedCountries: ["BE"],
  });
  const paper = await createOperator({
    name: "Le Quotidien du Brabant",
    language: "fr",
    allowedCountries: ["FR"],
  });
  const dutch = await createOperator({
    name: "Uitvaartzorg Peeters",
    language: "nl",
    allowedCountries: ["NL"],
  });
  const german = await createOperator({
    name: "Bestattungen Becker",
    language: "de",
    allowedCountries: ["DE"],
  });

  const creer = async (key: string, body: Record<string, unknown>): Promise<number> => {
    const response = await fetch(`${server.url}/v1/Memorials/Creer`, {
      method: "POST",
      headers: { key, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { IdMemorial?: number; Message?: string };
    if (response.status !== 200) throw new Error(`Creer answered ${response.status}: ${json.Message}`);
    return json.IdMemorial!;
  };
  const defunt = {
    Nom: "Lambert",
    Prenom: "Jeanne",
    Civilite: "Mme",
    DateNaissance: "1941-04-12T00:00:00",
    DateDeces: new Date(Date.now() - 5 * 86_400_000).toISOString(),
    ImageUrl: PORTRAIT_URL,
    Url: "https://pf-lambert.example/avis/jeanne-lambert",
  };

  const classic = await creer(home.key, {
    Defunt: defunt,
    DeLaPartDe: "Ses enfants, Marc et Sophie",
    Message: "Maman, tu as toujours aimé les forêts. Celui-ci grandira pour toi.",
  });
  await creer(paper.key, {
    MemorialId: classic,
    Defunt: defunt,
    DeLaPartDe: "Ses anciens collègues de l'école Saint-Joseph",
    Message: "Merci pour trente ans de patience et de rires.",
  });
  await creer(dutch.key, { MemorialId: classic, Defunt: defunt, DeLaPartDe: "Familie Peeters", Message: "" });
  await creer(german.key, {
    MemorialId: classic,
    Defunt: defunt,
    DeLaPartDe: "Hans und Greta",
    Message: "In lieber Erinnerung an unsere Sommer in der Eifel.",
  });

  const anonymous = await creer(home.key, {
    Defunt: { ...defunt, Nom: "Never", Prenom: "Shown" },
    MemorialAnonyme: true,
    MemorialAnonymeNom: "Pour Papy",
    DeLaPartDe: "Ses petits-enfants",
    Message: "On pense à toi à chaque promenade.",
  });
  await creer(paper.key, { MemorialId: anonymous, Defunt: defunt, DeLaPartDe: "Un voisin", Message: null });

  const global = await creer(home.key, { ArbreOrphelin: true, Defunt: defunt, DeLaPartDe: "Famille Renard" });
  for (const planter of ["Famille Dubois", "Les amis du club de marche", ""]) {
    await creer(home.key, { ArbreOrphelin: true, Defunt: defunt, DeLaPartDe: planter });
  }

  // A memorial awaiting the family's confirmation: its link is in the e-mail of the outbox.
  const awaiting = await creer(home.key, {
    Defunt: { ...defunt, Prenom: "Paul", Nom: "Renard" },
    AConfirmer: true,
    Famille: { FamilleEmail: "famille.renard@example.org", FamilleNom: "Famille Renard" },
    DeLaPartDe: "Pompes Funèbres Lambert",
  });
  const { db } = await import("@/lib/db/client");
  const mail = await db.outgoingEmail.findFirstOrThrow({ where: { memorialId: awaiting } });
  const confirmPath = /\/confirm\/[A-Za-z0-9_-]+/.exec(mail.text)![0];

  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
  });
  const screens = {
    phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
    desktop: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
  };
  for (const [screen, options] of Object.entries(screens)) {
    const context = await browser.newContext({ ...options, locale: "fr-BE" });
    await context.route(PORTRAIT_URL, (route) =>
      route.fulfill({ status: 200, contentType: "image/svg+xml", body: PORTRAIT }),
    );
    const page = await context.newPage();
    for (const [kind, id] of Object.entries({ classic, anonymous, global })) {
      const response = await page.goto(`${server.url}/memorial/${id}`);
      if (response?.status() !== 200) throw new Error(`memorial ${id} answered ${response?.status()}`);
      const file = path.join(OUT, `memorial-${kind}-${screen}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`wrote ${path.relative(process.cwd(), file)}`);
    }
    await page.goto(`${server.url}${confirmPath}`);
    const file = path.join(OUT, `confirm-${screen}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
    await context.close();
  }
  await browser.close();
} finally {
  await server.stop();
  await database.stop();
}
