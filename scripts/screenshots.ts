// Screenshots of the public memorial pages for the documentation: a classic, an anonymous and a
// global memorial and the family's confirmation page, each on a phone-sized and a desktop-sized
// screen, then what families take away (the share block, the certificate in A4 and A5, the QR
// code and the Open Graph images), written to docs/screenshots/.
// Runs the real service on a throw-away database, fills it through the API, and photographs the
// pages in Chromium. Needs `npx next build` first. Usage: npx tsx scripts/screenshots.ts
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEmbeddedDatabase } from "@memorial/lib/db/embedded";
import { migrate } from "@memorial/lib/service/migrate";
import { chromium, type Page } from "@playwright/test";
import { startServer } from "@/e2e/support/server";

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
  // APP_URL: the address printed on the certificate and encoded in the QR code of the pictures.
  {
    DATABASE_URL: database.url,
    DATA_DIR: process.env.DATA_DIR,
    APP_URL: "https://memorial-trees.example",
    SMTP_URL: "",
  },
  path.join(root, "server.log"),
);

try {
  // The launcher seeded the demo catalogue. Operators limited to one country each, so that the
  // trees of one memorial grow at several sites and the map shows them.
  const { createOperator } = await import("@memorial/lib/operators/create-operator");
  const operatorIn = (country: string, name: string, language: "fr" | "nl" | "de") =>
    createOperator({ name, language, allowedCountries: [country] });
  const home = await operatorIn("BE", "Pompes Funèbres Lambert", "fr");
  const paper = await operatorIn("FR", "Le Quotidien du Brabant", "fr");
  const dutch = await operatorIn("NL", "Uitvaartzorg Peeters", "nl");
  const german = await operatorIn("DE", "Bestattungen Becker", "de");

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
  const { db } = await import("@memorial/lib/db/client");
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

  // What families take away, from the classic memorial (and the anonymous one's preview picture).
  const phone = await browser.newContext({ ...screens.phone, locale: "fr-BE" });
  await phone.route(PORTRAIT_URL, (route) =>
    route.fulfill({ status: 200, contentType: "image/svg+xml", body: PORTRAIT }),
  );
  const page = await phone.newPage();
  await page.goto(`${server.url}/memorial/${classic}`);
  const share = await page.getByTestId("share").boundingBox();
  const keep = await page.getByTestId("keepsakes").boundingBox();
  const shareFile = path.join(OUT, "memorial-share-phone.png");
  await page.screenshot({
    path: shareFile,
    fullPage: true,
    clip: { x: 0, y: share!.y - 8, width: 390, height: keep!.y + keep!.height - share!.y + 16 },
  });
  console.log(`wrote ${path.relative(process.cwd(), shareFile)}`);
  const download = async (url: string, name: string) => {
    const response = await fetch(`${server.url}${url}`);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (name.endsWith(".png")) writeFileSync(path.join(OUT, name), bytes);
    return bytes;
  };
  await download(`/memorial/${classic}/opengraph-image`, "og-classic.png");
  await download(`/memorial/${anonymous}/opengraph-image`, "og-anonymous.png");
  await download(`/memorial/${classic}/qr.png`, "memorial-qr.png");
  const sheet = await browser.newPage(); // one CSS pixel per pixel
  for (const size of ["a4", "a5"]) {
    const pdf = await download(`/memorial/${classic}/certificate?size=${size}`, `certificate-${size}.pdf`);
    await pdfPageToPng(sheet, pdf, path.join(OUT, `certificate-${size}.png`));
  }
  console.log("wrote the Open Graph images, the QR code and the certificates");
  await phone.close();
  await browser.close();
} finally {
  await server.stop();
  await database.stop();
}

/** Page 1 of a PDF drawn by PDF.js (the build inside unpdf) in the browser, as a PNG. */
async function pdfPageToPng(page: Page, pdf: Buffer, file: string) {
  const pdfjs = readFileSync(path.resolve("node_modules/unpdf/dist/pdfjs.mjs"), "utf8");
  await page.goto("about:blank");
  await page.setViewportSize({ width: 900, height: 1300 });
  await page.evaluate(
    async ({ pdfjs, data }) => {
      const lib = await import(URL.createObjectURL(new Blob([pdfjs], { type: "text/javascript" })));
      const doc = await lib.getDocument({ data: Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) })
        .promise;
      const first = await doc.getPage(1);
      const viewport = first.getViewport({ scale: 800 / first.getViewport({ scale: 1 }).width });
      const canvas = document.createElement("canvas");
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      document.body.style.margin = "0";
      document.body.appendChild(canvas);
      await first.render({ canvasContext: canvas.getContext("2d"), viewport, canvas }).promise;
    },
    { pdfjs, data: pdf.toString("base64") },
  );
  await page.locator("canvas").screenshot({ path: file });
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
