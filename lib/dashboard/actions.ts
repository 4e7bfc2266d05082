"use server";
// Server Actions of the dashboard: every change a signed-in user makes. Next.js checks that an
// action is called from a page of this site (Origin against Host), which makes them CSRF-safe;
// each action checks the session itself and acts only on its operator's data. The admin-only
// actions (keys, webhooks, team) check the role, read from the database on this very call, and
// refuse staff with FORBIDDEN (the forms show it in the user's language).
import { cookies, headers } from "next/headers";
import { changePassword } from "@/lib/auth/change-password";
import { requestClient, UNKNOWN_CLIENT } from "@/lib/auth/client-address";
import { getOperatorSession, type OperatorSession, operatorWithRole } from "@/lib/auth/session";
import { dashboardLanguage, LANGUAGE_COOKIE } from "@/lib/dashboard/language";
import { FORM_FIELD, formReason, type PlantFormValues, parsePlantForm } from "@/lib/dashboard/plant-form";
import { db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { isLanguage } from "@/lib/i18n/languages";
import { emailLinkOrigin, HostNotAllowedError } from "@/lib/links";
import type { ModifyPersonCommand } from "@/lib/memorials/commands";
import { createMemorial } from "@/lib/memorials/create-memorial";
import { modifyPerson } from "@/lib/memorials/modify-person";
import { resendConfirmation } from "@/lib/memorials/resend-confirmation";
import { operatorCaller } from "@/lib/operators/caller";
import { createApiKey, KEY_NAME_MAX, revokeApiKeyById } from "@/lib/operators/keys";
import { type Environment, isEnvironment } from "@/lib/scope";
import { requestPasswordReset, resetTtlMinutes } from "@/lib/users/password-reset";
import {
  changeRole,
  invitationTtlDays,
  inviteUser,
  removeUser,
  revokeInvitation,
  type TeamRefusal,
} from "@/lib/users/team";
import { dateTime, parseDateTime, parseId } from "@/lib/validation";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resendWebhookDelivery,
} from "@/lib/webhooks/endpoints";
import { CLEARABLE_PERSON_FIELDS } from "./person-fields";

export type ActionFailure = {
  ok: false;
  code: string;
  message: string;
  /** Why each refused field is refused (a reason word), by form field, to show beside it. */
  fields?: Record<string, string>;
};
export type ActionResult<T extends object = object> = ({ ok: true } & T) | ActionFailure;

const UNAUTHENTICATED: ActionFailure = { ok: false, code: "UNAUTHENTICATED", message: "sign in again" };
const FORBIDDEN: ActionFailure = { ok: false, code: "FORBIDDEN", message: "this needs the admin role" };

/** The session of an admin, or the refusal to return (not signed in, or staff). */
async function adminSession(): Promise<OperatorSession | ActionFailure> {
  const session = await operatorWithRole("admin");
  if (session === null) return UNAUTHENTICATED;
  if (session === "forbidden") return FORBIDDEN;
  return session;
}

const refused = (value: OperatorSession | ActionFailure): value is ActionFailure => "ok" in value;

function failure(error: unknown, formField: Record<string, string> = {}): ActionFailure {
  // The host this request came to may not name the links of e-mails (lib/links.ts): the form says
  // so in the user's words; nothing was written.
  if (error instanceof HostNotAllowedError) {
    return { ok: false, code: "HOST_NOT_ALLOWED", message: error.message };
  }
  if (error instanceof DomainError) {
    // The use case names the field of its command; the form shows the reason beside its input.
    const problem = error.problem;
    const field = problem ? (formField[problem.field] ?? problem.field) : null;
    const fields = problem && field ? { [field]: formReason(problem.reason) } : undefined;
    return { ok: false, code: error.code, message: error.message, fields };
  }
  console.error("dashboard action failed", error);
  return { ok: false, code: "INTERNAL", message: "unexpected error" };
}

/**
 * The base of the links this request writes into e-mails: APP_URL, else the host it came to if
 * that host may name them (emailLinkOrigin; throws HostNotAllowedError, see failure()).
 */
async function origin(): Promise<string> {
  return emailLinkOrigin(await headers());
}

export async function setLanguageAction(lang: string): Promise<ActionResult> {
  if (!isLanguage(lang)) return { ok: false, code: "INVALID_INPUT", message: "unknown language" };
  (await cookies()).set(LANGUAGE_COOKIE, lang, {
    path: "/dashboard",
    sameSite: "lax",
    httpOnly: true,
    maxAge: 365 * 86400,
  });
  return { ok: true };
}

