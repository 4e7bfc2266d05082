import { describe, expect, it } from "vitest";
import { shareLinks, shareText } from "./share";

const base = {
  id: 7,
  title: "Léa Müller-Ørsted",
  operatorName: "PF Durand",
  totalTrees: 3,
};

describe("shareText", () => {
  it("names a classic memorial", () => {
    expect(shareText({ ...base, kind: "classic" }, "en")).toBe(
      "3 trees planted in memory of Léa Müller-Ørsted.",
    );
  });

  it("gives an anonymous memorial's shown title only (displayTitle's, in public-queries.ts)", () => {
    const named = { ...base, kind: "anonymous" as const, title: "Pour une amie" };
    expect(shareText(named, "fr")).toBe("Pour une amie: 3 arbres plantés en mémoire d’un être cher.");
    const unnamed = { ...base, kind: "anonymous" as const, title: "In memoriam" };
    expect(shareText(unnamed, "de")).toBe(
      "In memoriam: 3 Bäume gepflanzt in Erinnerung an einen geliebten Menschen.",
    );
  });

  it("names the global memorial after its operator", () => {
    // The global memorial's title is the operator's name, written when it was created.
    expect(shareText({ ...base, kind: "global", title: "PF Durand" }, "nl")).toBe(
      "De bomen geplant door PF Durand.",
    );
  });
});

describe("shareLinks", () => {
  it("encodes the text and the address into each link", () => {
    const links = shareLinks({
      url: "https://t.example/memorial/7?lang=en",
      title: "A & B",
      text: "3 trees, #1?",
    });
    expect(links.email).toBe(
      "mailto:?subject=A%20%26%20B&body=3%20trees%2C%20%231%3F%0A%0Ahttps%3A%2F%2Ft.example%2Fmemorial%2F7%3Flang%3Den",
    );
    expect(new URL(links.whatsapp).searchParams.get("text")).toBe(
      "3 trees, #1? https://t.example/memorial/7?lang=en",
    );
    expect(new URL(links.facebook).searchParams.get("u")).toBe("https://t.example/memorial/7?lang=en");
  });
});
