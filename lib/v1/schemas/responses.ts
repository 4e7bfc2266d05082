// The v1 response objects as zod schemas: the serializers' return types are inferred from them
// (so a serializer cannot add, drop or retype a field without the type check failing), and the
// OpenAPI document (lib/v1/openapi.ts) is generated from them. Objects are strict: the document
// says `additionalProperties: false`, so the contract test (e2e/api/contract.spec.ts) catches any
// field that reaches the wire without being documented.

import { CONTEXT_KINDS } from "@memorial/lib/operators/context-kinds";
import { TOTAL_MODES } from "@memorial/lib/transactions/queries";
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "./error-codes";

export const ZDateTime = z.iso.datetime().meta({
  id: "DateTime",
  description: "ISO 8601, UTC with Z and milliseconds.",
  examples: ["2024-03-01T10:20:30.000Z"],
});

const nullable = <T extends z.ZodTypeAny>(schema: T) => schema.nullable();
/** Ids, counts and page numbers: never negative. Echoes of request integers stay `uint()`. */
const uint = () => z.int().min(0).max(2_147_483_647);

// ---------------------------------------------------------------------------------------------
// 2.1 Contexte

const contexteIds = {
  ContexteGroupeEpfId: uint(),
  ContexteEpfId: uint(),
  ContexteEpfAgenceId: uint(),
  ContexteGroupePresseId: uint(),
  ContexteTitreId: uint(),
  ContexteTitreEditionId: uint(),
  ContexteAssuranceId: uint(),
  ContexteGroupeMaisonReposId: uint(),
};
export type TContexteIds = { [K in keyof typeof contexteIds]: number };

export const ZContexteKind = z.enum(CONTEXT_KINDS as [string, ...string[]]).meta({
  id: "ContexteKind",
  description:
    "A kind of context: `GroupeEpf` > `Epf` (funeral home) > `EpfAgence`; `GroupePresse` > `Titre` > `TitreEdition`; `Assurance`; `GroupeMaisonRepos`.",
});

export const ZContexte = z
  .strictObject({
    Environnement: z.enum(["production", "test", ""]).meta({
      description: "From the key; empty when the key was refused.",
    }),
    ContexteGeneral: z.string().meta({ description: "The operator's name." }),
    ContexteGeneralId: uint().meta({ description: "The operator's id." }),
    Contexte: z.enum(["Operateur", ...CONTEXT_KINDS, ""]).meta({
      description: "The kind of the most specific context acted for; `Operateur` when none.",
    }),
    ContexteId: uint().meta({
      description: "The id of the most specific context acted for; the operator's id when none.",
    }),
    ...contexteIds,
  })
  .meta({
    id: "Contexte",
    description: [
      "2.1. The resolved context of the request: `ContexteGeneral`/`ContexteGeneralId` the",
      "operator; `Contexte`/`ContexteId` the kind and id of the most specific context acted for",
      "(`Operateur` and the operator's id when none); each `Contexte…Id` the id of that kind on",
      "the context's chain, 0 when none. Context kinds: `GroupeEpf` > `Epf` (funeral home) >",
      "`EpfAgence`; `GroupePresse` > `Titre` > `TitreEdition`; `Assurance`; `GroupeMaisonRepos`.",
    ].join("\n"),
  });
export type TContexte = z.infer<typeof ZContexte>;

// ---------------------------------------------------------------------------------------------
// 2.9 Error object, with the extensions Code and Champ

export const ZErrorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).meta({
  id: "ErrorCode",
  description: [
    "Extension: a stable machine-readable word for the cause of an error. Programs should test",
    "`Code`, not `Message` (whose wording may change).",
    "",
    "| Code | Status | Meaning |",
    "| --- | --- | --- |",
    ...Object.entries(ERROR_CODES).map(
      ([code, { status, meaning }]) => `| \`${code}\` | ${status} | ${meaning} |`,
    ),
  ].join("\n"),
});

export const ZError = z
  .strictObject({
    Objet: z.literal("erreur"),
    Statut: z.literal("Erreur"),
    Message: z.string().meta({ description: "Explanation, naming the field or parameter at fault." }),
    ApiContexte: ZContexte,
    HttpStatusCode: z.union([
      z.literal(400),
      z.literal(403),
      z.literal(404),
      z.literal(405),
      z.literal(500),
      z.literal(503),
    ]),
    Code: ZErrorCode,
    Champ: z.string().nullable().meta({
      description:
        "Extension: the path of the field at fault in the request object (`Defunt.DateDeces`, `MemorialId`, an unknown `AConfirmr`), or the name of the query or path parameter at fault (`Page`, `year`), or null.",
    }),
  })
  .meta({ id: "Error", description: "2.9 Error object, with the extensions `Code` and `Champ`." });
