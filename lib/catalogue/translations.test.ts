import { describe, expect, it } from "vitest";
import { speciesName, speciesNames, speciesType } from "./translations";

const oak = {
  name: "Chêne pédonculé",
  type: "Feuillu",
  nameNl: "Zomereik",
  nameEn: "English oak",
  nameDe: null,
  typeNl: "Loofboom",
  typeEn: "  ",
  typeDe: "Laubbaum",
};

describe("species names in four languages", () => {
  it("gives the language's name and type", () => {
    expect(speciesName(oak, "nl")).toBe("Zomereik");
    expect(speciesName(oak, "en")).toBe("English oak");
    expect(speciesType(oak, "de")).toBe("Laubbaum");
    expect(speciesName(oak, "fr")).toBe("Chêne pédonculé");
  });

  it("falls back to French when a translation is missing or blank", () => {
    expect(speciesName(oak, "de")).toBe("Chêne pédonculé");
    expect(speciesType(oak, "en")).toBe("Feuillu");
    expect(speciesType({ name: "X", type: null }, "nl")).toBeNull();
  });

  it("gives every language at once for the page's cache", () => {
    expect(speciesNames(oak).names).toEqual({
      fr: "Chêne pédonculé",
      nl: "Zomereik",
      en: "English oak",
      de: "Chêne pédonculé",
    });
  });
});
