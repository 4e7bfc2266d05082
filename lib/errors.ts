// Errors of the domain. They know nothing of HTTP: lib/v1/errors.ts maps each code to a status.

export type DomainErrorCode =
  | "INVALID_INPUT" // 400: incorrect or incoherent request
  | "ACCESS_DENIED" // 403: missing, unknown or revoked key
  | "NOT_FOUND" // 404: the element does not exist (or belongs to another operator)
  | "NO_TREE_AVAILABLE" // 400: nothing in stock within the operator's rules
  | "CONFLICT"; // 400: the request contradicts the state (an idempotency key reused)

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (message: string) => new DomainError("INVALID_INPUT", message);
export const notFound = (message: string) => new DomainError("NOT_FOUND", message);
