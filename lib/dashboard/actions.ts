"use server";
// Server Actions of the dashboard: every change a signed-in user makes. Next.js checks that an
// action is called from a page of this site (Origin against Host), which makes them CSRF-safe;
// each action checks the session itself and acts only on its operator's data.
import { cookies, headers } from "next/headers";
import { ZodError } from "zod";
import { changePassword } from "@/lib/auth/change-password";
import { getOperatorSession } from "@/lib/auth/session";
import { LANGUAGE_COOKIE } from "@/lib/dashboard/language";
import { FIELD_OF_PATH, type PlantFormValues, toMemorialsCreer } from "@/lib/dashboard/plant-form";
import { db } from "@/lib/db/client";
import { DomainError, notFound } from "@/lib/errors";
import { isLanguage } from "@/lib/i18n/languages";
import { linkBase } from "@/lib/memorials/confirmation-token";
import { createMemorial } from "@/lib/memorials/create-memorial";
import { modifyPerson } from "@/lib/memorials/modify-person";
import { resendConfirmation } from "@/lib/memorials/resend-confirmation";
import { ZMemorialsCreer, ZPersonModifier } from "@/lib/memorials/schemas";
import { operatorCaller } from "@/lib/operators/caller";
import { ID_FIELD, resolveContext } from "@/lib/operators/contexts";
import { createApiKey, revokeApiKeyById } from "@/lib/operators/keys";
import { zodMessage } from "@/lib/v1/zod-message";

export type ActionFailure = {
  ok: false;
  code: string;
  message: string;
  /** Messages by wire path (Defunt.Nom, ...), to show beside their fields. */
  fields?: Record<string, string>;
};
export type ActionResult<T extends object = object> = ({ ok: true } & T) | ActionFailure;

const UNAUTHENTICATED: ActionFailure = { ok: false, code: "UNAUTHENTICATED", message: "sign in again" };

function failure(error: unknown): ActionFailure {
  if (error instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const path = issue.path.map(String).join(".");
      fields[path] ??=
        issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message;
    }
    return { ok: false, code: "INVALID_INPUT", message: zodMessage(error), fields };
  }
  if (error instanceof DomainError) {
    // Domain messages start with the wire path they concern ("Defunt.DateDeces: is required").
    const match = /^([A-Za-z.]+): (.*)$/.exec(error.message);
    const fields = match && match[1] in FIELD_OF_PATH ? { [match[1]]: match[2] } : undefined;
    return { ok: false, code: error.code, message: error.message, fields };
  }
  console.error("dashboard action failed", error);
  return { ok: false, code: "INTERNAL", message: "unexpected error" };
}

async function origin(): Promise<string> {
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost";
  const proto = h.get("x-forwarded-proto") ?? "http";
  return `${proto}://${host}`;
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
  environment: "production" | "test",
): Promise<ActionResult<{ key: string }>> {
  const session = await getOperatorSession();
  if (!session) return UNAUTHENTICATED;
  if (environment !== "production" && environment !== "test") {
    return { ok: false, code: "INVALID_INPUT", message: "environment must be production or test" };
  }
  try {
    const created = await createApiKey(session.operatorId, environment);
    return { ok: true, key: created.key };
  } catch (error) {
    return failure(error);
  }
}

export async function revokeKeyAction(id: number): Promise<ActionResult> {
  const session = await getOperatorSession();
  if (!session) return UNAUTHENTICATED;
  if (!Number.isSafeInteger(id)) return { ok: false, code: "INVALID_INPUT", message: "bad key id" };
  // revokeApiKeyById filters by the operator: another operator's key is not found.
  if (!(await revokeApiKeyById(session.operatorId, id))) {
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
    let contexte: Record<string, number> | null = null;
    let ids = {};
    if (values.contextId.trim()) {
      // Only the operator's own contexts can be chosen.
      const context = await db.context.findFirst({
        where: { id: Number(values.contextId) || 0, operatorId: session.operatorId },
        select: { id: true, kind: true },
      });
      if (!context) throw notFound(`Contexte: context ${values.contextId} does not exist`);
      contexte = { [ID_FIELD[context.kind]]: context.id };
      ids = { [context.kind]: context.id };
    }
    const input = ZMemorialsCreer.parse(toMemorialsCreer(values, contexte));
    const chain = await resolveContext(session.operatorId, ids);
    const caller = await operatorCaller(session.operatorId);
    const result = await createMemorial({ caller, chain, input, appUrl: linkBase(await origin()) });
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
    return failure(error);
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
}

export async function modifyPersonAction(values: PersonFormValues): Promise<ActionResult> {
  const session = await getOperatorSession();
  if (!session) return UNAUTHENTICATED;
  const text = (value: string) => (value.trim() === "" ? null : value);
  try {
    // 4.2 rule 1: a blank field is sent as null, which leaves it unchanged.
    const input = ZPersonModifier.parse({
      Id: values.personId,
      IdExterne: /^-?\d{1,10}$/.test(values.externalId.trim())
        ? Number(values.externalId.trim())
        : text(values.externalId),
      Nom: text(values.lastName),
      Prenom: text(values.firstName),
      Civilite: text(values.civility),
      DateDeces: text(values.deathDate),
      LieuDeces: text(values.placeOfDeath),
      DateNaissance: text(values.birthDate),
      ImageUrl: text(values.imageUrl),
      MajTitreMemorials: values.updateTitles === true,
    });
    await modifyPerson({ caller: await operatorCaller(session.operatorId), input });
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}

export async function resendConfirmationAction(memorialId: number): Promise<ActionResult> {
  const session = await getOperatorSession();
  if (!session) return UNAUTHENTICATED;
  try {
    await resendConfirmation({ operatorId: session.operatorId, memorialId, appUrl: await origin() });
    return { ok: true };
  } catch (error) {
    return failure(error);
  }
}
