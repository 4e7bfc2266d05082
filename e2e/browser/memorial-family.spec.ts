// What families take away from a memorial page: absolute links for previews and search
// engines, the site icons, the Open Graph image, the printable certificate, the QR codes and the
// share block. Chromium and HTTP against the running service, memorials made through the real API;
// PDFs are opened with unpdf and QR codes decoded with jsQR, as a reader and a phone would.
import http from "node:http";
import { expect, type Page, test } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { extractText, getDocumentProxy } from "unpdf";
import { baseUrl, db, makeIsolatedOperator, unique } from "../support/factories";
import { classic, create, metaTags } from "./memorials";

/** A page's <link> elements as rel|hreflang → href. */
async function links(page: Page): Promise<Record<string, string>> {
  return page.$$eval("head link", (all) =>
    Object.fromEntries(
      all.map((l) => [
        `${l.getAttribute("rel")}${l.getAttribute("hreflang") ? `|${l.getAttribute("hreflang")}` : ""}`,
        l.getAttribute("href") ?? "",
      ]),
    ),
  );
}

async function get(path: string) {
  const response = await fetch(path.startsWith("http") ? path : `${baseUrl()}${path}`);
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    cacheControl: response.headers.get("cache-control"),
    body: await response.arrayBuffer(),
  };
}

async function pdfText(body: ArrayBuffer) {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const page = await pdf.getPage(1);
  const [, , width, height] = page.view;
  const { text } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), width: Math.round(width!), height: Math.round(height!) };
}

function decodeQr(png: ArrayBuffer | Buffer): string | null {
  const image = PNG.sync.read(Buffer.from(png as ArrayBuffer));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

/** A page fetched with a Host header of our choosing (fetch does not let us set it). */
function getWithHost(path: string, host: string): Promise<string> {
  const url = new URL(path, baseUrl());
  return new Promise((resolve, reject) => {
    http
      .get(
        { hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host } },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => resolve(body));
        },
      )
      .on("error", reject);
  });
}

test("canonical, og:url and hreflang are absolute addresses, one per language", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await create(op, classic());
  const plain = `${baseUrl()}/memorial/${id}`;

  await page.goto(plain);
  let l = await links(page);
  expect(l.canonical).toBe(plain);
  expect(l["alternate|fr"]).toBe(plain); // the memorial's own language: its plain address
  expect(l["alternate|nl"]).toBe(`${plain}?lang=nl`);
  expect(l["alternate|en"]).toBe(`${plain}?lang=en`);
  expect(l["alternate|de"]).toBe(`${plain}?lang=de`);
  expect(l["alternate|x-default"]).toBe(plain);
  let meta = await metaTags(page);
  expect(meta["og:url"]).toBe(plain);
  expect(meta["og:image"]).toMatch(new RegExp(`^${plain}/opengraph-image`));
  expect(meta["og:image:width"]).toBe("1200");

  // The page in another language is the canonical page of that language.
  await page.goto(`${plain}?lang=en`);
  l = await links(page);
  expect(l.canonical).toBe(`${plain}?lang=en`);
  expect(l["alternate|de"]).toBe(`${plain}?lang=de`);
  meta = await metaTags(page);
  expect(meta["og:url"]).toBe(`${plain}?lang=en`);

  // Reached through the bind address, the links name localhost, never 0.0.0.0.
  const port = new URL(baseUrl()).port;
  const html = await getWithHost(`/memorial/${id}`, `0.0.0.0:${port}`);
  expect(html).toContain(`<link rel="canonical" href="http://localhost:${port}/memorial/${id}"`);
  expect(html).not.toContain("0.0.0.0");
});

