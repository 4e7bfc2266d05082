// The one table from domain errors to the statuses of part 7, and the Error object (2.9).
import { DomainError, type DomainErrorCode } from "@/lib/errors";
import type { ContexteObject } from "./contexte";

const STATUS: Record<DomainErrorCode, number> = {
  INVALID_INPUT: 400,
  NO_TREE_AVAILABLE: 400,
  CONFLICT: 400,
  ACCESS_DENIED: 403,
  NOT_FOUND: 404,
};

export function statusOf(error: DomainError): number {
  return STATUS[error.code];
}

export function errorBody(status: number, message: string, contexte: ContexteObject) {
  return {
    Objet: "erreur",
    Statut: "Erreur",
    Message: message,
    ApiContexte: contexte,
    HttpStatusCode: status,
  };
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
