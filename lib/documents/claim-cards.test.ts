// The claim codes' cards and CSV as a reader and a phone see them: one A6 page per
// code with the code printed and, decoded, a QR code leading to the memorial's planting form with
// that code filled in; the CSV holds each code with its memorial, expiry and address. And the
// print kit speaks of visitor planting only where it is on.
import { actingAs } from "@memorial/lib/audit/actor";
import { db } from "@memorial/lib/db/client";
import { parseCsv } from "@memorial/lib/exports/csv";
import { t } from "@memorial/lib/i18n/translate";
import { claimCardsFor, claimCodesCsvOf } from "@memorial/lib/visitors/claim-code-files";
import { issueClaimCodes as issueCodes, plantingFormUrl } from "@memorial/lib/visitors/claim-codes";
import { visitorKitOffer } from "@memorial/lib/visitors/offer";
import { setVisitorSetting as setSetting } from "@memorial/lib/visitors/settings";
import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_FIXTURE } from "@/e2e/support/factories";
import { pdfPage, pdfQrText } from "@/e2e/support/pdf-qr";
import { pdfPageTexts as pages } from "@/e2e/support/pdf-text";
import { funeralHomeMemorial } from "@/test/support/funeral-home";
import { claimCardsPdf } from "./claim-cards";
import { printKitFor } from "./print-kit";

afterAll(() => db.$disconnect());

// The operator's choices and codes are the test's setup: the test fixture makes them.
const setVisitorSetting = (...args: Parameters<typeof setSetting>) =>
  actingAs(TEST_FIXTURE, () => setSetting(...args));
const issueClaimCodes = (...args: Parameters<typeof issueCodes>) =>
  actingAs(TEST_FIXTURE, () => issueCodes(...args));

describe("claim cards", () => {
  it("draws one A6 card per code, the code printed and its QR code leading to the form with the code", async () => {
    const codes = ["ABCD-EFGH-JKMN", "PQRS-TVWX-YZ01"];
    const bytes = await claimCardsPdf({
      title: "Léa Müller-Ørsted",
      kind: "classic",
      language: "fr",
      requester: "Pompes funèbres Lambert",
      expiresAt: new Date("2027-03-01T00:00:00Z"),
      cards: codes.map((code) => ({ code, url: plantingFormUrl("https://trees.example.org/", 4321, code) })),
      formUrl: plantingFormUrl("https://trees.example.org/", 4321),
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    const texts = await pages(bytes);
    for (const [i, code] of codes.entries()) {
      const page = await pdfPage(bytes, i);
      expect([Math.round(page.width), Math.round(page.height)]).toEqual([298, 420]);
      expect(texts[i]).toContain(code);
      expect(texts[i]).toContain("Léa Müller-Ørsted");
      expect(texts[i]).toContain("Pompes funèbres Lambert");
      expect(texts[i]).toContain("1 mars 2027");
      expect(await pdfQrText(bytes, i)).toBe(`https://trees.example.org/memorial/4321/plant?code=${code}`);
    }
    expect(texts[0]).not.toContain(codes[1]);
  });

  it("prints the cards of issued codes for a memorial, and writes their CSV", async () => {
    const { op, home, memorialId } = await funeralHomeMemorial("nl");
    await setVisitorSetting(op.operatorId, null, { enabled: true, payments: [], price: null });
    const issued = await issueClaimCodes({
      operatorId: op.operatorId,
      isTest: false,
      memorialId,
      count: 3,
      expiresAt: new Date(Date.now() + 30 * 86_400_000),
    });
    const bytes = await claimCardsFor(memorialId, issued, "https://trees.example.org");
    expect(bytes).not.toBeNull();
    const texts = await pages(bytes!);
    expect(texts).toHaveLength(3);
    for (const [i, { code }] of issued.codes.entries()) {
      expect(texts[i]).toContain(code);
      expect(texts[i]).toContain(home.name);
      expect(texts[i]).toContain(t("nl", "plant.cardLead"));
      expect(await pdfQrText(bytes!, i)).toBe(plantingFormUrl("https://trees.example.org", memorialId, code));
    }

    const csv = claimCodesCsvOf(issued, "https://trees.example.org");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(csv.slice(1));
    expect(rows[0]).toEqual(["code", "memorial", "expires_at", "planting_url"]);
    expect(rows.slice(1)).toEqual(
      issued.codes.map((c) => [
        c.code,
        String(memorialId),
        issued.expiresAt.toISOString(),
        `https://trees.example.org/memorial/${memorialId}/plant?code=${c.code}`,
      ]),
    );
    // A funeral home's codes plant in any of its memorials: no memorial, no address.
    expect(
      parseCsv(claimCodesCsvOf({ ...issued, memorialId: null }, "https://trees.example.org").slice(1))[1],
    ).toEqual([issued.codes[0]!.code, "", issued.expiresAt.toISOString(), ""]);
  });
});

describe("the print kit and visitor planting", () => {
  it("speaks of planting from the page only where visitors may, online only with a payment", async () => {
    const { op, home, memorialId } = await funeralHomeMemorial("en");
    const words = async () => {
      const result = await printKitFor(
        memorialId,
        "card",
        "https://trees.example.org",
        await visitorKitOffer(memorialId),
      );
      if (!result.ok) throw new Error("not public");
      return (await pages(result.pdf)).join(" ");
    };
    const lang = (await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).language as "en";
    const requester = home.name;
    expect(await words()).toContain(t(lang, "printkit.plantThrough", { requester }));

    await setVisitorSetting(op.operatorId, home.id, { enabled: true, payments: [], price: null });
    const codes = await words();
    expect(codes).toContain(t(lang, "plant.kitCodes", { requester }));
    expect(codes).not.toContain(t(lang, "printkit.plantThrough", { requester }));

    await setVisitorSetting(op.operatorId, home.id, { enabled: true, payments: ["bancontact"], price: "20" });
    // Payment is offered only where Stripe is configured (lib/visitors/payments.ts paymentOffered).
    expect(await words()).toContain(t(lang, "plant.kitCodes", { requester }));
    process.env.STRIPE_SECRET_KEY = "sk_test_kit";
    process.env.STRIPE_WEBHOOK_SECRET = "whsec_kit";
    try {
      expect(await words()).toContain(t(lang, "plant.kitOnline", { requester }));
    } finally {
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STRIPE_WEBHOOK_SECRET;
    }

    // Off for the funeral home, on for the operator: the home's setting wins.
    await setVisitorSetting(op.operatorId, null, { enabled: true, payments: [], price: null });
    await setVisitorSetting(op.operatorId, home.id, { enabled: false, payments: [], price: null });
    expect(await words()).toContain(t(lang, "printkit.plantThrough", { requester }));
  });
});
