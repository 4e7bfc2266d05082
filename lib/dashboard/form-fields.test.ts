// A form field and the API field it stands for are the same rule: they count a text's length the
// same way (characters, as PostgreSQL's varchar does: an emoji is one, a combining accent is
// one) and refuse the same values.

import { LIMITS } from "@memorial/lib/memorials/limits";
import { ZMemorialsCreer, ZPersonModifier } from "@memorial/lib/v1/schemas/memorials";
import { characterCount } from "@memorial/lib/validation";
import { describe, expect, it } from "vitest";
import { personFormSchema } from "./person-form-schema";
import { EMPTY_PLANT_FORM } from "./plant-form";
import { parsePlantForm } from "./plant-form-schema";

const TREE = "🌳"; // one character, two UTF-16 units
const ACCENTED = "e\u0301"; // é written as two characters: e and a combining acute accent

const apiAccepts = (name: string) =>
  ZMemorialsCreer.safeParse({ Defunt: { Nom: name, DateDeces: "2026-10-01" } }).success;
const formAccepts = (name: string) =>
  parsePlantForm({ ...EMPTY_PLANT_FORM, lastName: name, deathDate: "2026-10-01" }, {}).ok;
const modifierAccepts = (place: string) => ZPersonModifier.safeParse({ Id: 1, LieuDeces: place }).success;
const personFormAccepts = (place: string) =>
  personFormSchema.safeParse({ personId: 1, deathDate: "", placeOfDeath: place }).success;

describe("the length of a text, in the form and in the API", () => {
  it("counts characters, not UTF-16 units", () => {
    expect(characterCount(TREE.repeat(3))).toBe(3);
    expect(TREE.repeat(3).length).toBe(6);
    expect(characterCount(ACCENTED)).toBe(2);
  });

  it("accepts a name of exactly its limit in emoji, and refuses one more, in both", () => {
    const atLimit = TREE.repeat(LIMITS.name);
    const over = TREE.repeat(LIMITS.name + 1);
    expect([apiAccepts(atLimit), formAccepts(atLimit)]).toEqual([true, true]);
    expect([apiAccepts(over), formAccepts(over)]).toEqual([false, false]);
    const refused = parsePlantForm({ ...EMPTY_PLANT_FORM, lastName: over, deathDate: "2026-10-01" }, {});
    expect(refused.ok ? null : refused.fields).toEqual({ lastName: "too-long" });
  });

  it("counts a combining accent as its own character, in both", () => {
    const atLimit = ACCENTED.repeat(LIMITS.name / 2);
    const over = `${atLimit}e`;
    expect([apiAccepts(atLimit), formAccepts(atLimit)]).toEqual([true, true]);
    expect([apiAccepts(over), formAccepts(over)]).toEqual([false, false]);
  });

  it("gives the person form the Modifier's limits", () => {
    const atLimit = TREE.repeat(LIMITS.placeOfDeath);
    const over = `${atLimit}x`;
    expect([modifierAccepts(atLimit), personFormAccepts(atLimit)]).toEqual([true, true]);
    expect([modifierAccepts(over), personFormAccepts(over)]).toEqual([false, false]);
  });

  it("refuses in the form what the API refuses, with the reason of the API's rule", () => {
    const cases: [string, string, string][] = [
      ["imageUrl", "javascript:alert(1)", "invalid-url"],
      ["lastName", "a\u0000b", "invalid"],
      ["birthDate", "2026-02-30", "invalid-date"],
      ["birthDate", "0999-01-01", "date-range"],
      ["familyEmail", "family@", "invalid-email"],
    ];
    for (const [field, value, reason] of cases) {
      const parsed = parsePlantForm({ ...EMPTY_PLANT_FORM, deathDate: "2026-10-01", [field]: value }, {});
      expect(parsed.ok ? null : parsed.fields, field).toEqual({ [field]: reason });
    }
  });

  it("reads the person form into the Modifier's command: blank keeps, cleared empties", () => {
    const parsed = personFormSchema.safeParse({
      personId: 12,
      externalId: "0",
      lastName: "  Dupont ",
      firstName: "",
      civility: "",
      deathDate: "2026-10-01",
      placeOfDeath: "",
      birthDate: "not a date",
      imageUrl: "",
      updateTitles: true,
      clear: ["birthDate", "imageUrl"],
    });
    expect(parsed.success && parsed.data).toEqual({
      personId: 12,
      externalId: undefined,
      lastName: "Dupont",
      firstName: undefined,
      civility: undefined,
      deathDate: new Date("2026-10-01T00:00:00Z"),
      placeOfDeath: undefined,
      birthDate: null,
      imageUrl: null,
      updateTitles: true,
    });
  });
});
