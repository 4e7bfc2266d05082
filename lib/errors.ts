// Errors of the domain. They know nothing of HTTP or of the wire names: a validation failure
// carries the field it concerns as data (a path of the domain's command, e.g.
// "deceased.deathDate") and a reason, so that each edge writes the message in its own words and
// language (the v1 API with its French field names, the dashboard beside its own inputs).

export type DomainErrorCode =
  | "INVALID_INPUT" // incorrect or incoherent request
  | "ACCESS_DENIED" // missing, unknown or revoked key
  | "NOT_FOUND" // the element does not exist (or belongs to another operator)
  | "NO_TREE_AVAILABLE" // nothing in stock within the operator's rules
  | "AWAITING_CONFIRMATION" // the memorial awaits its family's confirmation
  | "IDEMPOTENCY_MISMATCH" // an Idempotency-Key reused with another request
  | "HOST_NOT_ALLOWED" // the service may not write e-mail links on the request's host: set APP_URL or ALLOWED_HOSTS
  | "RATE_LIMITED" // over a rate limit (lib/limits/rate-limit.ts): retry later
  | "CODE_USED" // a claim code already planted its tree (lib/visitors/claim-codes.ts)
  | "CODE_EXPIRED" // a claim code past its expiry (or credited back)
  | "MEMORIAL_CLOSED" // the memorial cannot take trees now (awaiting, closed, hidden)
  | "INTERNAL"; // an incoherence of the service itself

/** The one table from domain errors to the HTTP statuses of the specification (part 7). */
export const HTTP_STATUS: Record<DomainErrorCode, number> = {
  INVALID_INPUT: 400,
  NO_TREE_AVAILABLE: 400,
  AWAITING_CONFIRMATION: 400,
  IDEMPOTENCY_MISMATCH: 400,
  ACCESS_DENIED: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  CODE_USED: 409,
  CODE_EXPIRED: 410,
  MEMORIAL_CLOSED: 409,
  INTERNAL: 500,
  // A misconfiguration of the service, not a bad request: the partner cannot fix it.
  HOST_NOT_ALLOWED: 503,
};

export interface FieldProblem {
  /** Dotted path of the field in the domain's command, e.g. "deceased.lastName". */
  field: string;
  /** A stable word for what is wrong, for the edges' own messages: "required", "after-death"... */
  reason: string;
}

export class DomainError extends Error {
  /** Set by a use case once it knows which context it acts for (the Error object's ApiContexte). */
  context?: unknown;

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly problem?: FieldProblem,
  ) {
    super(message);
    this.name = "DomainError";
  }

  get status(): number {
    return HTTP_STATUS[this.code];
  }
}

export const invalid = (message: string, problem?: FieldProblem) =>
  new DomainError("INVALID_INPUT", message, problem);
export const notFound = (message: string, problem?: FieldProblem) =>
  new DomainError("NOT_FOUND", message, problem);
