// The responses of the OpenAPI document (lib/v1/openapi.ts): the Error object of each status with
// its examples, the rate limit's headers, and `operation`, a GET with every error it can answer.

import { HostNotAllowedError } from "@memorial/lib/links";
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from "zod-openapi";
import type { ContexteObject } from "./contexte";
import { DATABASE_UNAVAILABLE_MESSAGE, type ErrorCode, errorBody, SERVICE_BUSY_MESSAGE } from "./errors";
import { MAX_BODY_BYTES, malformedJsonMessage } from "./handler";
import { DEMO_IDS } from "./openapi-examples";
import { ZMemorialsCreer } from "./schemas/memorials";
import { ZError } from "./schemas/responses";
import { unknownFieldMessage } from "./schemas/wire-object";

export const md = (...lines: string[]) => lines.join("\n");

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

export const errorResponse = (
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
export const errorExample = (
  status: number,
  code: ErrorCode,
  message: string,
  champ: string | null,
  contexte = demoContexte,
) => errorBody(status, message, contexte, code, champ);

/** The 503 of a busy instance (V1_MAX_IN_FLIGHT), as lib/v1/handler.ts answers it. */
const busyExample = errorExample(503, "SERVICE_UNAVAILABLE", SERVICE_BUSY_MESSAGE, null, anonymousContexte);

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
    "`Retry-After: 1`, rather than left to time out (`Code: SERVICE_UNAVAILABLE`); the same when the",
    "request's transaction outlived its time limit (60 s) and was rolled back. Or the service",
    "cannot reach its database for now, or is starting: `Retry-After: 5` (`Code: DATABASE_UNAVAILABLE`);",
    "nothing was written, or the request was cut before its commit. Retry, with the same `Idempotency-Key`.",
  ),
  {
    examples: {
      busy: {
        summary: "More requests at once than the instance takes",
        value: busyExample,
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
export const CreerUnavailable = errorResponse(
  "CreerUnavailable",
  md(
    "More requests than `V1_MAX_IN_FLIGHT` at once, or a planting whose transaction outlived its",
    "time limit (60 s) and was rolled back (`Code: SERVICE_UNAVAILABLE`, `Retry-After: 1`: retry);",
    "or `Code: HOST_NOT_ALLOWED`: a misconfiguration of the service, not of the request.",
    "A creation that e-mails the family a link (`AConfirmer: true`, or a `Famille.FamilleEmail`)",
    "came to a host the service may not write into a link: `APP_URL` is unset and the host is",
    "neither a local name nor in `ALLOWED_HOSTS`. `Message` names the host and what the service's",
    "operator must set; nothing is written. A creation that sends no link is served on any host.",
  ),
  {
    examples: {
      busy: {
        summary: "The instance is busy",
        value: busyExample,
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

export const PayloadTooLarge = errorResponse(
  "PayloadTooLarge",
  md(
    `The body is larger than ${MAX_BODY_BYTES / 1024} KiB, by its \`Content-Length\` or counted as a chunked`,
    "body arrives (`Code: PAYLOAD_TOO_LARGE`). Nothing is written. The server reads and drops the",
    "rest of the body (up to 16 MiB more) before closing the connection, so the answer is always read.",
  ),
  errorExample(413, "PAYLOAD_TOO_LARGE", `the body is larger than ${MAX_BODY_BYTES / 1024} KiB`, null),
);

type Extra = Partial<ZodOpenApiOperationObject>;

/** A request's body: JSON, always required, with its schema and an example to show. */
export function jsonBody(schema: z.ZodType, example?: unknown) {
  return {
    required: true,
    content: { "application/json": { schema, ...(example === undefined ? {} : { example }) } },
  };
}

/** A GET of the API: its success schema and the errors every such path can answer. */
export function operation(
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
