// The codes of the Error object's `Code` (an extension of 2.9): one line per code, with its
// status and what it means. The reference (lib/v1/openapi.ts) and docs/api.md's table are written
// from this table; the type `Record<ErrorCode, ...>` makes a new code fail the type check until
// it is documented here.
import { HTTP_STATUS } from "@memorial/lib/errors";
import type { ErrorCode } from "@memorial/lib/v1/errors";

export type { ErrorCode };

export const ERROR_CODES: Record<ErrorCode, { status: number; meaning: string }> = {
  INVALID_INPUT: {
    status: HTTP_STATUS.INVALID_INPUT,
    meaning:
      "The request is incorrect or incoherent: a field of the body, a path parameter, `Page` or `Limite` (named by `Champ`), a body that is not a JSON object or nested deeper than 32 levels, a `Contexte` id that is not the caller's, a path with a malformed %-escape.",
  },
  UNKNOWN_FIELD: {
    status: 400,
    meaning:
      "The body has a field the specification does not define, at any level (`AConfirmr`, `Defunt.Prenon`): `Champ` names it, `Message` suggests the nearest defined field. Nothing was written. Only `ContextExtension` is free-form; unknown query parameters are ignored.",
  },
  MALFORMED_JSON: {
    status: 400,
    meaning:
      "The body is not valid JSON; `Message` says where it breaks (line, column and offset) and what was expected there. Nothing was written.",
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    meaning:
      "The body is larger than 64 KiB (said by `Content-Length`, or counted as a chunked body arrives). Nothing was written; the answer is sent whole before the connection closes.",
  },
  NO_TREE_AVAILABLE: {
    status: HTTP_STATUS.NO_TREE_AVAILABLE,
    meaning:
      "No tree in stock at an active plantation within the operator's rules (countries allowed, maximum unit price). Nothing was written.",
  },
  CODE_USED: {
    status: HTTP_STATUS.CODE_USED,
    meaning:
      "The claim code given to `POST /v1/Codes/Utiliser` already planted its tree (a code plants once, whatever the number of simultaneous attempts). Nothing was written.",
  },
  CODE_EXPIRED: {
    status: HTTP_STATUS.CODE_EXPIRED,
    meaning:
      "The claim code is past its expiry (`DateExpiration`); an unused code is credited back to the operator within the hour. Nothing was written.",
  },
  MEMORIAL_CLOSED: {
    status: HTTP_STATUS.MEMORIAL_CLOSED,
    meaning:
      "`POST /v1/Arbres/Deplacer`: the target memorial (`MemorialIdCible`) cannot take trees now: it awaits its family's confirmation, was closed as not confirmed or declined, is hidden or taken down by its family, is being erased, or was merged into another. `POST /v1/Codes/Creer`: the memorial is closed in one of these ways (codes may be issued for one awaiting its family, or hidden). Nothing was written.",
  },
  AWAITING_CONFIRMATION: {
    status: HTTP_STATUS.AWAITING_CONFIRMATION,
    meaning:
      "The memorial named by `MemorialId` awaits its family's confirmation: it gets no tree before the family confirms.",
  },
  IDEMPOTENCY_MISMATCH: {
    status: HTTP_STATUS.IDEMPOTENCY_MISMATCH,
    meaning: "The `Idempotency-Key` was already used (within 24 hours) with a different body.",
  },
  ACCESS_DENIED: {
    status: HTTP_STATUS.ACCESS_DENIED,
    meaning:
      "The key is missing, unknown or revoked, or the `{key}` path segment and the `key` header differ.",
  },
  NOT_FOUND: {
    status: HTTP_STATUS.NOT_FOUND,
    meaning:
      "The element does not exist, or is another operator's private data (or the other environment's); also a path that does not exist.",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    meaning: "The path does not take this method; the `Allow` header lists the ones it takes.",
  },
  RATE_LIMITED: {
    status: HTTP_STATUS.RATE_LIMITED,
    meaning:
      "The key made more requests than `API_RATE_LIMIT` allows in a minute (the `RateLimit-Limit` header). Nothing was done; retry after `Retry-After` seconds (the `RateLimit-Reset` header says the same).",
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    meaning:
      "The instance handles more requests than `V1_MAX_IN_FLIGHT` at once: it answers at once, with `Retry-After: 1`, rather than letting the request time out; or the request's transaction outlived its time limit (60 s) and was rolled back, nothing written. Retry.",
  },
  HOST_NOT_ALLOWED: {
    status: HTTP_STATUS.HOST_NOT_ALLOWED,
    meaning:
      "A misconfiguration of the service, not of the request: a creation that e-mails the family a link (`AConfirmer`, `FamilleEmail`) came to a host not in `ALLOWED_HOSTS`, `APP_URL` unset. `Message` says what to set; nothing was written. A creation without a link works on any host.",
  },
  DATABASE_UNAVAILABLE: {
    status: 503,
    meaning:
      "The service cannot reach its database for now (it restarts, or is down): nothing was written, or the request was cut before its commit. `Retry-After` says when to try again; retry with the same `Idempotency-Key`.",
  },
  INTERNAL: {
    status: HTTP_STATUS.INTERNAL,
    meaning: "An unexpected error of the service; it is logged and `Message` gives no detail of it.",
  },
};
