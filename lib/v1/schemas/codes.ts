// Extension: the v1 wire objects of the claim-code requests, with the API's French
// names: POST /v1/Codes/Creer (issue codes for a memorial or a context) and POST /v1/Codes/Utiliser
// (plant a visitor's tree with a code).

import { dateTime, id, language, text } from "@memorial/lib/validation";
import { MAX_CODES_PER_ISSUE } from "@memorial/lib/visitors/claim-codes";
import { z } from "zod";
import { ZContexteInput } from "./memorials";

export const ZCodesCreer = z
  .strictObject({
    MemorialId: id.nullish().meta({
      description:
        "The memorial the codes are for; 0 or null: the memorials of the context named by `Contexte`.",
    }),
    Contexte: ZContexteInput.nullish().meta({
      description:
        "Without `MemorialId`: the context (a funeral home, an agency) in any of whose memorials the codes plant.",
    }),
    Nombre: z
      .int("must be an integer")
      .min(1, "must be at least 1")
      .max(MAX_CODES_PER_ISSUE, `must be at most ${MAX_CODES_PER_ISSUE}`)
      .meta({ description: `How many codes, 1 to ${MAX_CODES_PER_ISSUE}.` }),
    DateExpiration: dateTime.meta({
      description: "When the codes stop planting (in the future, within five years).",
    }),
  })
  .meta({ id: "CodesCreer" });

export const ZCodesUtiliser = z
  .strictObject({
    Code: text(40).meta({
      description: "The code as printed (`XXXX-XXXX-XXXX`); case, spaces and dashes do not matter.",
    }),
    MemorialId: id.meta({ description: "The memorial to plant in." }),
    Planteur: text(80).meta({ description: "The visitor's name, 1 to 80 characters." }),
    MessagePlanteur: text(1000).meta({
      description: "The visitor's message, 1 to 1000 characters, no link.",
    }),
    Email: text(254).meta({ description: "Where the visitor's receipt goes." }),
    Langue: language.nullish().meta({ description: "The receipt's language; the operator's when absent." }),
  })
  .meta({ id: "CodesUtiliser" });