export async function changePasswordAction(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<ActionResult> {
  const session = await getOperatorSession();
  if (!session) return UNAUTHENTICATED;
  try {
    const result = await changePassword({
      userId: session.userId,
      currentPassword: String(input.currentPassword ?? ""),
      newPassword: String(input.newPassword ?? ""),
    });
    return result.ok ? { ok: true } : { ok: false, code: result.reason, message: result.reason };
  } catch (error) {
    return failure(error);
  }
}

export async function createKeyAction(
  environment: Environment,
  name: string,
): Promise<ActionResult<{ key: string }>> {
  const session = await adminSession();
  if (refused(session)) return session;
  if (!isEnvironment(environment)) {
    return { ok: false, code: "INVALID_INPUT", message: "environment must be production or test" };
  }
  // A key is named at creation, so that the right one is revoked later.
  const keyName = typeof name === "string" ? name.trim() : "";
  if (!keyName || Array.from(keyName).length > KEY_NAME_MAX) {
    const reason = keyName ? "too_long" : "required";
    return { ok: false, code: "INVALID_INPUT", message: `name is ${reason}`, fields: { name: reason } };
  }
  try {
    const created = await createApiKey(session.operatorId, environment, undefined, keyName);
    return { ok: true, key: created.key };
  } catch (error) {
    return failure(error);
  }
}

export async function revokeKeyAction(id: number): Promise<ActionResult> {
  const session = await adminSession();
  if (refused(session)) return session;
  // Not a 32-bit id: no such key (never a database error).
  const keyId = parseId(id);
  // revokeApiKeyById filters by the operator: another operator's key is not found.
  if (keyId === null || !(await revokeApiKeyById(session.operatorId, keyId))) {
    return { ok: false, code: "NOT_FOUND", message: `key ${id} does not exist or is already revoked` };
  }
  return { ok: true };
}

export interface PlantResult {
  memorialId: number;
  treeCount: number;
  freeTrees: number;
  awaitingConfirmation: boolean;
  species: string | null;
  site: string | null;
  transactionId: number;
}

export async function plantAction(values: PlantFormValues): Promise<ActionResult<PlantResult>> {
  const session = await getOperatorSession();
  if (!session) return UNAUTHENTICATED;
  try {
    let context = {};
    if (values.contextId.trim()) {
      // Only the operator's own contexts can be chosen (the use case checks it again).
      const context_ = await db.context.findFirst({
        where: { id: parseId(values.contextId) ?? 0, operatorId: session.operatorId },
        select: { id: true, kind: true },
      });
      if (!context_)
        return { ok: false, code: "INVALID_INPUT", message: "context", fields: { contextId: "not-found" } };
      context = { [context_.kind]: context_.id };
    }
    const parsed = parsePlantForm(values, context);
    if (!parsed.ok)
      return { ok: false, code: "INVALID_INPUT", message: "invalid fields", fields: parsed.fields };
    const caller = await operatorCaller(session.scope);
    const result = await createMemorial({ caller, command: parsed.command, linkBase: await origin() });
    const [species, site] = await Promise.all([
      result.speciesId ? db.species.findUnique({ where: { id: result.speciesId } }) : null,
      result.plantationId ? db.plantation.findUnique({ where: { id: result.plantationId } }) : null,
    ]);
    return {
      ok: true,
      memorialId: result.memorialId,
      treeCount: result.treeCount,
      freeTrees: result.freeTrees,
      awaitingConfirmation: result.awaitingConfirmation,
      species: species?.name ?? null,
      site: site ? `${site.name} (${site.country})` : null,
      transactionId: result.transactionId,
    };
  } catch (error) {
    return failure(error, FORM_FIELD);
  }
}

export interface PersonFormValues {
  personId: number;
  externalId: string;
  lastName: string;
  firstName: string;
  civility: string;
  deathDate: string;
  placeOfDeath: string;
  birthDate: string;
  imageUrl: string;
  updateTitles: boolean;
  /** Optional fields the user asked to clear (null in the command), whatever their input holds. */
  clear?: string[];
}

/** The person form's field of each field of the modification command. */
const PERSON_FIELD: Record<string, keyof PersonFormValues> = {
  birthDate: "birthDate",
  deathDate: "deathDate",
  personId: "personId",
};

/** The person form parsed into the same command as the API's Modifier; blank leaves a field as it is. */
function parsePersonForm(values: PersonFormValues): {
  command?: ModifyPersonCommand;
  fields: Record<string, string>;
} {
  const fields: Record<string, string> = {};
  const textOf = (key: keyof PersonFormValues, max: number) => {
    const value = String(values[key] ?? "").trim();
    if (!value) return undefined;
    if (Array.from(value).length > max || value.includes("\u0000")) {
      fields[key] = "too-long";
      return undefined;
    }
    return value;
  };
  const dateOf = (key: keyof PersonFormValues) => {
    const value = textOf(key, 40);
    if (value === undefined) return undefined;
    const parsed = dateTime.safeParse(value);
    if (parsed.success) return parsed.data;
    fields[key] = parseDateTime(value) ? "date-range" : "invalid-date";
    return undefined;
  };
  const external = textOf("externalId", 20);
  let externalId: number | undefined;
  if (external !== undefined) {
    const value = /^-?\d{1,10}$/.test(external) ? Number(external) : Number.NaN;
    if (Number.isSafeInteger(value) && Math.abs(value) <= 2_147_483_647) externalId = value || undefined;
    else fields.externalId = "invalid-number";
  }
  const imageUrl = textOf("imageUrl", 2048);
  if (imageUrl && !/^https?:\/\//i.test(imageUrl)) fields.imageUrl = "invalid-url";
  const personId = parseId(values.personId);
  if (personId === null) fields.personId = "not-found";
  const command: ModifyPersonCommand = {
    personId: personId ?? 0,
    externalId,
    lastName: textOf("lastName", 200),
    firstName: textOf("firstName", 200),
    civility: textOf("civility", 50),
    deathDate: dateOf("deathDate"),
    placeOfDeath: textOf("placeOfDeath", 200),
    birthDate: dateOf("birthDate"),
    imageUrl,
    updateTitles: values.updateTitles === true,
  };
  // The command's own convention: null clears a field, undefined (a blank input) keeps it.
  const clear = Array.isArray(values.clear) ? values.clear : [];
  for (const field of CLEARABLE_PERSON_FIELDS) {
    if (clear.includes(field)) {
      command[field] = null;
      delete fields[field];
    }
  }
  return Object.keys(fields).length ? { fields } : { command, fields };
}

export async function modifyPersonAction(values: PersonFormValues): Promise<ActionResult> {
  const session = await getOperatorSession();
  if (!session) return UNAUTHENTICATED;
  try {
    const { command, fields } = parsePersonForm(values);
    if (!command) return { ok: false, code: "INVALID_INPUT", message: "invalid fields", fields };
    await modifyPerson({ caller: await operatorCaller(session.scope), command });
    return { ok: true };
  } catch (error) {
    return failure(error, PERSON_FIELD);
  }
}

export async function resendConfirmationAction(memorialId: number): Promise<ActionResult> {
  const session = await getOperatorSession();
  if (!session) return UNAUTHENTICATED;
  try {
    const id = parseId(memorialId);
    if (id === null)
      return { ok: false, code: "NOT_FOUND", message: `memorial ${memorialId} does not exist` };
    // The session's scope is production: a test memorial's confirmation is not found.
    await resendConfirmation({
      scope: session.scope,
      memorialId: id,
      linkBase: await origin(),
    });
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

// Webhooks (lib/webhooks): endpoints of the signed-in operator only; the secret is returned once.

/** A refusal of the webhook use cases, with the reason word of the field at fault. */
function webhookFailure(error: unknown): ActionFailure {
  if (error instanceof DomainError && error.problem) {
    return {
      ok: false,
      code: error.code,
      message: error.message,
      fields: { [error.problem.field]: error.problem.reason },
    };
  }
  return failure(error);
}

export async function createWebhookAction(input: {
  url: string;
  events: string[];
  test: boolean;
}): Promise<ActionResult<{ id: number; secret: string }>> {
  const session = await adminSession();
  if (refused(session)) return session;
  try {
    const created = await createWebhookEndpoint({
      scope: session.scope,
      url: String(input?.url ?? ""),
      events: Array.isArray(input?.events) ? input.events.map(String) : [],
      environment: input?.test === true ? "test" : "production",
    });
    return { ok: true, id: created.id, secret: created.secret };
  } catch (error) {
    return webhookFailure(error);
  }
}

export async function deleteWebhookAction(id: number): Promise<ActionResult> {
  const session = await adminSession();
  if (refused(session)) return session;
  const endpointId = parseId(id);
  if (endpointId === null)
    return { ok: false, code: "NOT_FOUND", message: `webhook endpoint ${id} does not exist` };
  try {
    await deleteWebhookEndpoint(session.scope, endpointId);
    return { ok: true };
  } catch (error) {
    return webhookFailure(error);
  }
}

export async function resendWebhookDeliveryAction(id: number): Promise<ActionResult> {
  const session = await adminSession();
  if (refused(session)) return session;
  const deliveryId = parseId(id);
  if (deliveryId === null)
    return { ok: false, code: "NOT_FOUND", message: `webhook delivery ${id} does not exist` };
  try {
    await resendWebhookDelivery(session.scope, deliveryId);
    return { ok: true };
  } catch (error) {
    return webhookFailure(error);
  }
}

// Team (lib/users/team.ts): admins only. Refusals carry a reason word the team page translates.

const TEAM_CODE: Record<TeamRefusal, string> = {
  "invalid-email": "INVALID_EMAIL",
  "invalid-role": "INVALID_INPUT",
  "user-exists": "USER_EXISTS",
  "not-found": "NOT_FOUND",
  "last-admin": "LAST_ADMIN",
  self: "INVALID_INPUT",
};

function teamFailure(reason: TeamRefusal): ActionFailure {
  return { ok: false, code: TEAM_CODE[reason], message: reason };
}

export async function inviteUserAction(input: {
  email: string;
  role: string;
}): Promise<ActionResult<{ email: string; days: number }>> {
  const session = await adminSession();
  if (refused(session)) return session;
  try {
    const result = await inviteUser({
      operatorId: session.operatorId,
      invitedById: session.userId,
      email: String(input?.email ?? ""),
      role: String(input?.role ?? ""),
      // The e-mail speaks the inviting user's dashboard language.
      language: await dashboardLanguage(session.operatorLanguage),
      linkBase: await origin(),
    });
    if (!result.ok) return teamFailure(result.reason);
    return { ok: true, email: String(input.email).trim().toLowerCase(), days: invitationTtlDays() };
  } catch (error) {
    return failure(error);
  }
}

export async function changeRoleAction(userId: number, role: string): Promise<ActionResult> {
  const session = await adminSession();
  if (refused(session)) return session;
  const id = parseId(userId);
  if (id === null) return teamFailure("not-found");
  try {
    const result = await changeRole({ operatorId: session.operatorId, userId: id, role: String(role) });
    return result.ok ? { ok: true } : teamFailure(result.reason);
  } catch (error) {
    return failure(error);
  }
}

export async function removeUserAction(userId: number): Promise<ActionResult> {
  const session = await adminSession();
  if (refused(session)) return session;
  const id = parseId(userId);
  if (id === null) return teamFailure("not-found");
  try {
    const result = await removeUser({ operatorId: session.operatorId, userId: id });
    return result.ok ? { ok: true } : teamFailure(result.reason);
  } catch (error) {
    return failure(error);
  }
}

export async function revokeInvitationAction(invitationId: number): Promise<ActionResult> {
  const session = await adminSession();
  if (refused(session)) return session;
  const id = parseId(invitationId);
  if (id === null) return teamFailure("not-found");
  try {
    const result = await revokeInvitation(session.operatorId, id);
    return result.ok ? { ok: true } : teamFailure(result.reason);
  } catch (error) {
    return failure(error);
  }
}

/**
 * "Forgot password?" (signed out): the same answer whether or not the address has an account, and
 * whether or not the limits held the e-mail back (lib/users/password-reset.ts).
 */
export async function requestPasswordResetAction(email: string): Promise<ActionResult<{ minutes: number }>> {
  try {
    const requestHeaders = await headers();
    const outcome = await requestPasswordReset({
      email: String(email ?? ""),
      client: requestClient(requestHeaders) || UNKNOWN_CLIENT,
      language: await dashboardLanguage(null),
      linkBase: emailLinkOrigin(requestHeaders),
    });
    if (outcome === "invalid") {
      return {
        ok: false,
        code: "INVALID_INPUT",
        message: "not an e-mail address",
        fields: { email: "invalid-email" },
      };
    }
    return { ok: true, minutes: resetTtlMinutes() };
  } catch (error) {
    return failure(error);
  }
}
