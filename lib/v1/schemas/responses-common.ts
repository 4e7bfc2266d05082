// The v1 response objects (lib/v1/schemas/responses.ts): what every resource shares, the
// date-time, the 2.1 Contexte, the 2.9 Error object and the envelopes.
import { CONTEXT_KINDS } from "@memorial/lib/operators/context-kinds";
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "./error-codes";

export const ZDateTime = z.iso.datetime().meta({
  id: "DateTime",
  description: "ISO 8601, UTC with Z and milliseconds.",
  examples: ["2024-03-01T10:20:30.000Z"],
});

export const nullable = <T extends z.ZodTypeAny>(schema: T) => schema.nullable();
/** Ids, counts and page numbers: never negative. Echoes of request integers stay `uint()`. */
export const uint = () => z.int().min(0).max(2_147_483_647);

// ---------------------------------------------------------------------------------------------
// 2.1 Contexte

export const contexteIds = {
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

const ZContexte = z
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

const ZErrorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]).meta({
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
      // A claim code used (CODE_USED) or expired (CODE_EXPIRED).
      z.literal(409),
      z.literal(410),
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

// ---------------------------------------------------------------------------------------------
// Envelopes

export const envelope = <O extends string>(objet: O) => ({
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

/** Where a planting comes from. */
export const ZOrigine = z.enum(["partner", "visitor_code", "visitor_payment"]).meta({
  id: "Origine",
  description:
    "Extension: who planted. `partner`: the operator (the API, its dashboard, its command line); `visitor_code`: a visitor from the memorial page with a claim code of the ceremony card; `visitor_payment`: a visitor who paid online. A memorial creation is `partner`.",
});
