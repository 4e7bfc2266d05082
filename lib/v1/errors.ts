// The Error object (2.9) of the v1 API, from a domain error or a validation error: every field of
// the specification, plus `Code` (a stable machine-readable word) and, for an invalid field,
// `Champ` (its path in the wire object, or the name of the query or path parameter). The statuses
// come from the domain's one table, and for the API's own refusals from WireError.

import { DomainError, HTTP_STATUS } from "@memorial/lib/errors";
import { ZodError } from "zod";
import type { ContexteObject } from "./contexte";
import { WIRE_FIELD } from "./schemas/memorials";
import { zodProblem } from "./zod-message";

/** Codes of the Error object: the domain's, plus the API's own. */
export type ErrorCode =
  | DomainError["code"]
  | "METHOD_NOT_ALLOWED"
  | "SERVICE_UNAVAILABLE"
  | "DATABASE_UNAVAILABLE"
  | "UNKNOWN_FIELD"
  | "MALFORMED_JSON"
  | "PAYLOAD_TOO_LARGE";

/**
 * A 400 of the API itself, before any domain work: a query or path parameter, the body's JSON.
 * Unlike a DomainError's field, `champ` is already the wire name, and `message` is said whole.
 */
export class WireError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly champ: string | null = null,
    /** Why the parameter is refused, as a word ("number", "range"), for an edge that says it in its own words. */
    readonly reason: string | null = null,
    /** 400, or 413 for a body past its limit. */
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
    this.name = "WireError";
  }
}

/** A query or path parameter that is not what the operation takes: Champ names it. */
export const invalidParam = (name: string, message: string, reason: string | null = null) =>
  new WireError("INVALID_INPUT", message, name, reason);

/** The Error object's Message while the database cannot be reached (Code DATABASE_UNAVAILABLE). */
/** The Message of the 503 a busy instance answers (V1_MAX_IN_FLIGHT requests in flight). */
export const SERVICE_BUSY_MESSAGE = "the service is busy; retry in a moment";

export const DATABASE_UNAVAILABLE_MESSAGE =
  "the service cannot reach its database for now; retry in a moment";
/** Retry-After of an answer 503 while the database cannot be reached or the service starts. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export function errorBody(
  status: number,
  message: string,
  contexte: ContexteObject,
  code: ErrorCode = codeOfStatus(status),
  champ: string | null = null,
) {
  return {
    Objet: "erreur",
    Statut: "Erreur",
    Message: message,
    ApiContexte: contexte,
    HttpStatusCode: status,
    Code: code,
    Champ: champ,
  };
}

function codeOfStatus(status: number): ErrorCode {
  if (status === 403) return "ACCESS_DENIED";
  if (status === 404) return "NOT_FOUND";
  if (status === 405) return "METHOD_NOT_ALLOWED";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status >= 500) return "INTERNAL";
  return "INVALID_INPUT";
}

export interface MappedError {
  status: number;
  code: ErrorCode;
  message: string;
  champ: string | null;
}

/** A domain or validation error in the API's words; null for anything unexpected (a 500). */
export function mapError(error: unknown): MappedError | null {
  if (error instanceof DomainError) {
    const field = error.problem?.field;
    const champ = field ? (WIRE_FIELD[field] ?? field) : null;
    return {
      status: HTTP_STATUS[error.code],
      code: error.code,
      message: champ ? `${champ}: ${error.message}` : error.message,
      champ,
    };
  }
  if (error instanceof WireError) {
    return { status: error.status, code: error.code, message: error.message, champ: error.champ };
  }
  if (error instanceof ZodError) {
    const { code, message, champ } = zodProblem(error);
    return { status: 400, code, message, champ };
  }
  return null;
}
