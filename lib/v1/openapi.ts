// The OpenAPI 3.1 document of /v1, generated from the zod schemas that validate the requests
// (lib/v1/schemas/memorials.ts) and type the responses (lib/v1/schemas/responses.ts), with the
// prose of the reference. Served at /openapi.json and rendered at /docs; the contract test
// (e2e/api/contract.spec.ts) holds every response of the service against it.

import { HostNotAllowedError } from "@memorial/lib/links";
import { WEBHOOK_EVENTS } from "@memorial/lib/webhooks/event-types";
import { webhookMessageSchema, webhookWhen } from "@memorial/lib/webhooks/schemas";
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiResponseObject } from "zod-openapi";
import type { ContexteObject } from "./contexte";
import { DATABASE_UNAVAILABLE_MESSAGE, type ErrorCode, errorBody } from "./errors";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH, malformedJsonMessage } from "./handler";
import { DEMO_IDS } from "./openapi-examples";
import { pagingQuery, pathParams } from "./openapi-params";
import { ERROR_CODES } from "./schemas/error-codes";
import { ZMemorialsCreer, ZPersonModifier } from "./schemas/memorials";
import {
  ZArbre,
  ZContextesListing,
  ZError,
  ZEspeceResponse,
  ZEspecesListing,
  ZLivreDorMessage,
  ZMemorialInfos,
  ZMemorialsCreerResponse,
  ZPersonModifierResponse,
  ZPlantationResponse,
  ZPlantationsListing,
  ZReportArbres,
  ZTransactionsListing,
  ZTransactionsTotaux,
} from "./schemas/responses";
import { unknownFieldMessage } from "./schemas/wire-object";

const md = (...lines: string[]) => lines.join("\n");

const demoContexte: ContexteObject = {
  Environnement: "production",
  ContexteGeneral: "Pompes Funèbres Démo",
  ContexteGeneralId: DEMO_IDS.operatorId,
  Contexte: "Operateur",
  ContexteId: DEMO_IDS.operatorId,
  ContexteGroupeEpfId: 0,
  ContexteEpfId: 0,
  ContexteEpfAgenceId: 0,
  ContexteGroupePresseId: 0,
  ContexteTitreId: 0,
  ContexteTitreEditionId: 0,
  ContexteAssuranceId: 0,
  ContexteGroupeMaisonReposId: 0,
};
const anonymousContexte: ContexteObject = {
  ...demoContexte,
  Environnement: "",
  ContexteGeneral: "",
  ContexteGeneralId: 0,
  Contexte: "",
  ContexteId: 0,
};

type Examples = { examples: Record<string, { summary: string; value: Record<string, unknown> }> };

const errorResponse = (
  id: string,
  description: string,
  example: Record<string, unknown> | Examples,
  headers?: ZodOpenApiResponseObject["headers"],
): ZodOpenApiResponseObject => ({
  id,
  description,
  ...(headers ? { headers } : {}),
  content: {
    "application/json": { schema: ZError, ...("examples" in example ? example : { example }) },
  },
});

/** An Error object as the API writes it (errorBody), for the reference's examples. */
const errorExample = (
  status: number,
  code: ErrorCode,
  message: string,
  champ: string | null,
  contexte = demoContexte,
) => errorBody(status, message, contexte, code, champ);

const BadRequest = errorResponse(
  "BadRequest",
  md(
    "Incorrect or incoherent request; `Message` names the field or parameter, and so does `Champ`",
    "(the path of the body's field, or the query or path parameter). Also a path with a malformed",
    "%-escape, and a path id that is not an integer. `Code` is `INVALID_INPUT`; `UNKNOWN_FIELD` for",
    "a field of the body the specification does not define; `MALFORMED_JSON` for a body that is not",
    "JSON; or for a creation `NO_TREE_AVAILABLE`, `AWAITING_CONFIRMATION` or `IDEMPOTENCY_MISMATCH`.",
  ),
  {
    examples: {
      invalidField: {
        summary: "An invalid field",
        value: errorExample(400, "INVALID_INPUT", "Defunt.DateDeces: is required", "Defunt.DateDeces"),
      },
      unknownField: {
        summary: "A field the specification does not define",
        value: errorExample(
          400,
          "UNKNOWN_FIELD",
          `AConfirmr: ${unknownFieldMessage("AConfirmr", Object.keys(ZMemorialsCreer.shape))}`,
          "AConfirmr",
        ),
      },
      malformedJson: {
        summary: "A body that is not JSON",
        value: errorExample(
          400,
          "MALFORMED_JSON",
          malformedJsonMessage('{\n  "Defunt": { "Nom": "Dupont" }\n  "AConfirmer": true\n}'),
          null,
        ),
      },
      invalidParameter: {
        summary: "An invalid query or path parameter",
        value: errorExample(400, "INVALID_INPUT", "Limite must be between 1 and 1000, got 5000", "Limite"),
      },
    },
  },
);
const Forbidden = errorResponse(
  "Forbidden",
  "The key is missing, unknown or revoked (in `ApiContexte` the strings are empty and the ids 0). `Code: ACCESS_DENIED`.",
  errorExample(403, "ACCESS_DENIED", "the key is unknown or revoked", null, anonymousContexte),
);
const NotFound = errorResponse(
  "NotFound",
  md(
    "The element does not exist, or is another operator's private data (or the other",
    "environment's), or a path id is an integer that cannot be an id (0, negative, above",
    "2147483647). Also any path that does not exist, including a `/v1` path ending with `/`",
    "(in `ApiContexte` the strings are then empty and the ids 0). `Code: NOT_FOUND`.",
  ),
  errorExample(404, "NOT_FOUND", "memorial 999999 does not exist", null),
);
const MethodNotAllowed = errorResponse(
  "MethodNotAllowed",
  md(
    "Another method than the path's; the `Allow` header lists the right one. `OPTIONS` and",
    "methods other than GET, HEAD, POST, PUT, DELETE and PATCH answer 405 on any `/v1` path with",
    "`Allow: GET, POST, PUT`. In `ApiContexte` the strings are empty and the ids 0. `Code: METHOD_NOT_ALLOWED`.",
  ),
  errorExample(
    405,
    "METHOD_NOT_ALLOWED",
    "DELETE is not allowed on this path; use GET",
    null,
    anonymousContexte,
  ),
  z.object({ Allow: z.string().meta({ description: "The methods the path takes." }) }),
);
const ServerError = errorResponse(
  "ServerError",
  "Unexpected fatal error (logged); the Message gives no detail of it. `Code: INTERNAL`.",
  errorExample(500, "INTERNAL", "an unexpected error occurred; it has been logged", null),
);

