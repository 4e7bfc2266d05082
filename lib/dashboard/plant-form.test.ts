import { describe, expect, it } from "vitest";
import { EMPTY_PLANT_FORM } from "./plant-form";
import { parsePlantForm } from "./plant-form-schema";

describe("parsePlantForm", () => {
  it("gives the domain's command for a new memorial, blanks as null", () => {
    const parsed = parsePlantForm(
      {
        ...EMPTY_PLANT_FORM,
        lastName: " Dupont ",
        firstName: "Marie",
        deathDate: "2026-03-01",
        familyEmail: "famille@example.org",
        familyLanguage: "nl",
        planter: "Les voisins",
        externalId: "123",
      },
      { Epf: 7 },
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fields));
    const { command } = parsed;
    if (command.target.kind !== "new") throw new Error(command.target.kind);
    expect(command.target.deceased.lastName).toBe("Dupont");
    expect(command.target.deceased.deathDate.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(command.target.deceased.civility).toBeNull();
    expect(command.target.family?.language).toBe("nl");
    expect(command.target.anonymous).toBeNull();
    expect(command.externalId).toBe(123);
    expect(command.context).toEqual({ Epf: 7 });
  });

  it("names each refused field with a reason, not an English sentence", () => {
    const parsed = parsePlantForm(
      {
        ...EMPTY_PLANT_FORM,
        deathDate: "2026-02-30",
        externalId: "12a",
        familyEmail: "nope",
        url: "ftp://x",
      },
      {},
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.fields).toEqual({
      deathDate: "invalid-date",
      externalId: "invalid-number",
      familyEmail: "invalid-email",
      url: "invalid-url",
    });
  });

  it("refuses a date the service cannot store and read back", () => {
    const parsed = parsePlantForm(
      { ...EMPTY_PLANT_FORM, lastName: "A", deathDate: "9999-12-31T23:59:59-14:00" },
      {},
    );
    expect(parsed.ok ? null : parsed.fields.deathDate).toBe("date-range");
  });

  it("plants into an existing memorial without deceased or family", () => {
    const parsed = parsePlantForm({ ...EMPTY_PLANT_FORM, memorialId: "42", lastName: "ignored" }, {});
    expect(parsed.ok && parsed.command.target).toEqual({ kind: "existing", memorialId: 42 });
  });

  it("plants an orphan tree whatever the memorial id, as the API's rule 4.1.3", () => {
    const parsed = parsePlantForm({ ...EMPTY_PLANT_FORM, memorialId: "42", orphan: true }, {});
    expect(parsed.ok && parsed.command.target).toEqual({ kind: "orphan" });
  });
});