test("the favicon and the app icons are served", async ({ page }) => {
  const favicon = await get("/favicon.ico");
  expect(favicon.status).toBe(200);
  expect(favicon.type).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  expect(Buffer.from(favicon.body).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  const op = await makeIsolatedOperator({ stock: 5 });
  await page.goto(`${baseUrl()}/memorial/${await create(op, classic())}`);
  const icons = await page.$$eval('head link[rel="icon"], head link[rel="apple-touch-icon"]', (all) =>
    all.map((l) => l.getAttribute("href")!),
  );
  expect(icons.length).toBeGreaterThanOrEqual(3);
  for (const href of icons) {
    const icon = await get(new URL(href, baseUrl()).toString());
    expect(icon.status, href).toBe(200);
    expect(icon.type, href).toMatch(/^image\//);
  }
  // The site's own pages have them too.
  await page.goto(`${baseUrl()}/`);
  expect(await page.locator('head link[rel="icon"]').count()).toBeGreaterThan(0);
});

test("the Open Graph image is a PNG drawn by the app, 404 for a memorial that is not public", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await create(op, classic({ Nom: "Müller-Ørsted", Prenom: "Léa" }));
  await page.goto(`${baseUrl()}/memorial/${id}`);
  const image = await get((await metaTags(page))["og:image"]!);
  expect(image.status).toBe(200);
  expect(image.type).toBe("image/png");
  // A new tree changes the picture: never cached as immutable.
  expect(image.cacheControl).toBe("public, max-age=600");
  const png = PNG.sync.read(Buffer.from(image.body));
  expect([png.width, png.height]).toEqual([1200, 630]);

  const testMemorial = await create(op, classic(), op.testKey);
  const awaiting = await create(
    op,
    classic({}, { AConfirmer: true, Famille: { FamilleEmail: "attente@example.org", FamilleNom: "Dupont" } }),
  );
  for (const notPublic of [testMemorial, awaiting, 2147483000]) {
    expect((await get(`/memorial/${notPublic}/opengraph-image`)).status, String(notPublic)).toBe(404);
  }
});

test("the certificate is a PDF in A4 and A5, in the memorial's language or the one asked", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5, co2: 250 });
  const id = await create(
    op,
    classic({ Nom: "Müller-Ørsted", Prenom: "Léa" }, { DeLaPartDe: "Ses petits-enfants Łukasz et Zoé" }),
  );
  const species = await db.species.findUniqueOrThrow({ where: { id: op.speciesId } });
  const site = await db.plantation.findUniqueOrThrow({ where: { id: op.plantationId } });

  // The links of the page, followed.
  await page.goto(`${baseUrl()}/memorial/${id}`);
  const a4 = await page.getByTestId("certificate-a4").getAttribute("href");
  const a5 = await page.getByTestId("certificate-a5").getAttribute("href");
  const sizes = { [a4!]: [595, 842], [a5!]: [420, 595] };
  for (const [href, size] of Object.entries(sizes)) {
    const response = await get(new URL(href, baseUrl()).toString());
    expect(response.status, href).toBe(200);
    expect(response.type).toBe("application/pdf");
    const pdf = await pdfText(response.body);
    expect([pdf.width, pdf.height], href).toEqual(size);
    expect(pdf.text).toContain("Certificat de plantation");
    expect(pdf.text).toContain("Léa Müller-Ørsted");
    expect(pdf.text).toContain(species.name);
    expect(pdf.text).toContain("Quercus robur");
    expect(pdf.text).toContain(site.name);
    expect(pdf.text).toContain("Ses petits-enfants Łukasz et Zoé");
    expect(pdf.text).toContain("250 kg");
    expect(pdf.text).toContain(`${baseUrl()}/memorial/${id}`);
  }

  const german = await pdfText((await get(`/memorial/${id}/certificate?size=a5&lang=de`)).body);
  expect(german.text).toContain("Pflanzurkunde");
  expect(german.text).toContain(`${baseUrl()}/memorial/${id}?lang=de`);

  expect((await get(`/memorial/${id}/certificate?size=letter`)).status).toBe(400);
  const testMemorial = await create(op, classic(), op.testKey);
  expect((await get(`/memorial/${testMemorial}/certificate?size=a4`)).status).toBe(404);
  expect((await get("/memorial/2147483000/certificate")).status).toBe(404);
});

