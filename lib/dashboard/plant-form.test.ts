import { describe, expect, it } from "vitest";
import { ZMemorialsCreer } from "@/lib/memorials/schemas";
import { EMPTY_PLANT_FORM, toMemorialsCreer } from "./plant-form";

describe("toMemorialsCreer", () => {
  it("maps a filled form to a valid MemorialsCreer, blanks as null", () => {
    const wire = toMemorialsCreer(
      {
        ...EMPTY_PLANT_FORM,
        lastName: "Dupont",
        firstName: "Marie",
        deathDate: "2026-03-01",
        familyEmail: "famille@example.org",
        familyLanguage: "nl",
        planter: "Les voisins",
        externalId: "123",
      },
      { ContexteEpfId: 7 },
    );
    const parsed = ZMemorialsCreer.parse(wire);
    expect(parsed.Defunt?.Nom).toBe("Dupont");
    expect(parsed.Defunt?.DateDeces?.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(parsed.Defunt?.Civilite).toBeNull();
    expect(parsed.Famille?.Langue).toBe("nl");
    expect(parsed.ExternalId).toBe(123);
    expect(parsed.Contexte?.ContexteEpfId).toBe(7);
    expect(parsed.MemorialAnonymeNom).toBeNull();
  });

  it("lets the schema name a bad field", () => {
    const result = ZMemorialsCreer.safeParse(
      toMemorialsCreer({ ...EMPTY_PLANT_FORM, deathDate: "2026-02-30", externalId: "12a" }, null),
    );
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["Defunt.DateDeces", "ExternalId"]));
  });

  it("plants into an existing memorial without deceased or family", () => {
    const wire = toMemorialsCreer({ ...EMPTY_PLANT_FORM, memorialId: "42", lastName: "ignored" }, null);
    expect(wire.MemorialId).toBe(42);
    expect(wire.Defunt).toBeNull();
    expect(wire.AConfirmer).toBeNull();
  });
});