const ServiceUnavailable = errorResponse(
  "ServiceUnavailable",
  md(
    "More requests than `V1_MAX_IN_FLIGHT` at once on this instance: answered at once, with",
    "`Retry-After: 1`, rather than left to time out (`Code: SERVICE_UNAVAILABLE`). Or the service",
    "cannot reach its database for now, or is starting: `Retry-After: 5` (`Code: DATABASE_UNAVAILABLE`);",
    "nothing was written, or the request was cut before its commit. Retry, with the same `Idempotency-Key`.",
  ),
  {
    examples: {
      busy: {
        summary: "More requests at once than the instance takes",
        value: errorExample(
          503,
          "SERVICE_UNAVAILABLE",
          "the service is busy; retry in a moment",
          null,
          anonymousContexte,
        ),
      },
      database: {
        summary: "The database cannot be reached for now",
        value: errorExample(
          503,
          "DATABASE_UNAVAILABLE",
          DATABASE_UNAVAILABLE_MESSAGE,
          null,
          anonymousContexte,
        ),
      },
    },
  },
  z.object({
    "Retry-After": z
      .string()
      .meta({ description: "Seconds to wait before retrying: 1 when busy, 5 otherwise." }),
  }),
);

/** The creation's 503: the load shed as on every path, or a host the service may not write links on. */
const CreerUnavailable = errorResponse(
  "CreerUnavailable",
  md(
    "More requests than `V1_MAX_IN_FLIGHT` at once (`Code: SERVICE_UNAVAILABLE`, `Retry-After: 1`:",
    "retry); or `Code: HOST_NOT_ALLOWED`: a misconfiguration of the service, not of the request.",
    "A creation that e-mails the family a link (`AConfirmer: true`, or a `Famille.FamilleEmail`)",
    "came to a host the service may not write into a link: `APP_URL` is unset and the host is",
    "neither a local name nor in `ALLOWED_HOSTS`. `Message` names the host and what the service's",
    "operator must set; nothing is written. A creation that sends no link is served on any host.",
  ),
  {
    examples: {
      busy: {
        summary: "The instance is busy",
        value: errorExample(
          503,
          "SERVICE_UNAVAILABLE",
          "the service is busy; retry in a moment",
          null,
          anonymousContexte,
        ),
      },
      hostNotAllowed: {
        summary: "A host the service may not write links on",
        value: errorExample(
          503,
          "HOST_NOT_ALLOWED",
          new HostNotAllowedError("trees.example.net").message,
          null,
        ),
      },
    },
  },
  z.object({ "Retry-After": z.string().optional().meta({ description: "With `SERVICE_UNAVAILABLE`: 1." }) }),
);

/** The per-key limit's headers (lib/v1/rate-limit.ts), on every answer to a known key. */
const RATE_LIMIT_HEADERS = z.object({
  "RateLimit-Limit": z
    .string()
    .meta({ description: "Requests a minute the key may make (`API_RATE_LIMIT`, default 6000)." }),
  "RateLimit-Remaining": z.string().meta({ description: "Requests left to the key in the current minute." }),
  "RateLimit-Reset": z.string().meta({ description: "Seconds until the current minute's window ends." }),
});

const TooManyRequests = errorResponse(
  "TooManyRequests",
  md(
    "The key made more requests than `API_RATE_LIMIT` allows in a minute (the `RateLimit-Limit`",
    "header; default 6000, far above any use this reference describes). Nothing was done; retry",
    "after `Retry-After` seconds. `Code: RATE_LIMITED`.",
  ),
  errorExample(
    429,
    "RATE_LIMITED",
    "the key made 6000 requests in a minute, its limit (API_RATE_LIMIT); retry in 17 s",
    null,
  ),
  RATE_LIMIT_HEADERS.extend({
    "Retry-After": z.string().meta({ description: "Seconds until the key may make requests again." }),
  }),
);

const PayloadTooLarge = errorResponse(
  "PayloadTooLarge",
  md(
    `The body is larger than ${MAX_BODY_BYTES / 1024} KiB, by its \`Content-Length\` or counted as a chunked`,
    "body arrives (`Code: PAYLOAD_TOO_LARGE`). Nothing is written. The server reads and drops the",
    "rest of the body (up to 16 MiB more) before closing the connection, so the answer is always read.",
  ),
  errorExample(413, "PAYLOAD_TOO_LARGE", `the body is larger than ${MAX_BODY_BYTES / 1024} KiB`, null),
);

type Extra = Partial<ZodOpenApiOperationObject>;