export type TError = z.infer<typeof ZError>;

// ---------------------------------------------------------------------------------------------
// Envelopes

const envelope = <O extends string>(objet: O) => ({
  Objet: z.literal(objet).meta({ description: "Which object this is." }),
  Date: ZDateTime,
  Statut: z.literal("Ok"),
  Contexte: ZContexte,
});

/** contract.md: the paging fields of a listing. */
export const listingPageShape = {
  NombreTotal: uint().meta({ description: "Lines in all pages." }),
  Page: uint().meta({ description: "This page's number, 1-based." }),
  NombreParPage: uint().meta({ description: "The page size (`Limite`)." }),
  NombreDansLaPage: uint().meta({ description: "Lines in this page." }),
  Plus: z.boolean().meta({ description: "More pages follow." }),
};
export type TListingPage = { [K in keyof typeof listingPageShape]: z.infer<(typeof listingPageShape)[K]> };

// ---------------------------------------------------------------------------------------------
// Catalogue

const decimalText = (description: string, example: string) =>
  z.string().meta({ description, examples: [example] });

export const ZPlantationEspece = z
  .strictObject({
    EspeceId: uint(),
    Espece: z.string().meta({ description: "Species name." }),
    Disponible: uint().meta({
      description:
        "This site's stock of the species open to the caller; 0 outside its rules (country, price) or at an inactive site.",
    }),
  })
  .meta({ id: "PlantationEspece" });

export const ZPlantation = z
  .strictObject({
    Id: uint(),
    Nom: z.string(),
    Pays: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .meta({ description: "ISO 3166 two-letter code." }),
    Region: z.string(),
    Latitude: decimalText("Decimal degrees as text.", "50.7667"),
    Longitude: decimalText("Decimal degrees as text.", "4.4167"),
    Active: z.boolean(),
    Especes: z.array(ZPlantationEspece).meta({ description: "Every species planted at this site, by name." }),
  })
  .meta({ id: "Plantation", description: "A planting site." });
export type TPlantation = z.infer<typeof ZPlantation>;

export const ZEspece = z
  .strictObject({
    Id: uint(),
    Nom: z.string(),
    NomLatin: z.string(),
    Type: nullable(z.string()).meta({ examples: ["Feuillu", "Conifère"] }),
    TailleMaxEnM: z.number().meta({ description: "Maximum height in metres." }),
    DureeVieEnAnnees: z.number().meta({ description: "Lifespan in years." }),
    Co2CompenseEnKgPourUnArbre: z.number().meta({ description: "CO2 offset per tree, kg." }),
    PrixUnitaire: z.number().meta({ description: "Unit price, euros." }),
    Disponible: uint().meta({
      description:
        "Trees of this species the caller can have planted now (stock at active sites within its rules).",
    }),
  })
  .meta({ id: "Espece", description: "A tree species." });
export type TEspece = z.infer<typeof ZEspece>;

export const ZPlantationsListing = z
  .strictObject({
    ...envelope("plantations"),
    Plantations: z.array(ZPlantation),
    ...listingPageShape,
  })
  .meta({ id: "PlantationsListing" });
export const ZPlantationResponse = z
  .strictObject({ ...envelope("plantation"), Plantation: ZPlantation })
  .meta({ id: "PlantationResponse" });
export const ZEspecesListing = z
  .strictObject({ ...envelope("especes"), Especes: z.array(ZEspece), ...listingPageShape })
  .meta({ id: "EspecesListing" });
export const ZEspeceResponse = z
  .strictObject({ ...envelope("espece"), Espece: ZEspece })
  .meta({ id: "EspeceResponse" });

// ---------------------------------------------------------------------------------------------
// Transactions

export const ZTransaction = z
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
  })
  .meta({
    id: "Transaction",
    description: [
      "A transaction, recorded for each memorial creation (`CreationMemorial`) and each planting",
      "(`Plantation`). Ids of what does not apply are 0.",
    ].join("\n"),
  });
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZTotalMode = z.enum(TOTAL_MODES);

