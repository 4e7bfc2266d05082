// The Error object (2.9) of the v1 API, from a domain error or a validation error: every field of
// the specification, plus `Code` (a stable machine-readable word) and, for an invalid field,
// `Champ` (its path in the wire object). The statuses come from the domain's one table.
import { ZodError } from "zod";
import { DomainError, HTTP_STATUS } from "@/lib/errors";
import type { ContexteObject } from "./contexte";
import { WIRE_FIELD } from "./schemas/memorials";
import { zodMessage } from "./zod-message";

/** Codes of the Error object: the domain's, plus the API's own. */
export type ErrorCode = DomainError["code"] | "METHOD_NOT_ALLOWED";

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
  if (error instanceof ZodError) {
    const path = error.issues[0]?.path.map(String).join(".");
    return { status: 400, code: "INVALID_INPUT", message: zodMessage(error), champ: path || null };
  }
  return null;
}
