// The v1 response objects (lib/v1/schemas/responses.ts): creating a memorial, modifying a person.
import { z } from "zod";
import { envelope, nullable, uint, ZDateTime } from "./responses-common";

// ---------------------------------------------------------------------------------------------
// Memorials

export const urlMemorial = nullable(z.url()).meta({
  description: [
    "Extension: the absolute address of the memorial's public page, or null while the memorial",
    "is not public (awaiting its family's confirmation, or made with a test key).",
  ].join(" "),
  examples: ["https://trees.example.org/memorial/42"],
});

const ZCreationFields = z.strictObject({
  IdExerne: nullable(z.string()).meta({
    description: "The request's IdExternal (name exactly as returned).",
  }),
  Erreur: z.null(),
  IdMemorial: uint(),
  IdDefunt: uint().meta({ description: "0 for the global memorial (orphan tree)." }),
  IdEspece: uint().meta({ description: "0 when no tree was planted (awaiting confirmation)." }),
  NombreArbre: z.union([z.literal(0), z.literal(1)]),
  AConfirmer: z.boolean().meta({ description: "The request's AConfirmer, false when absent." }),
  NombreArbresGratuits: uint().meta({ description: "Never greater than NombreArbre." }),
  IdTransaction: uint().meta({
    description: "The planting's transaction when a tree was planted, otherwise the memorial creation's.",
  }),
  MemorialsLot: z.int().meta({ description: "The request's MemorialsLot, 0 when absent." }),
  UrlMemorial: urlMemorial,
});
export type TCreationFields = z.infer<typeof ZCreationFields>;

export const ZMemorialsCreerResponse = z
  .strictObject({
    ...envelope("memorialsCreer"),
    Id: z.int().meta({ description: "The request's Id, 0 when absent." }),
    ...ZCreationFields.shape,
  })
  .meta({
    id: "MemorialsCreerResponse",
    description: "2.3 creation response, with the extension `UrlMemorial`.",
  });

const ZDefuntModifie = z.strictObject({
  Id: uint(),
  IdExterne: z.int().meta({ description: "0 when none." }),
  Nom: nullable(z.string()),
  Prenom: nullable(z.string()),
  Civilite: nullable(z.string()),
  DateDeces: ZDateTime,
  LieuDeces: nullable(z.string()),
  DateNaissance: nullable(ZDateTime),
  Language: z.enum(["fr", "nl", "en", "de"]),
});
export type TDefuntModifie = z.infer<typeof ZDefuntModifie>;

export const ZPersonModifierResponse = z
  .strictObject({
    ...envelope("personneModifier"),
    Id: uint(),
    Erreur: z.null(),
    Defunt: ZDefuntModifie,
  })
  .meta({ id: "PersonModifierResponse", description: "2.5 modify response." });
