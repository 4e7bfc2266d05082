// The ceremony print kit as a reader and a phone see it: A4 and A6 pages, the title and the text in
// the family's language (text extracted with unpdf), and the QR code, decoded, is the page's address.

import { db } from "@memorial/lib/db/client";
import { LANGUAGES } from "@memorial/lib/i18n/languages";
import { t } from "@memorial/lib/i18n/translate";
import { afterAll, describe, expect, it } from "vitest";
import { pdfPage, pdfQrText } from "@/e2e/support/pdf-qr";
import { pdfText as text } from "@/e2e/support/pdf-text";
import { funeralHomeMemorial } from "@/test/support/funeral-home";
import { printKitFor, printKitPdf } from "./print-kit";

afterAll(() => db.$disconnect());

describe("the print kit", () => {
  it.each([
    ["poster", 595, 842],
    ["card", 298, 420],
  ] as const)("draws the %s at its size, with the title and a QR code of the page", async (format, w, h) => {
    const url = "https://trees.example.org/memorial/12345?lang=nl";
    const bytes = await printKitPdf({
      title: "Léa Müller-Ørsted",
      kind: "classic",
      language: "nl",
      url,
      format,
      requester: "Pompes funèbres Lambert",
    });
    const page = await pdfPage(bytes);
    expect([Math.round(page.width), Math.round(page.height)]).toEqual([w, h]);
    const words = await text(bytes);
    expect(words).toContain("Léa Müller-Ørsted");
    expect(words).toContain("Ter nagedachtenis");
    expect(words).toContain("Scan deze code");
    expect(await pdfQrText(bytes)).toBe(url);
  });

  it("says nothing of a deceased on an anonymous memorial's card", async () => {
    const bytes = await printKitPdf({
      title: "In memoriam",
      kind: "anonymous",
      language: "de",
      url: "https://trees.example.org/memorial/7",
      format: "card",
      requester: "Bestattungen Weber",
    });
    const words = await text(bytes);
    expect(words).toContain("Zum Gedenken an einen geliebten Menschen");
    expect(await pdfQrText(bytes)).toBe("https://trees.example.org/memorial/7");
  });

  // The memorial page has no way to plant a tree: the kit does not promise one, and
  // names the funeral home to ask instead.
  const PROMISES = [/plant one/i, /en planter un/i, /zelf een te planten/i, /selbst einen zu pflanzen/i];

  it.each(
    LANGUAGES.flatMap((language) =>
      (["poster", "card"] as const).map((format) => [language, format] as const),
    ),
  )(
    "in %s, the %s names the funeral home and promises no planting from the page",
    async (language, format) => {
      const requester = "Maison Dubois & Fils";
      const words = await text(
        await printKitPdf({
          title: "Jean Dubois",
          kind: "classic",
          language,
          url: "https://trees.example.org/memorial/12",
          format,
          requester,
        }),
      );
      expect(words).toContain(requester);
      expect(words).toContain(t(language, "printkit.plantThrough", { requester }));
      expect(words).toContain(t(language, "printkit.scan"));
      for (const promise of PROMISES) expect(words).not.toMatch(promise);
    },
  );

  it("printKitFor names the funeral home the memorial is made for", async () => {
    const { home, memorialId } = await funeralHomeMemorial("fr");
    const result = await printKitFor(memorialId, "card", "https://trees.example.org");
    expect(result.ok).toBe(true);
    if (result.ok) expect(await text(result.pdf)).toContain(home.name);
  });
});
