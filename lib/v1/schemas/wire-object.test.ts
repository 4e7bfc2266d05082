// The request bodies are strict at every level; an unknown field is refused with its
// path, and the refusal suggests the defined field a typo was meant to be.

import { mapError } from "@memorial/lib/v1/errors";
import { buildOpenApiDocument } from "@memorial/lib/v1/openapi";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ZMemorialsCreer, ZPersonModifier } from "./memorials";
import { nearestField, parseWire } from "./wire-object";

/** The refusal of a body as the API answers it. */
function refusal(schema: z.ZodType, body: unknown) {
  try {
    parseWire(schema, body);
  } catch (error) {
    return mapError(error);
  }
  throw new Error("the body was accepted");
}

describe("nearestField", () => {
  const creer = Object.keys(ZMemorialsCreer.shape);
  it("names the defined field a typo was meant to be", () => {
    expect(nearestField("AConfirmr", creer)).toBe("AConfirmer");
    expect(nearestField("aconfirmer", creer)).toBe("AConfirmer");
    expect(nearestField("MemorialID", creer)).toBe("MemorialId");
    expect(nearestField("Prenon", ["Nom", "Prenom", "Civilite"])).toBe("Prenom");
  });
  it("names none when no field is close (another word, not a typo)", () => {
    expect(nearestField("EspeceId", creer)).toBeNull();
    expect(nearestField("Foo", ["FamilleEmail", "FamilleNom", "Langue"])).toBeNull();
    expect(nearestField("x".repeat(500), creer)).toBeNull();
  });
});

describe("the request bodies refuse a field the specification does not define", () => {
  it("at the top of MemorialsCreer: UNKNOWN_FIELD, Champ the field, the nearest field suggested", () => {
    expect(
      refusal(ZMemorialsCreer, { Defunt: { Nom: "A", DateDeces: "2026-10-01" }, AConfirmr: true }),
    ).toEqual({
      status: 400,
      code: "UNKNOWN_FIELD",
      champ: "AConfirmr",
      message: "AConfirmr: is not a field of the specification (did you mean AConfirmer?)",
    });
    expect(refusal(ZMemorialsCreer, { EspeceId: 999 })).toMatchObject({
      code: "UNKNOWN_FIELD",
      champ: "EspeceId",
      message: "EspeceId: is not a field of the specification",
    });
  });

  it("in every nested object, with its full path", () => {
    for (const [body, champ] of [
      [{ Famille: { Foo: 1 } }, "Famille.Foo"],
      [{ Defunt: { Prenon: "Marie", DateDeces: "2026-10-01" } }, "Defunt.Prenon"],
      [{ Contexte: { ContexteEpfid: 2 } }, "Contexte.ContexteEpfid"],
    ] as const) {
      expect(refusal(ZMemorialsCreer, body), champ).toMatchObject({ code: "UNKNOWN_FIELD", champ });
    }
    expect(refusal(ZMemorialsCreer, { Defunt: { Prenon: "Marie" } })?.message).toBe(
      "Defunt.Prenon: is not a field of the specification (did you mean Prenom?)",
    );
  });

  it("Defunt.LieuDeces: refused, and the refusal says that PUT /Personne/Modifier sets it", () => {
    const body = { Defunt: { Nom: "A", DateDeces: "2026-10-01", LieuDeces: "Namur" } };
    expect(refusal(ZMemorialsCreer, body)).toEqual({
      status: 400,
      code: "UNKNOWN_FIELD",
      champ: "Defunt.LieuDeces",
      message:
        "Defunt.LieuDeces: is not a field of the creation request (2.2); the place of death is set by PUT /Personne/Modifier (LieuDeces, with Id the IdDefunt of the response)",
    });
    // Another unknown field of Defunt keeps the usual refusal and its suggestion.
    expect(refusal(ZMemorialsCreer, { Defunt: { Prenon: "A", DateDeces: "2026-10-01" } })?.message).toBe(
      "Defunt.Prenon: is not a field of the specification (did you mean Prenom?)",
    );
    // PersonModifier takes it.
    expect(parseWire(ZPersonModifier, { Id: 1, LieuDeces: "Namur" }).LieuDeces).toBe("Namur");
  });

  it("in PersonModifier", () => {
    expect(refusal(ZPersonModifier, { Id: 1, Nom: "A", MajTitreMemorial: true })).toMatchObject({
      code: "UNKNOWN_FIELD",
      champ: "MajTitreMemorial",
      message: "MajTitreMemorial: is not a field of the specification (did you mean MajTitreMemorials?)",
    });
  });

  it("before any other problem of the body, which it may explain, and counts the others", () => {
    const mapped = refusal(ZMemorialsCreer, { MemorialId: "x", Famille: { Foo: 1, Bar: 2 } });
    expect(mapped).toMatchObject({ code: "UNKNOWN_FIELD", champ: "Famille.Foo" });
    expect(mapped?.message).toMatch(/\(and 2 more problems\)$/);
  });

  it("accepts every field of 2.1 in Contexte (ignored) and any object in ContextExtension", () => {
    const body = {
      Contexte: {
        Environnement: "production",
        ContexteGeneral: "Demo",
        ContexteGeneralId: 1,
        Contexte: "Epf",
        ContexteId: 2,
        ContexteEpfId: 2,
      },
      ContextExtension: { Anything: { Goes: [1, 2] } },
    };
    expect(parseWire(ZMemorialsCreer, body).Contexte?.ContexteEpfId).toBe(2);
  });
});

describe("the reference of the request bodies", () => {
  it("says additionalProperties: false of every object but the free-form ContextExtension", () => {
    const schemas = buildOpenApiDocument().components?.schemas as Record<string, unknown>;
    const open: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (!node || typeof node !== "object") return;
      const schema = node as Record<string, unknown>;
      if (typeof schema.$ref === "string") return; // walked under its own name
      if (schema.type === "object" && schema.additionalProperties !== false) open.push(where);
      for (const [key, child] of Object.entries(schema)) {
        if (key === "properties") {
          for (const [name, property] of Object.entries(child as object)) walk(property, `${where}.${name}`);
        } else if (Array.isArray(child)) {
          for (const c of child) walk(c, where);
        } else if (key !== "additionalProperties") walk(child, where);
      }
    };
    for (const name of ["MemorialsCreer", "DefuntCreer", "Famille", "ContexteInput", "PersonModifier"]) {
      expect(schemas[name], name).toBeDefined();
      walk(schemas[name], name);
    }
    expect(open).toEqual(["MemorialsCreer.ContextExtension"]);
  });
});