/** A GET of the API: its success schema and the errors every such path can answer. */
function operation(
  tag: string,
  operationId: string,
  summary: string,
  description: string,
  success: { description: string; schema: z.ZodType },
  options: Extra & { notFound?: boolean; example?: unknown } = {},
): ZodOpenApiOperationObject {
  const { notFound = false, example, ...extra } = options;
  return {
    tags: [tag],
    operationId,
    summary,
    description,
    ...extra,
    responses: {
      "200": {
        description: success.description,
        content: { "application/json": { schema: success.schema, ...(example ? { example } : {}) } },
        headers: RATE_LIMIT_HEADERS,
        ...(extra.responses?.["200"] ?? {}),
      },
      "400": BadRequest,
      "403": Forbidden,
      ...(notFound ? { "404": NotFound } : {}),
      "405": MethodNotAllowed,
      "429": TooManyRequests,
      "500": ServerError,
      "503": ServiceUnavailable,
      // An operation's own answers to a status (the creation's 503) replace the common ones.
      ...Object.fromEntries(Object.entries(extra.responses ?? {}).filter(([status]) => status !== "200")),
    },
  };
}

const KEY_SEGMENT = md(
  "The `{key}` segment authenticates when the `key` header is absent; when both are",
  "present and differ, 403.",
);
const KEY_HEADER_ONLY = "The same as the path with the `{key}` segment, the key in the `key` header only.";
const KEY_PATH_SECURITY: Record<string, string[]>[] = [{ KeyHeader: [] }, {}];

const REPORT_PAGING = md(
  "- Paged with `Page` and `Limite` (default 200, at most 1000): `NombreTotalLignes`, `Page`,",
  "  `NombreLignesParPage`, `NombreLignesDansLaPage` and `Plus`.",
  "- Test trees are listed only to the test key of the operator that planted them.",
);

const EPF_REPORT = md(
  "The trees of the funeral home planted during `days` days from 00:00 UTC of the given day:",
  "the trees planted for the funeral home or one of its agencies (the request's context), and",
  "the trees planted without a funeral-home context (a newspaper's, say) into memorials of",
  "persons linked to it. Only the caller's environment: a live key sees live trees, a test key",
  "test trees. One line per planting operation, in order of `DatePlantation` then id.",
  "`DateFin` is the end of the period, exclusive. `TotalArbres` and `TotalCo2EnKg` cover the",
  "whole period, not only the page. A funeral home of another operator, or an id that is not",
  "a funeral home (`Epf`), answers 404.",
  "",
  REPORT_PAGING,
);

const PERSON_REPORT = md(
  "Every tree of one deceased person, whoever planted it (the funeral home, a newspaper, ...),",
  "during `days` days from 00:00 UTC of the given day, in the caller's environment. The person",
  "must be one of the caller's and linked to the funeral home (created in the context of that",
  "funeral home or one of its agencies); otherwise, or for a funeral home of another operator,",
  "404. Lines, order, `DateFin` and totals as in the funeral-home report.",
  "",
  REPORT_PAGING,
);

const INFOS = md(
  "The memorial, the deceased person and the trees, in order of `DatePlantation` then id.",
  "",
  "- A public memorial is answered to any operator, with its live trees.",
  "- A memorial that is not public (awaiting confirmation, or made with a test key) is",
  "  answered only to the memorial's own operator with a key of the same environment",
  "  (live/test); to anyone else 404, as if it did not exist. A memorial awaiting",
  "  confirmation has an empty `Arbres`.",
  "- Test trees are listed only to the memorial's operator calling with a test key.",
  "- For an anonymous memorial every field of `Defunt` is null and `MemorialNom` is",
  "  `MemorialAnonymeNom`, or the memorial id when that is null; for the global memorial every",
  "  field of `Defunt` is null and `MemorialNom` is the operator's name.",
  "- An approximate date of death (`DateDecesApproximative`) is answered as `DateDeces: null`",
  "  to other operators.",
  "- Extension: `UrlMemorial`, the absolute address of the memorial's public page, null while",
  "  the memorial is not public.",
  "- Extension: the trees come in pages, with `Page` and `Limite` (default 1000, at most",
  "  1000) and the listing's fields `NombreTotal`, `Page`, `NombreParPage`,",
  "  `NombreDansLaPage` and `Plus` (a global memorial holds every orphan tree of its",
  "  operator).",
  "- Extension (issue 20): each tree line carries its life (`ArbreId`, `EtatArbre`, ...): see",
  "  `GET /Arbre/{arbreId}`.",
);

const TREE_LIFE = md(
  "Extension (issue 20): what became of each tree after its order. `DatePlantation` stays the",
  "order (the webhook `tree.planted` keeps that meaning); the tree lines of Infos and of the",
  "reports also carry `ArbreId`, `EtatArbre` (`Commande` ordered, `EnTerre` planted in the ground,",
  "`Suivi` checked at least once, `Mort` dead, `Remplace` dead and replaced), `DateMiseEnTerre`,",
  "`LatitudeArbre`/`LongitudeArbre` (its own point, within 5 km of its site), `PhotoUrl`,",
  "`DernierControle` (`Date`, `Sante` `Vivant`/`Malade`, `HauteurEnCm`), `DateMort`, `CauseMort`",
  "(`Secheresse`, `Incendie`, `Inondation`, `Maladie`, `Autre`), `RemplaceParArbreId` and",
  "`RemplaceArbreId`. Days are date-times at 00:00 UTC. Operators record the life in their",
  "dashboard, by CSV import or at the command line; the webhooks `tree.in_ground`, `tree.checked`,",
  "`tree.died` and `tree.replaced` announce it.",
  "",
  "Replacement guarantee: a tree declared dead within `REPLACEMENT_YEARS` (3 by default) of its",
  "day in the ground is replaced by the service, free (it uses no prepaid tree), in the same",
  "memorial, once: from the same site and species, else another species of the same site, else",
  "the same species at the nearest site; the operator's rules (countries, highest price) do not",
  "apply. With no stock anywhere, the replacement waits and is planted when stock returns.",
);

