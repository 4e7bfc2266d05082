import { describe, expect, it } from "vitest";
import { ZMemorialsCreer, ZPersonModifier } from "@/lib/v1/schemas/memorials";
import { zodMessage } from "./zod-message";

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
});