test("the QR codes lead to the memorial's absolute address", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await create(op, classic());
  await page.goto(`${baseUrl()}/memorial/${id}`);
  const pngHref = await page.getByTestId("qr-png").getAttribute("href");
  const svgHref = await page.getByTestId("qr-svg").getAttribute("href");

  const png = await get(new URL(pngHref!, baseUrl()).toString());
  expect(png.status).toBe(200);
  expect(png.type).toBe("image/png");
  expect(decodeQr(png.body)).toBe(`${baseUrl()}/memorial/${id}`);
  expect(decodeQr((await get(`/memorial/${id}/qr.png?lang=nl`)).body)).toBe(
    `${baseUrl()}/memorial/${id}?lang=nl`,
  );

  // The SVG, drawn by the browser and read back from a screenshot.
  const svg = await page.goto(new URL(svgHref!, baseUrl()).toString());
  expect(svg?.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  await page.setViewportSize({ width: 600, height: 600 });
  await page.goto(`${baseUrl()}/memorial/${id}`); // an HTML page of the site: it may load the site's image
  await page.setContent(`<img src="${new URL(svgHref!, baseUrl())}" width="500" height="500">`);
  await expect
    .poll(() => page.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(decodeQr(await page.locator("img").screenshot())).toBe(`${baseUrl()}/memorial/${id}`);

  const testMemorial = await create(op, classic(), op.testKey);
  expect((await get(`/memorial/${testMemorial}/qr.png`)).status).toBe(404);
  expect((await get(`/memorial/${testMemorial}/qr.svg`)).status).toBe(404);
});

test("an anonymous memorial's certificate, QR code, share links and image say nothing of the deceased", async ({
  browser,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const secret = unique("Secret").replace(/\W+/g, "");
  const deceased = (name: string) => ({
    Nom: `${name}Nom`,
    Prenom: `${name}Prenom`,
    DateNaissance: "1931-07-19T00:00:00",
  });
  const id = await create(
    op,
    classic(deceased(secret), { MemorialAnonyme: true, MemorialAnonymeNom: "Pour une amie" }),
  );

  for (const size of ["a4", "a5"]) {
    const pdf = await pdfText((await get(`/memorial/${id}/certificate?size=${size}`)).body);
    expect(pdf.text).toContain("Pour une amie");
    expect(pdf.text).not.toContain(secret);
    expect(pdf.text).not.toContain("1931");
    expect(pdf.text).not.toContain("octobre 2026"); // the date of death
  }
  expect(decodeQr((await get(`/memorial/${id}/qr.png`)).body)).toBe(`${baseUrl()}/memorial/${id}`);

  // Two anonymous memorials with the same anonymous name and different deceased: the same picture.
  const other = await create(
    op,
    classic(deceased("Autre"), { MemorialAnonyme: true, MemorialAnonymeNom: "Pour une amie" }),
  );
  const [a, b] = await Promise.all([
    get(`/memorial/${id}/opengraph-image`),
    get(`/memorial/${other}/opengraph-image`),
  ]);
  expect(a.status).toBe(200);
  expect(Buffer.from(a.body).equals(Buffer.from(b.body))).toBe(true);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/memorial/${id}`);
  const share = page.getByTestId("share");
  const hrefs = await share.locator("a").evaluateAll((all) => all.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs).toHaveLength(4);
  for (const href of hrefs) expect(decodeURIComponent(href)).not.toContain(secret);
  const email = await page.getByTestId("share-email").getAttribute("href");
  expect(new URLSearchParams(email!.replace(/^mailto:\?/, "")).get("subject")).toBe("Pour une amie");
  expect(decodeURIComponent(email!)).toContain("Pour une amie");
  await context.close();
});

test("the share links work without JavaScript", async ({ browser }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await create(op, classic({ Nom: "Lambert", Prenom: "Jeanne" }, { Langue: "en" }));
  const url = `${baseUrl()}/memorial/${id}`;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Share", exact: true })).toBeVisible();

  const email = await page.getByTestId("share-email").getAttribute("href");
  expect(email).toMatch(/^mailto:\?subject=/);
  const mail = new URLSearchParams(email!.replace(/^mailto:\?/, ""));
  expect(mail.get("subject")).toBe("Jeanne Lambert");
  expect(mail.get("body")).toBe(`1 tree planted in memory of Jeanne Lambert.\n\n${url}`);

  const whatsapp = new URL((await page.getByTestId("share-whatsapp").getAttribute("href"))!);
  expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/");
  expect(whatsapp.searchParams.get("text")).toBe(`1 tree planted in memory of Jeanne Lambert. ${url}`);
  const facebook = new URL((await page.getByTestId("share-facebook").getAttribute("href"))!);
  expect(facebook.origin + facebook.pathname).toBe("https://www.facebook.com/sharer/sharer.php");
  expect(facebook.searchParams.get("u")).toBe(url);

  // "Copy link" is the page's own address: without JavaScript, following it shows it in the bar.
  await expect(page.getByTestId("share-copy")).toHaveAttribute("href", url);
  await page.getByTestId("share-copy").click();
  await expect(page).toHaveURL(url);
  // The system's share sheet needs JavaScript: no button that would do nothing (it stays hidden).
  await expect(page.getByRole("button", { name: "Share…" })).toHaveCount(0);
  await expect(page.getByTestId("share-native")).toBeHidden();
  await expect(page.getByTestId("certificate-a4")).toHaveAttribute(
    "href",
    `/memorial/${id}/certificate?size=a4&lang=en`,
  );
  await context.close();
});

test("with JavaScript, the link copies itself; the share sheet is offered only where the browser has it", async ({
  browser,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const id = await create(op, classic());
  const url = `${baseUrl()}/memorial/${id}`;

  const context = await browser.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url);
  const hasShare = await page.evaluate(() => typeof navigator.share === "function");
  await expect(page.getByTestId("share-native")).toBeVisible({ visible: hasShare });
  await page.getByTestId("share-copy").click();
  await expect(page.getByTestId("share-copied")).toHaveText("Lien copié.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // No script error, and nothing blocked by the Content-Security-Policy.
  expect(errors).toEqual([]);
  await context.close();
  // Chromium on Linux has no navigator.share, so the share sheet itself is not exercised here.
});