const ARBRE = md(
  "One tree: its tree line (as in Infos), its memorial (`MemorialId`) and `Historique`, the steps",
  "of its life oldest first (`Etape`: `MiseEnTerre`, `Controle`, `Mort`, `Remplacement`).",
  "",
  "- Readable when its memorial is readable in Infos: a public memorial's live tree by any",
  "  operator; a memorial that is not public (or hidden by its family) by its own operator only.",
  "- A test key reads only its own operator's test trees, a live key only live trees; anything",
  "  else answers 404, as a tree that does not exist.",
  "",
  TREE_LIFE,
);

const CREER = md(
  "Plants at most one tree per call (`NombreArbre` 0 or 1). The species and site are chosen",
  "by the service from stock and the operator's rules; the client cannot choose them.",
  "",
  "1. `MemorialId` 0 or null creates a new memorial; an existing memorial id plants the tree",
  "   in it and `AConfirmer` is ignored. A `MemorialId` that does not exist answers 404.",
  "   Planting into another operator's public memorial is allowed; into another operator's",
  "   memorial that is not public, or one of the caller's own made with a key of the other",
  "   environment (live/test), answers 404. A memorial awaiting confirmation gets no tree",
  "   before the family confirms: 400 (`Code: AWAITING_CONFIRMATION`).",
  "2. `ArbreOrphelin: true` ignores `MemorialId` and plants into the operator's global",
  "   memorial, created on first use (at most one per operator and environment: a test",
  "   key's orphan trees go to a test global memorial that is never public), with its",
  "   `CreationMemorial` transaction.",
  "3. `AConfirmer: true` creates the memorial without a tree, not public, and sends the",
  "   family (`Famille.FamilleEmail`, then required) an e-mail with a confirmation link; the",
  "   first tree is planted when the family confirms. The response has `NombreArbre` 0.",
  "4. `DeLaPartDe` null or blank is replaced by the word for 'unknown' in the memorial's",
  "   language (`Inconnu`, `Onbekend`, `Unknown`, `Unbekannt`).",
  "5. Language: `Langue` of the request, then the context's language, then the operator's.",
  "   A blank `Langue` counts as null. The family's e-mails (confirmation, management link)",
  "   and its confirmation and management pages are in `Famille.Langue`, else in that language.",
  "6. `MemorialAnonyme: true`: nothing about the deceased is shown publicly; the title is",
  "   `MemorialAnonymeNom`, or the memorial id when that is null.",
  "7. `Defunt.Url` redirects visitors to the operator's page about the deceased during the",
  "   14 days after creation; blank means no link.",
  "8. To create a memorial (no `MemorialId`, no `ArbreOrphelin`), `Defunt` and",
  "   `Defunt.DateDeces` are required, `Defunt.Nom` or `Defunt.Prenom` (not blank) for a",
  "   memorial that is not anonymous, and `Famille.FamilleEmail` when `AConfirmer` is true;",
  "   `Defunt.DateNaissance` after `Defunt.DateDeces` answers 400. A tree in an existing",
  "   memorial or an orphan tree needs none of them. `DateDecesApproximative: true` hides the",
  "   date from the public and from other operators.",
  "9. `ExternalId`, `MemorialsLot` and `UEventId` are copied into the transaction.",
  "10. The context acted for is named by the kind-specific ids of `Contexte` (the most",
  "    specific one given; `GET /Contextes` lists them); ids of another operator, or that",
  "    contradict each other, answer 400.",
  "11. No tree in stock within the operator's rules answers 400 (`Code: NO_TREE_AVAILABLE`).",
  "12. A prepaid tree of the operator is used while any remain; it counts in",
  "    `NombreArbresGratuits`. `Montant` of the transaction is the sum of the unit prices",
  "    of the trees that were not free.",
  "13. Echoes: `Id` is the request's `Id` (0 when absent), `IdExerne` its `IdExternal` (null",
  "    when absent), `MemorialsLot` its `MemorialsLot` (0 when absent), `AConfirmer` its",
  "    `AConfirmer` (false when absent).",
  "14. With a test key the memorial, person, tree and transactions are test data: not",
  "    public, no stock or prepaid tree is consumed (the tree counts as free while the",
  "    prepaid balance is above 0), and the e-mail is never sent.",
  "15. Extension: `UrlMemorial` is the absolute address of the memorial's public page, or null",
  "    while it is not public (awaiting confirmation, or made with a test key).",
  "",
  "**Idempotent retries**: with an `Idempotency-Key` header (1 to 200 printable ASCII",
  "characters, surrounding spaces ignored), a request repeated with the same key and the same",
  "body (compared as JSON: key order and whitespace do not matter) answers the first response",
  "again, with the header `idempotent-replayed: true`, and plants nothing more, even when both",
  "copies arrive at the same moment (its `Date` included). The same key with a different body",
  "answers 400 (`Code: IDEMPOTENCY_MISMATCH`). Keys are per operator and per environment (a",
  "live key's retry never replays a test key's response), kept 24 hours and then purged: a",
  "key used again after that names a new request. A request that failed does not use its",
  "key: a retry does the work. Without the header every call plants.",
);

