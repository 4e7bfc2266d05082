// Extension: the v1 response objects of the claim codes.
import { z } from "zod";
import { envelope, listingPageShape, nullable, uint, ZDateTime, ZOrigine } from "./responses-common";

const ZCodeEmis = z
  .strictObject({
    Id: uint(),
    Code: z
      .string()
      .meta({ description: "The code, `XXXX-XXXX-XXXX`: shown here only, never again (it is kept hashed)." }),
    Prepaye: z.boolean().meta({ description: "One of the operator's prepaid trees was set aside for it." }),
    UrlPlantation: nullable(z.string()).meta({
      description:
        "The memorial's planting form with the code filled in (the card's QR code); null for a context's code.",
    }),
  })
  .meta({ id: "CodeEmis" });

export const ZCodesCreerResponse = z
  .strictObject({
    ...envelope("codesCreer"),
    Lot: z.string().meta({ description: "The issue's batch, to find its codes in `GET /v1/Codes?Lot=`." }),
    MemorialId: uint().meta({ description: "0 for a context's codes." }),
    ContexteCodesId: uint().meta({ description: "The context the codes are for; 0 for a memorial's codes." }),
    DateExpiration: ZDateTime,
    NombrePrepayes: uint().meta({ description: "Of the codes, those a prepaid tree was set aside for." }),
    Codes: z.array(ZCodeEmis),
  })
  .meta({ id: "CodesCreerResponse" });

const ZCodeLigne = z
  .strictObject({
    Id: uint(),
    Lot: z.string(),
    MemorialId: uint().meta({ description: "0 for a context's code." }),
    ContexteCodesId: uint().meta({ description: "0 for a memorial's code." }),
    DateCreation: ZDateTime,
    DateExpiration: ZDateTime,
    Prepaye: z.boolean(),
    Etat: z.enum(["unused", "redeemed", "expired", "credited"]).meta({
      description:
        "`unused`; `redeemed` (it planted, or its tree waits for stock); `expired` (past its expiry, not yet credited back: within the hour); `credited` (expired unused and credited back: a prepaid code's tree returned to the balance).",
    }),
    DateUtilisation: nullable(ZDateTime),
    DateCredit: nullable(ZDateTime),
    ArbreId: nullable(uint()).meta({
      description: "The tree it planted; null while it waits for stock or unused.",
    }),
  })
  .meta({ id: "CodeLigne" });

export const ZCodesListing = z
  .strictObject({ ...envelope("codes"), Codes: z.array(ZCodeLigne), ...listingPageShape })
  .meta({ id: "CodesListing" });

export const ZCodeUtilise = z
  .strictObject({
    ...envelope("codeUtilise"),
    MemorialId: uint(),
    ArbreId: nullable(uint()).meta({ description: "The tree planted; null when it waits for stock." }),
    IdTransaction: nullable(uint()).meta({ description: "The planting's transaction; null when it waits." }),
    EnAttente: z.boolean().meta({ description: "No tree in stock: the planting waits in the queue." }),
    Origine: ZOrigine,
  })
  .meta({ id: "CodeUtilise" });
