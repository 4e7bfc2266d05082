import { ZMemorialsCreer, ZPersonModifier } from "@memorial/lib/v1/schemas/memorials";
import { describe, expect, it } from "vitest";
import { zodMessage, zodProblem } from "./zod-message";

describe("zodMessage", () => {
  it("names the field and the wrong type", () => {
    const result = ZMemorialsCreer.safeParse({ MemorialId: "x" });
    expect(result.success).toBe(false);
    expect(zodMessage(result.error!)).toMatch(/^MemorialId: .*expected number, received string/);
  });

  it("says a missing field is required", () => {
    const result = ZPersonModifier.safeParse({ Nom: "A" });
    expect(zodMessage(result.error!)).toBe("Id: is required");
  });

  it("names nested fields", () => {
    const result = ZMemorialsCreer.safeParse({ Famille: { FamilleEmail: "not-an-email" } });
    expect(zodMessage(result.error!)).toBe("Famille.FamilleEmail: must be an e-mail address");
  });

  it("says an unknown field first, with its path as Champ and Code UNKNOWN_FIELD", () => {
    const result = ZMemorialsCreer.safeParse({ Defunt: { Nom: 5 }, Famille: { Foo: 1 } });
    expect(zodProblem(result.error!)).toEqual({
      code: "UNKNOWN_FIELD",
      champ: "Famille.Foo",
      message: "Famille.Foo: is not a field of the specification (and 1 more problem)",
    });
  });

  it("gives the path of any other problem as Champ, with Code INVALID_INPUT", () => {
    const result = ZPersonModifier.safeParse({ Id: 1, DateDeces: "yesterday" });
    expect(zodProblem(result.error!)).toMatchObject({ code: "INVALID_INPUT", champ: "DateDeces" });
  });
});