export const ZTotalLine = z
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

// ---------------------------------------------------------------------------------------------
// Memorials

const urlMemorial = nullable(z.url()).meta({
  description: [
    "Extension: the absolute address of the memorial's public page, or null while the memorial",
    "is not public (awaiting its family's confirmation, or made with a test key).",
  ].join(" "),
  examples: ["https://trees.example.org/memorial/42"],
});

export const ZCreationFields = z.strictObject({
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

export const ZDefuntModifie = z.strictObject({
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

// ---------------------------------------------------------------------------------------------
// Extension (issue 20): a tree's life, on the tree lines of Infos and the reports and in GET Arbre

export const ETATS_ARBRE = ["Commande", "EnTerre", "Suivi", "Mort", "Remplace"] as const;
export const SANTES = ["Vivant", "Malade"] as const;
export const CAUSES_MORT = ["Secheresse", "Incendie", "Inondation", "Maladie", "Autre"] as const;
export const ETAPES = ["MiseEnTerre", "Controle", "Mort", "Remplacement"] as const;

const ZSante = z
  .enum(SANTES)
  .meta({ description: "What the check found: alive (`Vivant`) or sick (`Malade`)." });
const ZCauseMort = z.enum(CAUSES_MORT).meta({
  description: "Why the tree died: drought, fire, flood, disease, other.",
});
const pointText = (description: string) =>
  nullable(z.string()).meta({ description: `${description} Decimal degrees as text; null while ordered.` });
const ZPhotoUrl = nullable(z.url()).meta({
  description:
    "Extension: the absolute address of the photo (resized, without location metadata); null when none.",
});

/** The life fields of a tree line (extension, issue 20). */
export const treeLifeShape = {
  ArbreId: uint().meta({ description: "Extension: the tree's id (`GET /Arbre/{arbreId}`)." }),
  EtatArbre: z.enum(ETATS_ARBRE).meta({
    description:
      "Extension: the tree's state: `Commande` (ordered: `DatePlantation` is the order), `EnTerre` (planted in the ground), `Suivi` (checked at least once), `Mort` (dead), `Remplace` (dead and replaced by `RemplaceParArbreId`).",
  }),
  DateMiseEnTerre: nullable(ZDateTime).meta({
    description: "Extension: the day it was planted in the ground (00:00 UTC); null while ordered.",
  }),
  LatitudeArbre: pointText("Extension: the tree's own point (within 5 km of its site)."),
  LongitudeArbre: pointText("Extension: the tree's own point."),
  PhotoUrl: ZPhotoUrl,
  DernierControle: nullable(
    z.strictObject({
      Date: ZDateTime.meta({ description: "The day of the check (00:00 UTC)." }),
      Sante: ZSante,
      HauteurEnCm: nullable(uint()).meta({
        description: "The height measured, in cm; null when not measured.",
      }),
    }),
  ).meta({ description: "Extension: the tree's last check; null when never checked." }),
  DateMort: nullable(ZDateTime).meta({
    description: "Extension: the day it died (00:00 UTC); null while alive.",
  }),
  CauseMort: nullable(ZCauseMort),
  RemplaceParArbreId: nullable(uint()).meta({
    description:
      "Extension: the tree that replaced this dead one (the replacement guarantee); null otherwise.",
  }),
  RemplaceArbreId: nullable(uint()).meta({
    description: "Extension: the dead tree this one replaces; null otherwise.",
  }),
};
export type TTreeLife = { [K in keyof typeof treeLifeShape]: z.infer<(typeof treeLifeShape)[K]> };

export const ZHistoriqueEtape = z
  .strictObject({
    Etape: z.enum(ETAPES).meta({
      description: "`MiseEnTerre` (planted in the ground), `Controle` (a check), `Mort`, `Remplacement`.",
    }),
    Date: ZDateTime.meta({ description: "The day of the step (00:00 UTC)." }),
    Sante: nullable(ZSante),
    HauteurEnCm: nullable(uint()),
    CauseMort: nullable(ZCauseMort),
    Note: nullable(z.string()),
    PhotoUrl: ZPhotoUrl,
    LatitudeArbre: pointText("The point where it was planted (`MiseEnTerre`)."),
    LongitudeArbre: pointText("The point where it was planted (`MiseEnTerre`)."),
    RemplacementArbreId: nullable(uint()).meta({ description: "The replacement tree (`Remplacement`)." }),
  })
  .meta({ id: "HistoriqueEtape", description: "Extension: one step of a tree's life." });
export type THistoriqueEtape = z.infer<typeof ZHistoriqueEtape>;

// ---------------------------------------------------------------------------------------------
// 2.6 reportArbres

export const ZReportLine = z
  .strictObject({
    Quantite: uint(),
    EspeceId: uint(),
    Espece: z.string(),
    Co2EnKgParArbre: z.number(),
    TotalCo2EnKg: z.number(),
    PlantationId: uint(),
    Plantation: z.string(),
    DatePlantation: ZDateTime,
    PersonneId: uint().meta({ description: "0 for a tree of the global memorial." }),
    Personne: nullable(z.string()).meta({
      description:
        "The deceased's `Prenom Nom`; null for a tree of the global memorial (or a person without a name).",
    }),
    EpfId: uint().meta({ description: "The funeral home the tree counts for; 0 when none." }),
    Epf: nullable(z.string()).meta({ description: "Funeral home name; null when EpfId is 0." }),
    Planteur: z.string().meta({ description: "The planter (`DeLaPartDe`, or the word for 'unknown')." }),
    MessagePlanteur: nullable(z.string()).meta({
      description: "The planter's message (`Message`); null when none.",
    }),
    ...treeLifeShape,
  })
  .meta({
    id: "ReportLine",
    description: "One planting operation (one species, one site, one date, one person).",
  });
export type TReportLine = z.infer<typeof ZReportLine>;

export const ZReportFields = z.strictObject({
  RequestEpfId: uint(),
  RequestPersonneId: uint().meta({ description: "0 when no person was requested." }),
  DateDebut: ZDateTime,
  DateFin: ZDateTime.meta({ description: "The end of the period, exclusive." }),
  TotalArbres: uint().meta({ description: "Over the whole period." }),
  TotalCo2EnKg: z.number().meta({ description: "Over the whole period." }),
  Arbres: z.array(ZReportLine),
  NombreTotalLignes: uint(),
  Page: uint(),
  NombreLignesParPage: uint().meta({ description: "The page size, 200 by default." }),
  NombreLignesDansLaPage: uint(),
  Plus: z.boolean(),
});
export type TReportFields = z.infer<typeof ZReportFields>;

export const ZReportArbres = z
  .strictObject({ ...envelope("reportArbres"), ...ZReportFields.shape })
  .meta({ id: "ReportArbres", description: "2.6 tree report." });

// ---------------------------------------------------------------------------------------------
// 2.7 memorialInfos

export const ZTreeLine = z
  .strictObject({
    Quantite: uint(),
    EspeceId: uint(),
    Espece: z.string(),
    Type: nullable(z.string()),
    TailleMaxEnM: z.number(),
    DureeVieEnAnnees: z.number(),
    Co2CompenseEnKgPourUnArbre: z.number(),
    PlantationId: uint(),
    Plantation: z.string(),
    Latitude: z.string().meta({ description: "Decimal degrees as text." }),
    Longitude: z.string().meta({ description: "Decimal degrees as text." }),
    DatePlantation: ZDateTime,
    Planteur: z.string(),
    MessagePlanteur: nullable(z.string()),
    ...treeLifeShape,
  })
  .meta({ id: "TreeLine" });
export type TTreeLine = z.infer<typeof ZTreeLine>;

export const ZArbre = z
  .strictObject({
    ...envelope("arbre"),
    MemorialId: uint().meta({ description: "The memorial the tree was planted in." }),
    ...ZTreeLine.shape,
    Historique: z.array(ZHistoriqueEtape).meta({ description: "The steps of its life, oldest first." }),
  })
  .meta({ id: "Arbre", description: "Extension (issue 20): one tree, its state and its history." });
export type TArbreFields = Omit<z.infer<typeof ZArbre>, "Objet" | "Date" | "Statut" | "Contexte">;

export const ZInfosFields = z.strictObject({
  MemorialId: uint(),
  MemorialNom: z.string().meta({
    description:
      "The memorial's title: `Prenom Nom`; for an anonymous memorial `MemorialAnonymeNom` or the memorial id; for the global memorial the operator's name.",
  }),
  DateCreation: ZDateTime,
  UrlMemorial: urlMemorial,
  Defunt: z
    .strictObject({
      Nom: nullable(z.string()),
      Prenom: nullable(z.string()),
      Civilite: nullable(z.string()),
      DateDeces: nullable(ZDateTime),
    })
    .meta({
      description:
        "Every field null for an anonymous or global memorial; `DateDeces` null to other operators when the date is approximate.",
    }),
  Arbres: z.array(ZTreeLine),
  Etat: z.enum(["awaiting_confirmation", "public", "link_only", "hidden"]).meta({
    description:
      "Extension (issue 27.12): where the memorial stands. `awaiting_confirmation`: created with `AConfirmer: true`, its family has not confirmed (no tree, no public page); else its privacy level, the family's choice or its funeral home's default: `public` (its page is found by the home page's search), `link_only` (seen by whoever has its address, never searched, not indexed) or `hidden` (its family hid it: its page answers 404). Other operators only read public memorials, so they only see `public` and `link_only`. The same values as the webhook `memorial.privacy_changed`.",
  }),
});
export type TInfosFields = z.infer<typeof ZInfosFields>;

const infosPage = {
  NombreTotal: uint().meta({ description: "Extension: tree lines in all pages." }),
  Page: uint().meta({ description: "Extension: this page's number, 1-based." }),
  NombreParPage: uint().meta({ description: "Extension: the page size (`Limite`, default 1000)." }),
  NombreDansLaPage: uint().meta({ description: "Extension: tree lines in this page." }),
  Plus: z.boolean().meta({ description: "Extension: more pages follow." }),
};

export const ZMemorialInfos = z
  .strictObject({ ...envelope("memorialInfos"), ...ZInfosFields.shape, ...infosPage })
  .meta({
    id: "MemorialInfos",
    description:
      "2.7 memorial information, with the extensions `UrlMemorial`, `Etat` and paging of the trees.",
  });

// ---------------------------------------------------------------------------------------------
// Extension: the caller's contexts

export const ZContexteRecord = z
  .strictObject({
    Id: uint().meta({ description: "The context's id, as the `Contexte…Id` fields and `epfId` use it." }),
    Type: ZContexteKind,
    Nom: z.string(),
    ParentId: nullable(uint()).meta({ description: "The parent context's id; null when it has none." }),
    Langue: nullable(z.enum(["fr", "nl", "en", "de"])).meta({
      description: "The context's own language for messages (4.1 rule 6); null when it has none.",
    }),
  })
  .meta({ id: "ContexteRecord", description: "Extension: one context of the caller's operator." });
export type TContexteRecord = z.infer<typeof ZContexteRecord>;

export const ZContextesListing = z
  .strictObject({ ...envelope("contextes"), Contextes: z.array(ZContexteRecord), ...listingPageShape })
  .meta({ id: "ContextesListing", description: "Extension: the caller's contexts." });

// ---------------------------------------------------------------------------------------------
// Extension (issue 27.12): one guestbook message, the read that follows a guestbook.entry_* webhook

export const ZLivreDorMessageFields = z.strictObject({
  MessageId: uint().meta({ description: "The message: `entryId` of the guestbook.entry_* webhooks." }),
  MemorialId: uint(),
  Nom: z.string().meta({ description: "The name the visitor signed with (at most 80 characters)." }),
  Message: z.string().meta({ description: "The visitor's words (at most 1000 characters)." }),
  Etat: z.enum(["pending", "published", "hidden"]).meta({
    description:
      "`pending`: waiting for the family's approval; `published`: shown on the memorial page; `hidden`: refused or hidden by the family or the operator.",
  }),
  DateCreation: ZDateTime,
  DateDecision: nullable(ZDateTime).meta({ description: "When it was approved or hidden; null before." }),
  DecidePar: nullable(z.enum(["family", "operator"])).meta({
    description: "Who decided, as in the webhooks' `by`; null before a decision or when published at once.",
  }),
});
export type TLivreDorMessageFields = z.infer<typeof ZLivreDorMessageFields>;

export const ZLivreDorMessage = z
  .strictObject({ ...envelope("livreDorMessage"), ...ZLivreDorMessageFields.shape })
  .meta({
    id: "LivreDorMessage",
    description:
      "Extension (issue 27.12): one message of the guestbook of one of the caller's memorials (the webhooks carry its id, never its words).",
  });