const MODIFIER = md(
  "Null or absent fields are not applied; `IdExterne` 0 is not applied either. A body with",
  "only `Id` and `Nom` changes only the name. The titles of the person's memorials are",
  "recomputed (`Prenom Nom`) only when `MajTitreMemorials` is true; an anonymous memorial",
  "keeps its title. Only the operator that created the person, with a key of the same",
  "environment (live/test), can modify it: for another operator or the other environment the",
  "person does not exist (404). A date of birth after the date of death (as sent, or as",
  "recorded when not sent) answers 400.",
);

const TOTAUX = md(
  "One line per group, in order of the group key (the line without a key first):",
  "",
  "- `jour`: per UTC day; `Cle` and `Nom` are the day `YYYY-MM-DD`.",
  "- `espece`: per species; `Cle` the species id, `Nom` its name.",
  "- `plantation`: per site; `Cle` the plantation id, `Nom` its name.",
  "- `contexte`: per context; `Cle` the context id, `Nom` its name.",
  "",
  "Transactions without a species, site or context (memorial creations, requests acting for",
  "the operator as a whole) are totalled on a line whose `Cle` and `Nom` are null.",
);

const CONTEXTES = md(
  "Extension of the specification: the contexts of the caller's operator (its funeral-home",
  "groups, funeral homes, agencies, press groups, titles, editions, insurers, nursing-home",
  "groups), by id, each with its kind (`Type`), name, parent and language. Their ids are what",
  "`Contexte.Contexte…Id` of a creation and `epfId` of the reports take. The same for a live",
  "and a test key.",
);

const ERROR_TABLE = md(
  "| Code | Status | Meaning |",
  "| --- | --- | --- |",
  ...Object.entries(ERROR_CODES).map(
    ([code, { status, meaning }]) => `| \`${code}\` | ${status} | ${meaning} |`,
  ),
);

