// Who is looking, for which operator, in which environment: the one value every read and use case
// takes. It is built once at each edge — the v1 wrapper from the API key (lib/operators/keys.ts),
// the dashboard from its session (web/auth/session.ts), the family's links from the memorial their
// token names, the public pages as a visitor, the command line as the service's administrator —
// and never rebuilt from loose operator ids and booleans further in.
//
// The environment has one name everywhere in code, API answers (Contexte.Environnement) and
// webhooks: "production" or "test". API keys keep their prefixes mt_live_… / mt_test_… (partners
// hold such keys): "live" in a key's prefix means the production environment. The database keeps
// its is_test columns; environmentOf / isTestEnvironment translate at that boundary only.
import { userInfo } from "node:os";

export const ENVIRONMENTS = ["production", "test"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

function isEnvironment(value: unknown): value is Environment {
  return value === "production" || value === "test";
}

/** The environment of a row's is_test column. */
export function environmentOf(isTest: boolean): Environment {
  return isTest ? "test" : "production";
}

/** The is_test value of an environment (for the database's columns). */
export function isTestEnvironment(environment: Environment): boolean {
  return environment === "test";
}

/** The tag of an API key's prefix: mt_live_… for production keys, mt_test_… for test keys. */
export function keyPrefixTag(environment: Environment): "live" | "test" {
  return environment === "production" ? "live" : "test";
}

/**
 * Who acts: the one model of the scopes, the audit log (its actor columns name these kinds, so
 * they never change) and the ways in, which say it once around their work (lib/audit/actor.ts).
 */
export type Actor =
  /** A partner's API key (/v1): its id and name (its prefix when it has none). */
  | { kind: "key"; id: number; name: string; operatorId: number }
  /** A signed-in user of the operator's dashboard (always the production environment). */
  | { kind: "user"; id: number; operatorId: number }
  /** The family, through a confirmation or management link naming one memorial. */
  | { kind: "family"; memorialId: number }
  /** A visitor of a public page (the guestbook, the planting form, reminders, photos), or its payment. */
  | { kind: "visitor" }
  /** The service's administrator at the command line, under its system account. */
  | { kind: "cli"; account: string }
  /** The service itself: a job, or the demo catalogue's seed (its name). */
  | { kind: "system"; name: string };

/** Who acts for an operator. */
type OperatorActor = Extract<Actor, { kind: "key" | "user" | "family" | "cli" }>;

/** Someone acting for (or, for a family link, within) one operator in one environment. */
export interface OperatorScope {
  operatorId: number;
  environment: Environment;
  actor: OperatorActor;
}

/** A visitor of the public pages: no operator, no environment (the public sees production only). */
export interface VisitorScope {
  actor: Extract<Actor, { kind: "visitor" }>;
}

export type Scope = OperatorScope | VisitorScope;

export const VISITOR: VisitorScope = Object.freeze({ actor: Object.freeze({ kind: "visitor" as const }) });

function checkOperatorId(operatorId: number): number {
  if (!Number.isSafeInteger(operatorId) || operatorId <= 0) {
    throw new TypeError(`a scope needs an operator id, not ${String(operatorId)}`);
  }
  return operatorId;
}

function operatorScope(operatorId: number, environment: Environment, actor: OperatorActor): OperatorScope {
  if (!isEnvironment(environment)) throw new TypeError(`unknown environment ${String(environment)}`);
  return Object.freeze({ operatorId: checkOperatorId(operatorId), environment, actor: Object.freeze(actor) });
}

/** The v1 edge: an authenticated API key of an operator, production or test. */
export function partnerKeyScope(key: {
  id: number;
  operatorId: number;
  environment: Environment;
  /** Its name, or its prefix when it has none. */
  name: string;
}): OperatorScope {
  return operatorScope(key.operatorId, key.environment, {
    kind: "key",
    id: key.id,
    name: key.name,
    operatorId: key.operatorId,
  });
}

/** The dashboard edge: its signed-in user, acting for the user's operator in production. */
export function dashboardScope(user: { userId: number; operatorId: number }): OperatorScope {
  return operatorScope(user.operatorId, "production", {
    kind: "user",
    id: user.userId,
    operatorId: user.operatorId,
  });
}

/** The family links' edge: the memorial the link's token names, in that memorial's environment. */
export function familyLinkScope(memorial: {
  id: number;
  operatorId: number;
  isTest: boolean;
}): OperatorScope {
  return operatorScope(memorial.operatorId, environmentOf(memorial.isTest), {
    kind: "family",
    memorialId: memorial.id,
  });
}

/** The system account running this process: the command line acts under it. */
export function systemAccount(): string {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? "unknown";
  }
}

/** The command line: the administrator names the operator (and environment) it acts for. */
export function serviceAdminScope(
  operatorId: number,
  environment: Environment = "production",
): OperatorScope {
  return operatorScope(operatorId, environment, { kind: "cli", account: systemAccount() });
}

/**
 * The operator (and environment) a scope acts for as its owner — an API key, a dashboard user, the
 * command line — or null for a visitor and for a family link (which acts on one memorial only).
 */
export function ownerOf(scope: Scope): OperatorScope | null {
  if (scope.actor.kind === "visitor" || scope.actor.kind === "family") return null;
  return scope as OperatorScope;
}

/** Refuses a scope without an operator (a missing id must never mean "every operator"). */
export function requireOperatorScope(scope: Scope | null | undefined): OperatorScope {
  if (!scope || !("operatorId" in scope)) {
    throw new TypeError("this needs the operator it acts for: none was given");
  }
  checkOperatorId(scope.operatorId);
  return scope;
}
