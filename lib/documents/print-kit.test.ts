// The ceremony print kit as a reader and a phone see it: A4 and A6 pages, the title and the text in
// the family's language (text extracted with unpdf), and the QR code, decoded, is the page's address.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { pdfPage, pdfQrText } from "@/e2e/support/pdf-qr";
import { printKitPdf } from "./print-kit";

const text = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text.replace(
    /\s+/g,
    " ",
  );

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
    });
    const words = await text(bytes);
    expect(words).toContain("Zum Gedenken an einen geliebten Menschen");
    expect(await pdfQrText(bytes)).toBe("https://trees.example.org/memorial/7");
  });
});
