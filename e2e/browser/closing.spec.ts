// The closing summary and the ceremony print kit in Chromium. The family asks
// for its summary on its management page, in each of the four languages: the e-mail arrives at the
// real SMTP sink with the PDF (its text read back: the planter and the message) and the CSV of the
// planters attached; the page then says it was sent, and asking again sends nothing. The print kit
// downloads from the management page and the dashboard: PDFs of A4 and A6 pages whose QR code
// decodes to the memorial's address; a hidden memorial's kit is refused with a clear message.
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { parseCsv } from "@memorial/lib/exports/csv";
import { memorialUrl } from "@memorial/lib/links";
import { expect, type Page, test } from "@playwright/test";
import { baseUrl, db, mailDir, makeIsolatedOperator } from "../support/factories";
import { pdfPage, pdfQrText } from "../support/pdf-qr";
import { pdfText } from "../support/pdf-text";
import { type CaughtMail, mailAttachments, mailParts, readMails } from "../support/smtp";
import { makeUser, signIn } from "./dashboard-support";
import { classic, memorialWithFamily, type Operator } from "./memorials";

const LANGUAGES = ["fr", "nl", "en", "de"] as const;
type Lang = (typeof LANGUAGES)[number];

const SUBJECT: Record<Lang, string> = {
  fr: "Le résumé du mémorial",
  nl: "Het overzicht van de gedenkpagina",
  en: "The summary of the memorial",
  de: "Die Zusammenfassung der Gedenkseite",
};
const CSV_HEADER: Record<Lang, string[]> = {
  fr: ["Nom", "Message", "Date", "Arbres"],
  nl: ["Naam", "Bericht", "Datum", "Bomen"],
  en: ["Name", "Message", "Date", "Trees"],
  de: ["Name", "Nachricht", "Datum", "Bäume"],
};

/** A confirmed memorial whose family (in `language`) has an e-mail address, and its management link. */
function familyMemorial(op: Operator, language: Lang) {
  return memorialWithFamily(
    op,
    classic(
      { Nom: "Lambert", Prenom: "Anne" },
      { DeLaPartDe: "Ses petits-enfants Zoé et Łukasz", Message: "Pour mamie, avec amour" },
    ),
    { FamilleNom: "Famille Lambert", Langue: language },
    `closing-${language}`,
  );
}

