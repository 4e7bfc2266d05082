// The v1 response objects (lib/v1/schemas/responses.ts): transactions and their totals.
import { TOTAL_MODES } from "@memorial/lib/transactions/queries";
import { z } from "zod";
import {
  contexteIds,
  envelope,
  listingPageShape,
  nullable,
  uint,
  ZDateTime,
  ZOrigine,
} from "./responses-common";

// ---------------------------------------------------------------------------------------------
// Transactions

const ZTransaction = z
  .strictObject({
    Id: uint(),
    Date: ZDateTime,
    Type: z.enum(["CreationMemorial", "Plantation"]),
    MemorialId: uint(),
    PersonneId: uint().meta({ description: "0 for the global memorial." }),
    NombreArbre: uint(),
    NombreArbresGratuits: uint().meta({ description: "Free (prepaid) trees; never more than NombreArbre." }),
    EspeceId: uint(),
    PlantationId: uint(),
    Montant: z.number().meta({ description: "Euros: the unit prices of the trees that were not free." }),
    ExternalId: nullable(z.int()),
    MemorialsLot: nullable(z.int()),
    UEventId: nullable(z.int()),
    ContexteId: uint().meta({ description: "The context acted for, 0 for the operator as a whole." }),
    ...contexteIds,
    Origine: ZOrigine,
    ReferencePaiement: nullable(z.string()).meta({
      description:
        "Extension: for a tree a visitor paid online, the payment's reference at the payment provider (Stripe's PaymentIntent id `pi_…`); null otherwise.",
    }),
  })
  .meta({
    id: "Transaction",
    description: [
      "A transaction, recorded for each memorial creation (`CreationMemorial`) and each planting",
      "(`Plantation`). Ids of what does not apply are 0.",
    ].join("\n"),
  });
export type TTransaction = z.infer<typeof ZTransaction>;

const ZTotalMode = z.enum(TOTAL_MODES);

const ZTotalLine = z
  .strictObject({
    Mode: ZTotalMode,
    Cle: z.union([z.string(), uint(), z.null()]).meta({
      description: "The group key: the day `YYYY-MM-DD` (jour) or an id; null for transactions without one.",
    }),
    Nom: nullable(z.string()).meta({
      description: "The day (jour) or the name of the species, site or context.",
    }),
    NombreTransactions: uint(),
    NombreArbres: uint(),
    NombreArbresGratuits: uint(),
    Montant: z.number(),
    NombreArbresVisiteurs: uint().meta({
      description:
        "Extension: of `NombreArbres`, the trees visitors planted from the memorial page (claim codes and payments).",
    }),
    MontantVisiteurs: z.number().meta({
      description: "Extension: of `Montant`, the visitors' trees' part.",
    }),
  })
  .meta({ id: "TotalLine" });
export type TTotalLine = z.infer<typeof ZTotalLine>;

export const ZTransactionsListing = z
  .strictObject({ ...envelope("transactions"), Transactions: z.array(ZTransaction), ...listingPageShape })
  .meta({ id: "TransactionsListing" });
export const ZTransactionsTotaux = z
  .strictObject({
    ...envelope("transactionsTotaux"),
    Mode: ZTotalMode,
    Totaux: z.array(ZTotalLine),
    ...listingPageShape,
  })
  .meta({ id: "TransactionsTotaux" });
