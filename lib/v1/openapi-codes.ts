// The claim-code paths of the OpenAPI document (lib/v1/endpoints/codes.ts) and their
// prose (lib/v1/reference/codes*.md).
import { API_CODE_TRIES, MAX_CODE_DAYS, MAX_CODES_PER_ISSUE } from "@memorial/lib/visitors/claim-codes";
import { z } from "zod";
import { pagingQuery } from "./openapi-params";
import { errorExample, errorResponse, jsonBody, md, operation } from "./openapi-responses";
import { prose } from "./reference";
import { ZCodesCreer, ZCodesUtiliser } from "./schemas/codes";
import { ZCodesCreerResponse, ZCodesListing, ZCodeUtilise } from "./schemas/responses-codes";

const CODES = prose("codes", { MAX_CODES: MAX_CODES_PER_ISSUE, MAX_DAYS: MAX_CODE_DAYS });
const UTILISER = prose("codes-utiliser", { API_TRIES: API_CODE_TRIES });

const CodeUsed = errorResponse(
  "CodeUsed",
  "The code already planted its tree. `Code: CODE_USED`.",
  errorExample(409, "CODE_USED", "Code: this claim code has already planted its tree", "Code"),
);
const CodeExpired = errorResponse(
  "CodeExpired",
  "The code is past its expiry. `Code: CODE_EXPIRED`.",
  errorExample(410, "CODE_EXPIRED", "Code: this claim code expired on 2026-12-31", "Code"),
);

const MemorialClosed = errorResponse(
  "CodesMemorialClosed",
  "The memorial can no longer receive trees. `Code: MEMORIAL_CLOSED`.",
  errorExample(
    409,
    "MEMORIAL_CLOSED",
    "MemorialId: memorial 2 is taken down by its family: its codes could plant nothing",
    "MemorialId",
  ),
);

export function codesPaths() {
  return {
    "/Codes/Creer": {
      post: operation(
        "Codes",
        "issueCodes",
        "Issue claim codes for visitors (extension)",
        CODES,
        { description: "The codes, shown this once.", schema: ZCodesCreerResponse },
        {
          notFound: true,
          responses: { "409": MemorialClosed },
          requestBody: jsonBody(ZCodesCreer, {
            MemorialId: 1,
            Nombre: 25,
            DateExpiration: "2027-06-30T00:00:00Z",
          }),
        },
      ),
    },
    "/Codes": {
      get: operation(
        "Codes",
        "listCodes",
        "List the caller's claim codes (extension)",
        md(
          "The caller's codes (its environment's), by id, with their state; never the codes themselves.",
          "`Lot` keeps the codes of one issue.",
        ),
        { description: "One page of codes.", schema: ZCodesListing },
        {
          requestParams: {
            query: pagingQuery.listing.extend({
              Lot: z
                .string()
                .optional()
                .meta({ description: "Only the codes of this issue (`Lot` of the answer)." }),
            }),
          },
        },
      ),
    },
    "/Codes/Utiliser": {
      post: operation(
        "Codes",
        "redeemCode",
        "Plant a visitor's tree with a claim code (extension)",
        UTILISER,
        { description: "The tree planted, or waiting for stock.", schema: ZCodeUtilise },
        {
          notFound: true,
          responses: { "409": CodeUsed, "410": CodeExpired },
          requestBody: jsonBody(ZCodesUtiliser, {
            Code: "7K2M-9QXD-4TRB",
            MemorialId: 1,
            Planteur: "Anne",
            MessagePlanteur: "With love, from the choir.",
            Email: "anne@example.org",
            Langue: "fr",
          }),
        },
      ),
    },
  };
}