const DESCRIPTION = md(
  "Partners of the service (operators: funeral homes, newspapers, insurers) plant trees on behalf",
  "of families. Each planting is recorded on a memorial, a public page for the deceased person.",
  "",
  "This document is generated from the code that validates the requests and writes the",
  "responses; every response of the service is tested against it.",
  "",
  "**Conventions**",
  "",
  "- Paths and field names are exact and case-sensitive. A path that does not exist answers 404",
  "  with the Error object, and so does any `/v1` path ending with `/` (no redirect); another",
  "  method on an existing path answers 405 with the Error object and an `Allow` header. `OPTIONS`",
  "  and methods other than GET, HEAD, POST, PUT, DELETE and PATCH answer 405 on every `/v1`",
  "  path, with `Allow: GET, POST, PUT`. A path with a malformed %-escape answers 400.",
  "- Path ids (`id`, `epfId`, `personneId`, `memorialId`): a value that is not an integer answers",
  "  400; an integer that cannot be an id (0, negative, above 2147483647) answers 404, as an",
  "  unknown id does. A `year`, `month`, `day` or `days` that is not an integer or is out of",
  "  range, and an unknown `mode`, answer 400.",
  "- Every response is `application/json; charset=utf-8`, errors included.",
  "- Date-times in responses are ISO 8601 UTC with `Z` and milliseconds",
  "  (`2024-03-01T10:20:30.000Z`). In requests they are accepted with or without fractional",
  "  seconds and with `Z`, an offset (at most 14 hours) or no zone (no zone means UTC); impossible",
  "  dates such as `2023-02-30` and larger offsets answer 400. Every date must lie, once its zone",
  "  is applied, between `1000-01-01T00:00:00Z` and `9999-12-31T23:59:59.999Z` (400 otherwise):",
  "  wide enough for any real birth or death, narrow enough that every layer stores and reads it",
  "  back.",
  "- Request bodies are strict: a field the specification does not define, at any level (a typo",
  "  such as `AConfirmr`, or `EspeceId`, which the client cannot set), answers 400",
  "  `UNKNOWN_FIELD` with `Champ` naming it (`AConfirmr`, `Famille.Foo`) and `Message` suggesting",
  "  the nearest defined field; nothing is written. Every object of a body is",
  "  `additionalProperties: false` below, except the free-form `ContextExtension`; `Contexte`",
  "  accepts every field of 2.1 (those the request does not use are ignored). A body that is not",
  "  JSON answers 400 `MALFORMED_JSON`, its `Message` saying where it breaks (line, column, offset).",
  "- Query parameters an operation does not take are ignored, not refused (a cache-buster or a",
  "  tracking parameter does no harm); a query or path parameter it takes and that is invalid",
  "  answers 400 with `Champ` naming it (`Page`, `Limite`, `year`, `days`, `mode`, `epfId`).",
  `- Strings in request bodies must not contain the character U+0000 (400). Bodies nested deeper`,
  `  than ${MAX_JSON_DEPTH} levels of objects and arrays answer 400 before any work.`,
  "- Texts the service derives from input never overflow: a classic memorial's title",
  "  (`Prenom Nom`) is cut to 400 characters, a confirmation e-mail's subject to 400. File names",
  "  of downloads (certificate, QR codes, CSV exports) are made only of fixed words and of",
  "  numbers checked at the edge (ids up to 2147483647, years 2000-9999, 1 to 3660 days, paper",
  "  `a4` or `a5`), so they stay under 80 characters whatever the request.",
  "- Species names (`Nom`, `Espece`) and types (`Type`) are given in the language of rule 4.1.6:",
  "  the request's `Langue`, else the context's, else the operator's. GET requests carry no",
  "  `Langue`: `/Especes`, `/Espece/{id}`, `/Plantations`, `/Plantation/{id}` and",
  "  `/Memorial/{memorialId}/Infos` use the operator's language, the reports the funeral home's",
  "  (the nearest language on its context chain), else the operator's. A species without a name",
  "  in that language is named in French.",
  "- A memorial its family hid (management page) answers 404 to other operators, as one that",
  "  does not exist; a planter's message the family hid is `MessagePlanteur: null` in Infos for",
  "  other operators (the memorial's own operator still reads it).",
  '- Every success carries `Objet` (which object it is), `Date`, `Statut: "Ok"` and `Contexte`.',
  '  Every error is the Error object with `Statut: "Erreur"` and `HttpStatusCode` repeating the',
  "  status; `Message` is one sentence naming the field or parameter at fault.",
  "- Authentication: the operator's key in the `key` header. On the report and",
  "  memorial-information paths the `{key}` path segment is accepted when the header is absent;",
  "  when both are present and differ, 403. These paths are also served without the `{key}`",
  "  segment (`/Report/Arbres/...`, `/Memorial/{memorialId}/Infos`), the key in the header only.",
  "  A missing, unknown or revoked key answers 403.",
  "- There are two environments, named `production` and `test` everywhere (`Environnement`, the",
  "  webhooks' `environment`). A key belongs to one: `mt_live_…` keys to `production` (`live` in a",
  "  key's prefix means production), `mt_test_…` keys to `test`. A test key works",
  "  on its own data: what it creates is marked as test data, never shows on public pages and",
  "  takes nothing from the stock or the prepaid balance; its e-mails are never sent; it sees only",
  "  test transactions and report lines (a live key only live ones).",
  "- Another operator's private data (its persons, funeral homes, memorials that are not public)",
  "  answers 404 exactly as if it did not exist.",
  "- Listings and reports are paged with `Page` (1-based, default 1) and `Limite` (default 50",
  "  for listings, 200 for reports, at most 1000). Values that are not integers in range answer",
  "  400. A page past the end is empty with `Plus: false`.",
  `- Nothing is written when a request is refused. Bodies are limited to ${MAX_BODY_BYTES / 1024} KiB (413 past it).`,
  "- Under a load above its capacity an instance answers 503 (`Code: SERVICE_UNAVAILABLE`) with",
  "  `Retry-After: 1` at once, rather than letting requests time out.",
  "- Each key may make `API_RATE_LIMIT` requests a minute (default 6000, set by the service's",
  "  operator; far above what any use described here needs). Every answer to a known key carries",
  "  `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds until the minute's",
  "  window ends); past the limit the answer is 429 (`Code: RATE_LIMITED`) with `Retry-After`,",
  "  and nothing is done. The count is shared by every instance of the service.",
  "- The demo catalogue of a fresh installation (`npm start`) has the demo operator 1, its",
  `  funeral home ${DEMO_IDS.funeralHomeId} (group ${DEMO_IDS.groupId}, agency ${DEMO_IDS.agencyId}), species 1 to 10 and plantations 1 to 6;`,
  "  the examples use these ids.",
  "",
  "**Extensions of the specification**",
  "",
  "- `GET /Contextes`: the caller's contexts and their ids.",
  "- A tree's life (issue 20): the life fields of the tree lines, `GET /Arbre/{arbreId}`, the",
  "  webhooks `tree.in_ground`, `tree.checked`, `tree.died`, `tree.replaced`.",
  "- `UrlMemorial` in the creation response and in memorial information; `Etat` in memorial",
  "  information: awaiting confirmation, public, link only or hidden (issue 27.12).",
  "- `GET /LivreDor/{messageId}`: the guestbook message a `guestbook.entry_*` webhook names.",
  "- Memorial information comes in pages (`Page`, `Limite`).",
  "- The Error object carries `Code` and `Champ`; `Idempotency-Key` on creation.",
  "- Unknown fields of a body are refused (`UNKNOWN_FIELD`); the specification is silent on them.",
  "",
  "**Error codes** (`Code` of the Error object; test `Code`, not the wording of `Message`)",
  "",
  ERROR_TABLE,
);

const listing = pagingQuery.listing;