/** The e-mail with attachments to `address` (the summary), waited for. */
async function summaryMail(address: string): Promise<CaughtMail> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const mail = readMails(mailDir()).find((m) => m.to.includes(address) && mailAttachments(m).length > 0);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no summary e-mail to ${address}`);
}

async function download(page: Page, testId: string): Promise<{ bytes: Uint8Array; name: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return { bytes: new Uint8Array(readFileSync((await file.path())!)), name: file.suggestedFilename() };
}

/** Poster and card: A4 and A6 pages whose QR code is the memorial's address. */
async function checkKit(page: Page, expectedUrl: string) {
  for (const [testId, size] of [
    ["print-kit-poster", [595, 842]],
    ["print-kit-card", [298, 420]],
  ] as const) {
    const { bytes, name } = await download(page, testId);
    expect(name).toMatch(/\.pdf$/);
    expect(Buffer.from(bytes.slice(0, 5)).toString("latin1")).toBe("%PDF-");
    const { width, height } = await pdfPage(bytes);
    expect([Math.round(width), Math.round(height)], testId).toEqual(size);
    expect(await pdfQrText(bytes), testId).toBe(expectedUrl);
    const href = await page.getByTestId(testId).getAttribute("href");
    const response = await page.request.get(`${baseUrl()}${href}`);
    expect(response.headers()["content-type"]).toBe("application/pdf");
  }
}

for (const language of LANGUAGES) {
  test(`the family asks for its closing summary on its management page (${language})`, async ({ page }) => {
    const op = await makeIsolatedOperator({ stock: 5 });
    const { memorialId, email, manageLink } = await familyMemorial(op, language);
    await page.goto(`${manageLink}?lang=${language}`);
    const section = page.getByTestId("closing-section");
    await expect(section).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);

    await page.getByTestId("manage-closing-summary").click();
    await expect(page.getByTestId("manage-done")).toBeVisible();
    await expect(page.getByTestId("closing-sent")).toBeVisible();
    await expect(page.getByTestId("manage-closing-summary")).toHaveCount(0);

    const mail = await summaryMail(email);
    const parts = mailParts(mail);
    expect(parts.subject).toContain(SUBJECT[language]);
    expect(parts.subject).toContain("Anne Lambert");
    expect(parts.text).toContain(`/memorial/${memorialId}`);
    const files = mailAttachments(mail);
    expect(files.map((f) => f.contentType)).toEqual(["application/pdf", "text/csv"]);
    const pdf = await pdfText(new Uint8Array(files[0]!.content));
    expect(pdf).toContain("Anne Lambert");
    expect(pdf).toContain("Ses petits-enfants Zoé et Łukasz");
    expect(pdf).toContain("Pour mamie, avec amour");
    const rows = parseCsv(files[1]!.content.toString("utf8"), language === "en" ? "," : ";");
    expect(rows[0]).toEqual(CSV_HEADER[language]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual([
      ["Ses petits-enfants Zoé et Łukasz", "Pour mamie, avec amour", "1"],
    ]);

    // Asking again (a second tab, a replayed form) sends nothing more.
    const again = await page.request.post(manageLink, {
      form: { action: "closing-summary" },
      headers: { Origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(await db.outgoingEmail.count({ where: { memorialId, attachments: { some: {} } } })).toBe(1);
  });
}

test("the print kit downloads from the management page; a hidden memorial's is refused", async ({ page }) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const { memorialId, manageLink } = await familyMemorial(op, "nl");
  const memorial = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
  await page.goto(manageLink);
  await checkKit(page, memorialUrl(baseUrl(), memorial, "nl"));

  // The privacy control is the page's one way to hide it.
  await page.getByTestId("privacy-hidden").check();
  await page.getByTestId("manage-privacy-save").click();
  await expect(page.getByTestId("manage-done")).toBeVisible();
  await expect(page.getByTestId("print-kit-refused")).toContainText("verborgen");
  await expect(page.getByTestId("print-kit-poster")).toHaveCount(0);
  const refused = await page.request.get(`${manageLink}/print-kit?format=card`);
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("verborgen of nog niet bevestigd");
  // A format it does not know, a link that does not exist.
  expect((await page.request.get(`${manageLink}/print-kit?format=a3`)).status()).toBe(400);
  const unknown = `${baseUrl()}/manage/${"x".repeat(43)}/print-kit?format=poster`;
  expect((await page.request.get(unknown)).status()).toBe(404);
});

test("the print kit downloads from the dashboard, for the operator's own visible memorials only", async ({
  page,
}) => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const { memorialId, manageLink } = await familyMemorial(op, "de");
  const memorial = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
  const user = await makeUser(op.operatorId);
  await signIn(page, user, "en", `/dashboard/memorials/${memorialId}`);
  await checkKit(page, memorialUrl(baseUrl(), memorial, "de"));

  // Another operator's memorial does not exist for this one.
  const other = await makeIsolatedOperator({ stock: 5 });
  const { memorialId: othersId } = await familyMemorial(other, "fr");
  expect(
    (
      await page.request.get(`${baseUrl()}/api/dashboard/memorials/${othersId}/print-kit?format=poster`)
    ).status(),
  ).toBe(404);
  expect(
    (
      await page.request.get(`${baseUrl()}/api/dashboard/memorials/${memorialId}/print-kit?format=a3`)
    ).status(),
  ).toBe(400);

  // Hidden by its family: refused, with the reason in the dashboard's language.
  const hidden = await page.request.post(manageLink, {
    form: { action: "hide" },
    headers: { Origin: baseUrl() },
    maxRedirects: 0,
  });
  expect(hidden.status()).toBe(303);
  await page.goto(`${baseUrl()}/dashboard/memorials/${memorialId}`);
  await expect(page.getByTestId("print-kit-refused")).toContainText("hidden or not yet confirmed");
  const refused = await page.request.get(
    `${baseUrl()}/api/dashboard/memorials/${memorialId}/print-kit?format=poster`,
  );
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("hidden or not yet confirmed");
});
