// The OpenAPI 3.1 document of /v1, generated from the zod schemas that validate the requests
// (lib/v1/schemas/memorials.ts) and type the responses (lib/v1/schemas/responses.ts), with the
// prose of the reference. Served at /openapi.json and rendered at /docs; the contract test
// (e2e/api/contract.spec.ts) holds every response of the service against it.

import { WEBHOOK_EVENTS } from "@memorial/lib/webhooks/event-types";
import { webhookMessageSchema, webhookWhen } from "@memorial/lib/webhooks/schemas";
import { z } from "zod";
import { createDocument } from "zod-openapi";
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from "./handler";
import { ceremonyPaths } from "./openapi-ceremony";
import { codesPaths } from "./openapi-codes";
import { DEMO_IDS } from "./openapi-examples";
import { moveTreesPaths } from "./openapi-move-trees";
import { pagingQuery, pathParams } from "./openapi-params";
import { personalDataPaths } from "./openapi-personal-data";
import { reportPaths } from "./openapi-reports";
import { CreerUnavailable, jsonBody, md, operation, PayloadTooLarge } from "./openapi-responses";
import { prose } from "./reference";
import { ERROR_CODES } from "./schemas/error-codes";
import { ZMemorialsCreer, ZPersonModifier } from "./schemas/memorials";
import {
  ZContextesListing,
  ZEspeceResponse,
  ZEspecesListing,
  ZMemorialsCreerResponse,
  ZPersonModifierResponse,
  ZPlantationResponse,
  ZPlantationsListing,
  ZTransactionsListing,
  ZTransactionsTotaux,
} from "./schemas/responses";

const TOTAUX = prose("totaux");

const CONTEXTES = prose("contextes");

const CREER = prose("creer");

const MODIFIER = prose("modifier");

const ERROR_TABLE = md(
  "| Code | Status | Meaning |",
  "| --- | --- | --- |",
  ...Object.entries(ERROR_CODES).map(
    ([code, { status, meaning }]) => `| \`${code}\` | ${status} | ${meaning} |`,
  ),
);

const DESCRIPTION = md(
  prose("description", {
    MAX_JSON_DEPTH,
    MAX_BODY_KIB: MAX_BODY_BYTES / 1024,
    FUNERAL_HOME_ID: DEMO_IDS.funeralHomeId,
    GROUP_ID: DEMO_IDS.groupId,
    AGENCY_ID: DEMO_IDS.agencyId,
  }),
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
          name: "Codes",
          description:
            "Extension: claim codes of the ceremony card, with which visitors plant a tree from the memorial page.",
        },
        {
          name: "PersonalData",
          description:
            "Extension: a person's request about the caller's memorials: what is held about them, and its erasure.",
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
                requestBody: jsonBody(ZMemorialsCreer, {
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
                }),
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
              requestBody: jsonBody(ZPersonModifier, {
                Id: 1,
                Nom: "Dupont-Martin",
                MajTitreMemorials: true,
              }),
            },
          ),
        },
        ...reportPaths(),
        ...codesPaths(),
        ...moveTreesPaths(),
        ...personalDataPaths(),
        ...ceremonyPaths(),
      },
      webhooks: webhookItems(),
    },
    { outputIdSuffix: "" },
  );
}

const WEBHOOK_REQUEST = prose("webhook-request");

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
          requestBody: jsonBody(webhookMessageSchema(type)),
          responses: { "200": { description: "Received (any 2xx)." } },
        },
      },
    ]),
  );
}

let cached: ReturnType<typeof buildOpenApiDocument> | null = null;

/** The document, built once per process (it depends on nothing but the code). */
export function openApiDocument() {
  cached ??= buildOpenApiDocument();
  return cached;
}