export function buildOpenApiDocument() {
  return createDocument(
    {
      openapi: "3.1.0",
      info: {
        title: "Memorial Tree-Planting API",
        version: "1.96",
        description: DESCRIPTION,
        contact: { name: "The service's operator" },
      },
      servers: [
        { url: "/v1", description: "This service" },
        {
          url: "{origin}/v1",
          description: "Another instance",
          variables: { origin: { default: "http://localhost:3000" } },
        },
      ],
      security: [{ KeyHeader: [] }],
      tags: [
        {
          name: "Catalogue",
          description: "Planting sites and species, with what the calling operator can have planted.",
        },
        {
          name: "Transactions",
          description: "The operator's transactions, one calendar month (UTC) at a time.",
        },
        { name: "Memorials", description: "Creating memorials, planting trees, modifying deceased persons." },
        { name: "Reports", description: "Tree reports and memorial information." },
        {
          name: "Contexts",
          description: "Extension: the caller's contexts (funeral homes, titles, ...) and their ids.",
        },
        {
          name: "Webhooks",
          description:
            "What the service sends to an operator's endpoints (registered in the dashboard or the command line).",
        },
      ],
      components: {
        securitySchemes: {
          KeyHeader: {
            type: "apiKey",
            in: "header",
            name: "key",
            description:
              "The operator's key: `mt_live_…` for the `production` environment, `mt_test_…` for `test`.",
          },
        },
      },
      paths: {
        "/Plantations": {
          get: operation(
            "Catalogue",
            "listPlantations",
            "List the active plantations",
            "Every active planting site, by id. Inactive sites are omitted.",
            { description: "One page of active plantations.", schema: ZPlantationsListing },
            { requestParams: { query: listing } },
          ),
        },
        "/Plantation/{id}": {
          get: operation(
            "Catalogue",
            "getPlantation",
            "One plantation",
            "Answers any site, an inactive one with `Active` false (and every `Disponible` 0).",
            { description: "The plantation.", schema: ZPlantationResponse },
            {
              notFound: true,
              requestParams: { path: z.object({ id: pathParams.id("plantation", DEMO_IDS.plantationId) }) },
            },
          ),
        },
        "/Especes": {
          get: operation(
            "Catalogue",
            "listSpecies",
            "List the species the caller can have planted now",
            md(
              "Only species with `Disponible` above 0 for the calling operator: in stock at an active site",
              "in a country the operator allows, with a unit price at most the operator's maximum. By name,",
              "then id.",
            ),
            { description: "One page of available species.", schema: ZEspecesListing },
            { requestParams: { query: listing } },
          ),
        },
        "/Espece/{id}": {
          get: operation(
            "Catalogue",
            "getSpecies",
            "One species",
            "Answers any species, with `Disponible` for the caller (possibly 0).",
            { description: "The species.", schema: ZEspeceResponse },
            {
              notFound: true,
              requestParams: { path: z.object({ id: pathParams.id("species", DEMO_IDS.speciesId) }) },
            },
          ),
        },
        "/Transactions/{year}/{month}": {
          get: operation(
            "Transactions",
            "listTransactions",
            "List the caller's transactions of one month",
            md(
              "The transactions of the calendar month in UTC, live or test after the key, in order of",
              "date then id. A transaction is recorded for each memorial creation and each planting.",
            ),
            { description: "One page of transactions.", schema: ZTransactionsListing },
            {
              requestParams: {
                path: z.object({ year: pathParams.year, month: pathParams.month }),
                query: listing,
              },
            },
          ),
        },
        "/Transactions/totaux/{mode}/{year}/{month}": {
          get: operation(
            "Transactions",
            "transactionTotals",
            "The caller's transactions of one month, totalled",
            TOTAUX,
            { description: "One page of total lines.", schema: ZTransactionsTotaux },
            {
              requestParams: {
                path: z.object({ mode: pathParams.mode, year: pathParams.year, month: pathParams.month }),
                query: listing,
              },
            },
          ),
        },
        "/Contextes": {
          get: operation(
            "Contexts",
            "listContexts",
            "List the caller's contexts (extension)",
            CONTEXTES,
            { description: "One page of the caller's contexts, by id.", schema: ZContextesListing },
            { requestParams: { query: listing } },
          ),
        },
        "/Memorials/Creer": {
          post: {
            ...operation(
              "Memorials",
              "createMemorial",
              "Create a memorial or plant a tree",
              CREER,
              { description: "The memorial created or the tree planted.", schema: ZMemorialsCreerResponse },
              {
                notFound: true,
                responses: { "413": PayloadTooLarge, "503": CreerUnavailable },
                requestParams: {
                  header: z.object({
                    "Idempotency-Key": z
                      .string()
                      .min(1)
                      .max(200)
                      .regex(/^[\x20-\x7E]+$/)
                      .optional()
                      .meta({ description: "1 to 200 printable ASCII characters naming this request." }),
                  }),
                },
                requestBody: {
                  required: true,
                  content: {
                    "application/json": {
                      schema: ZMemorialsCreer,
                      example: {
                        Contexte: { ContexteEpfId: DEMO_IDS.funeralHomeId },
                        Defunt: {
                          Nom: "Dupont",
                          Prenom: "Marie",
                          Civilite: "Mme",
                          DateDeces: "2026-10-30T08:15:00",
                        },
                        Famille: { FamilleEmail: "famille.dupont@example.org", FamilleNom: "Famille Dupont" },
                        DeLaPartDe: "La famille",
                        Langue: "fr",
                        ExternalId: 4471,
                      },
                    },
                  },
                },
              },
            ),
          },
        },
        "/Personne/Modifier": {
          put: operation(
            "Memorials",
            "modifyPerson",
            "Modify a deceased person",
            MODIFIER,
            { description: "The person as modified.", schema: ZPersonModifierResponse },
            {
              notFound: true,
              responses: { "413": PayloadTooLarge },
              requestBody: {
                required: true,
                content: {
                  "application/json": {
                    schema: ZPersonModifier,
                    example: { Id: 1, Nom: "Dupont-Martin", MajTitreMemorials: true },
                  },
                },
              },
            },
          ),
        },
        ...reportPaths(),
      },
      webhooks: webhookItems(),
    },
    { outputIdSuffix: "" },
  );
}

const WEBHOOK_REQUEST = md(
  "One `POST` per event and endpoint, signed as [Standard Webhooks](https://www.standardwebhooks.com/)",
  "say (`webhook-id`, `webhook-timestamp`, `webhook-signature`). An endpoint receives the events it",
  "chose, of its own operator and environment only. `data.environment` is `production` or `test`, as",
  "`Environnement` (it said `live` for production before issue 19). Any 2xx answer acknowledges it;",
  "otherwise it is retried.",
);

/** The webhooks section: one entry per event type an endpoint can choose (lib/webhooks). */
function webhookItems() {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [
      type,
      {
        post: {
          tags: ["Webhooks"],
          operationId: `webhook_${type.replace(/\W/g, "_")}`,
          summary: type,
          description: md(webhookWhen(type), "", WEBHOOK_REQUEST),
          requestBody: {
            required: true,
            content: { "application/json": { schema: webhookMessageSchema(type) } },
          },
          responses: { "200": { description: "Received (any 2xx)." } },
        },
      },
    ]),
  );
}

