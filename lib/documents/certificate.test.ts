// The certificate as a reader sees it: the PDF is opened and its text extracted with unpdf.

import type { PublicMemorial, PublicTree } from "@memorial/lib/memorials/public-queries";
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { certificatePdf } from "./certificate";
import { printable } from "./fonts";

function tree(i: number, planter = `Planter ${i}`): PublicTree {
  return {
    id: 1000 + i,
    quantity: 1,
    plantedAt: new Date(Date.UTC(2026, 9, 1) + i * 3_600_000).toISOString(),
    planter,
    message: null,
    species: {
      id: 1,
      name: "Chêne pédonculé",
      latinName: "Quercus robur",
      type: "Feuillu",
      names: { fr: "Chêne pédonculé", nl: "Zomereik", en: "English oak", de: "Stieleiche" },
      types: { fr: "Feuillu", nl: "Loofboom", en: "Broadleaf", de: "Laubbaum" },
      maxHeightM: 40,
      lifespanYears: 800,
      co2KgPerTree: 250,
    },
    plantationId: 9,
    life: {
      status: "ordered",
      inGroundOn: null,
      lastCheckedOn: null,
      health: null,
      diedOn: null,
      deathReason: null,
      replacedOn: null,
      isReplacement: false,
      latitude: null,
      longitude: null,
      photoKey: null,
    },
  };
}

function memorial(overrides: Partial<PublicMemorial> = {}): PublicMemorial {
  return {
    id: 42,
    kind: "classic",
    title: "Léa Müller-Ørsted",
    operatorName: "Pompes Funèbres Durand",
    language: "fr",
    createdAt: "2026-10-01T00:00:00.000Z",
    deceasedUrl: null,
    deceased: {
      firstName: "Léa",
      lastName: "Müller-Ørsted",
      civility: null,
      birthDate: "1941-04-12T00:00:00.000Z",
      deathDate: "2026-09-28T00:00:00.000Z",
      imageUrl: null,
    },
    totalTrees: 2,
    co2Lines: [{ quantity: 2, co2KgPerTree: 250 }],
    trees: [tree(2, "Łukasz Wałęsa 🌳"), tree(1, "王小明")],
    sites: [
      {
        id: 9,
        name: "Forêt de Soignes",
        country: "BE",
        region: "Bruxelles",
        latitude: 50.8,
        longitude: 4.4,
        trees: 2,
      },
    ],
    ...overrides,
  };
}

async function text(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), pages: pdf.numPages };
}

const url = "https://trees.example/memorial/42";

describe("certificatePdf", () => {
  it("draws names with accents and characters outside the font without failing", async () => {
    const bytes = await certificatePdf({ memorial: memorial(), language: "fr", size: "a4", url });
    const { text: t } = await text(bytes);
    for (const words of [
      "Certificat de plantation",
      "Léa Müller-Ørsted",
      "Łukasz Wałęsa ?",
      "???",
      "Chêne pédonculé (Quercus robur)",
      "Forêt de Soignes, Bruxelles, Belgique",
      "CO₂",
      "500 kg",
      "12 avril 1941",
      url,
    ])
      expect(t).toContain(words);
  });

  it("is A4 or A5, in the language asked", async () => {
    for (const [size, w, h] of [
      ["a4", 595, 842],
      ["a5", 420, 595],
    ] as const) {
      const doc = await PDFDocument.load(
        await certificatePdf({ memorial: memorial(), language: "de", size, url }),
      );
      const { width, height } = doc.getPage(0).getSize();
      expect([Math.round(width), Math.round(height)]).toEqual([w, h]);
      expect(doc.getTitle()).toBe("Pflanzurkunde · Léa Müller-Ørsted");
    }
    const { text: t } = await text(
      await certificatePdf({ memorial: memorial(), language: "nl", size: "a5", url }),
    );
    expect(t).toContain("Plantcertificaat");
    expect(t).toContain("België");
  });

  it("lists the 50 newest trees and counts the others", async () => {
    const trees = Array.from({ length: 120 }, (_, i) => tree(120 - i));
    const bytes = await certificatePdf({
      memorial: memorial({ trees, totalTrees: 300 }),
      language: "en",
      size: "a5",
      url,
    });
    const { text: t, pages } = await text(bytes);
    expect(pages).toBeGreaterThan(1);
    expect(t).toContain("Planter 120");
    expect(t).toContain("Planter 71");
    expect(t).not.toContain("Planter 70 ");
    expect(t).toContain("… and 250 more trees.");
  });

  it("says 'planted on DATE' (the day in the ground) once a tree is in the ground, else the order's date", async () => {
    const ordered = tree(1, "Ordered Planter");
    const inGround = { ...tree(2, "Ground Planter") };
    inGround.life = {
      ...inGround.life,
      status: "monitored",
      inGroundOn: "2026-11-03",
      lastCheckedOn: "2026-11-20",
      health: "alive",
    };
    const page = memorial({ trees: [inGround, ordered] });
    const en = (await text(await certificatePdf({ memorial: page, language: "en", size: "a4", url }))).text;
    expect(en).toContain("Planted on 3 November 2026 — English oak (Quercus robur)");
    // The ordered tree keeps what the certificate said before: its order's date, no "planted on".
    expect(en).toContain("1 October 2026 — English oak (Quercus robur)");
    expect(en.match(/Planted on/g)).toHaveLength(1);
    const fr = (await text(await certificatePdf({ memorial: page, language: "fr", size: "a4", url }))).text;
    expect(fr).toContain("Mis en terre le 3 novembre 2026 — Chêne pédonculé (Quercus robur)");
    const de = (await text(await certificatePdf({ memorial: page, language: "de", size: "a4", url }))).text;
    expect(de).toContain("Eingepflanzt am 3. November 2026 — Stieleiche (Quercus robur)");
  });

  it("says nothing of the deceased of an anonymous memorial", async () => {
    // Its title is displayTitle's (public-queries.ts): never the deceased's name, never a bare id.
    const anonymous = memorial({ kind: "anonymous", title: "In memoriam", deceased: null });
    const { text: t } = await text(
      await certificatePdf({ memorial: anonymous, language: "en", size: "a4", url }),
    );
    // 4.1 rule 7: named by its anonymous title, as on the page.
    expect(t).toMatch(/certificate In memoriam Trees planted/);
    expect(t).not.toContain("Müller");
    expect(t).not.toContain("1941");
  });
});

describe("printable", () => {
  it("keeps what the fonts draw and replaces the rest", () => {
    expect(printable("Léa\nMüller-Ørsted\u200b")).toBe("Léa Müller-Ørsted");
    expect(printable("CO₂ 1\u202f250 kg")).toBe("CO₂ 1 250 kg");
    expect(printable("王 🌳")).toBe("? ?");
  });
});