const LIVRE_DOR = md(
  "Extension (issue 27.12): one message of the guestbook of one of the caller's memorials: the",
  "read that follows a webhook `guestbook.entry_received`, `_published` or `_hidden`, which carry",
  "the message's id (`entryId`), never the visitor's words. Its name, its words, its state",
  "(`pending`, `published`, `hidden`) and who decided. A message of another operator's memorial",
  "(or of the other environment's), and a deleted one (`guestbook.entry_deleted`), answer 404.",
);

function reportPaths() {
  const reportSuccess = { description: "One page of the report.", schema: ZReportArbres };
  const infosSuccess = { description: "The memorial.", schema: ZMemorialInfos };
  const arbreSuccess = { description: "The tree.", schema: ZArbre };
  const epf = {
    epfId: pathParams.epfId,
    days: pathParams.days,
    year: pathParams.year,
    month: pathParams.month,
    day: pathParams.day,
  };
  const person = {
    epfId: pathParams.epfId,
    personneId: pathParams.personneId,
    days: pathParams.days,
    year: pathParams.year,
    month: pathParams.month,
    day: pathParams.day,
  };
  const withKey = <T extends Record<string, z.ZodType>>(shape: T) =>
    z.object({ key: pathParams.key, ...shape });
  return {
    "/{key}/Report/Arbres/Epf/{epfId}/Days/{days}/DepuisLe/{year}/{month}/{day}": {
      get: operation(
        "Reports",
        "treeReportForFuneralHome",
        "Tree report for a funeral home",
        md(EPF_REPORT, "", KEY_SEGMENT),
        reportSuccess,
        {
          notFound: true,
          security: KEY_PATH_SECURITY,
          requestParams: { path: withKey(epf), query: pagingQuery.report },
        },
      ),
    },
    "/Report/Arbres/Epf/{epfId}/Days/{days}/DepuisLe/{year}/{month}/{day}": {
      get: operation(
        "Reports",
        "treeReportForFuneralHomeKeyHeader",
        "Tree report for a funeral home (key in the header only)",
        md(EPF_REPORT, "", KEY_HEADER_ONLY),
        reportSuccess,
        { notFound: true, requestParams: { path: z.object(epf), query: pagingQuery.report } },
      ),
    },
    "/{key}/Report/Arbres/Epf/{epfId}/Personne/{personneId}/Days/{days}/DepuisLe/{year}/{month}/{day}": {
      get: operation(
        "Reports",
        "treeReportForPerson",
        "Tree report for a deceased person linked to a funeral home",
        md(PERSON_REPORT, "", KEY_SEGMENT),
        reportSuccess,
        {
          notFound: true,
          security: KEY_PATH_SECURITY,
          requestParams: { path: withKey(person), query: pagingQuery.report },
        },
      ),
    },
    "/Report/Arbres/Epf/{epfId}/Personne/{personneId}/Days/{days}/DepuisLe/{year}/{month}/{day}": {
      get: operation(
        "Reports",
        "treeReportForPersonKeyHeader",
        "Tree report for a deceased person (key in the header only)",
        md(PERSON_REPORT, "", KEY_HEADER_ONLY),
        reportSuccess,
        { notFound: true, requestParams: { path: z.object(person), query: pagingQuery.report } },
      ),
    },
    "/{key}/Memorial/{memorialId}/Infos": {
      get: operation(
        "Reports",
        "memorialInfos",
        "Memorial information",
        md(INFOS, "", KEY_SEGMENT),
        infosSuccess,
        {
          notFound: true,
          security: KEY_PATH_SECURITY,
          requestParams: {
            path: withKey({ memorialId: pathParams.memorialId }),
            query: pagingQuery.infos,
          },
        },
      ),
    },
    "/Memorial/{memorialId}/Infos": {
      get: operation(
        "Reports",
        "memorialInfosKeyHeader",
        "Memorial information (key in the header only)",
        md(INFOS, "", KEY_HEADER_ONLY),
        infosSuccess,
        {
          notFound: true,
          requestParams: { path: z.object({ memorialId: pathParams.memorialId }), query: pagingQuery.infos },
        },
      ),
    },
    "/{key}/Arbre/{arbreId}": {
      get: operation(
        "Reports",
        "arbre",
        "One tree's life (extension)",
        md(ARBRE, "", KEY_SEGMENT),
        arbreSuccess,
        {
          notFound: true,
          security: KEY_PATH_SECURITY,
          requestParams: { path: withKey({ arbreId: pathParams.arbreId }) },
        },
      ),
    },
    "/Arbre/{arbreId}": {
      get: operation(
        "Reports",
        "arbreKeyHeader",
        "One tree's life (extension, key in the header only)",
        md(ARBRE, "", KEY_HEADER_ONLY),
        arbreSuccess,
        { notFound: true, requestParams: { path: z.object({ arbreId: pathParams.arbreId }) } },
      ),
    },
    "/LivreDor/{messageId}": {
      get: operation(
        "Memorials",
        "guestbookMessage",
        "One guestbook message (extension)",
        LIVRE_DOR,
        { description: "The message.", schema: ZLivreDorMessage },
        { notFound: true, requestParams: { path: z.object({ messageId: pathParams.messageId }) } },
      ),
    },
  };
}

let cached: ReturnType<typeof buildOpenApiDocument> | null = null;

/** The document, built once per process (it depends on nothing but the code). */
export function openApiDocument() {
  cached ??= buildOpenApiDocument();
  return cached;
}
