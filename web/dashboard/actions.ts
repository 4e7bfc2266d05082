"use server";
import { requestClient, UNKNOWN_CLIENT } from "@memorial/lib/auth/client-address";
import { plantationById, speciesById } from "@memorial/lib/catalogue/lookups";
import { refuse } from "@memorial/lib/dashboard/action";
import { formCheck, formRaw, formRequired, recordId } from "@memorial/lib/dashboard/form-fields";
import { PERSON_FIELD, type PersonFormValues } from "@memorial/lib/dashboard/person-fields";
import { personFormSchema } from "@memorial/lib/dashboard/person-form-schema";
import { FORM_FIELD, type PlantFormValues } from "@memorial/lib/dashboard/plant-form";
import { plantFormSchema } from "@memorial/lib/dashboard/plant-form-schema";
import { moderateGuestbookEntry } from "@memorial/lib/guestbook/moderate-entry";
import { isLanguage } from "@memorial/lib/i18n/languages";
import { emailLinkOrigin } from "@memorial/lib/links";
import { createMemorial } from "@memorial/lib/memorials/create-memorial";
import { memorialTitle } from "@memorial/lib/memorials/dashboard-queries";
import { modifyPerson } from "@memorial/lib/memorials/modify-person";
import { resendConfirmation } from "@memorial/lib/memorials/resend-confirmation";
import { sendManageLink } from "@memorial/lib/memorials/send-manage-link";
import { operatorCaller } from "@memorial/lib/operators/caller";
import { ownContext } from "@memorial/lib/operators/context-queries";
import { setUnconfirmedOutcome, UNCONFIRMED_OUTCOMES } from "@memorial/lib/operators/create-operator";
import { createApiKey, KEY_NAME_MAX, revokeApiKeyById } from "@memorial/lib/operators/keys";
import { ENVIRONMENTS, type Environment } from "@memorial/lib/scope";
import { requestPasswordReset, resetTtlMinutes } from "@memorial/lib/users/password-reset";
import {
  changeRole,
  invitationTtlDays,
  inviteUser,
  removeUser,
  revokeInvitation,
  type TeamRefusal,
  type TeamResult,
} from "@memorial/lib/users/team";
import { parseId, text } from "@memorial/lib/validation";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  resendWebhookDelivery,
} from "@memorial/lib/webhooks/endpoints";
// Server Actions of the dashboard: every change a signed-in user makes. Next.js checks that an
// action is called from a page of this site (Origin against Host), which makes them CSRF-safe.
// Every action goes through the one pipeline of lib/dashboard/action.ts (bound to the session in
// web/dashboard/action.ts): the session (and, for the admin-only actions of keys, webhooks and
// team, the role read from the database on this very call; staff get FORBIDDEN, which the forms
// show in the user's language), its input parsed by a zod schema made of the API's own field
// rules, and one result shape for every refusal. Each action acts only on its session's
// operator's data.
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import { z } from "zod";
import { changePassword } from "@/web/auth/change-password";
import { action, formAction } from "@/web/dashboard/action";
import { dashboardLanguage, LANGUAGE_COOKIE } from "@/web/dashboard/language";

/**
 * The base of the links this request writes into e-mails: APP_URL, else the host it came to if
 * that host may name them (emailLinkOrigin; throws HostNotAllowedError, which the pipeline
 * answers HOST_NOT_ALLOWED).
 */
async function origin(): Promise<string> {
  return emailLinkOrigin(await headers());
}

export const setLanguageAction = action({
  access: "anyone",
  args: (lang: string) => ({ lang }),
  input: z.object({ lang: z.string().refine(isLanguage, "unknown language") }),
  run: async ({ lang }) => {
    (await cookies()).set(LANGUAGE_COOKIE, lang, {
      path: "/dashboard",
      sameSite: "lax",
      httpOnly: true,
      maxAge: 365 * 86400,
    });
    return {};
  },
});

export const changePasswordAction = action({
  access: "staff",
  args: (input: { currentPassword: string; newPassword: string }) => input,
  input: z.object({ currentPassword: formRaw, newPassword: formRaw }),
  run: async (input, { session }) => {
    const result = await changePassword({ userId: session.userId, ...input });
    if (!result.ok) throw refuse(result.reason, result.reason);
    return {};
  },
});

export const createKeyAction = action({
  access: "admin",
  // A key is named at creation, so that the right one is revoked later.
  args: (environment: Environment, name: string) => ({ environment, name }),
  input: z.object({
    environment: z.enum(ENVIRONMENTS, "environment must be production or test"),
    name: formRequired(text(KEY_NAME_MAX)),
  }),
  run: async ({ environment, name }, { session }) => {
    const created = await createApiKey(session.operatorId, environment, undefined, name);
    return { key: created.key };
  },
});

export const revokeKeyAction = action({
  access: "admin",
  args: (id: number) => ({ id }),
  input: z.object({ id: recordId }),
  run: async ({ id }, { session }) => {
    // revokeApiKeyById filters by the operator: another operator's key is not found.
    if (!(await revokeApiKeyById(session.operatorId, id))) {
      throw refuse("NOT_FOUND", `key ${id} does not exist or is already revoked`);
    }
    return {};
  },
});

export interface PlantResult {
  memorialId: number;
  treeCount: number;
  freeTrees: number;
  awaitingConfirmation: boolean;
  /** The memorial's title as the dashboard shows it (the person's name), for the result to name. */
  title: string | null;
  species: string | null;
  site: string | null;
  transactionId: number;
}

export const plantAction = action({
  access: "staff",
  args: (values: PlantFormValues) => values,
  input: plantFormSchema,
  fields: FORM_FIELD,
  run: async ({ contextId, command }, { session }): Promise<PlantResult> => {
    let context = {};
    if (contextId) {
      // Only the operator's own contexts can be chosen (the use case checks it again).
      const found = await ownContext(session.operatorId, parseId(contextId) ?? 0);
      if (!found) throw refuse("INVALID_INPUT", "context", { contextId: "not-found" });
      context = { [found.kind]: found.id };
    }
    const caller = await operatorCaller(session.scope);
    const result = await createMemorial({
      caller,
      command: { ...command, context },
      linkBase: await origin(),
    });
    const [species, site, title] = await Promise.all([
      result.speciesId ? speciesById(result.speciesId) : null,
      result.plantationId ? plantationById(result.plantationId) : null,
      memorialTitle(session.scope, result.memorialId),
    ]);
    return {
      memorialId: result.memorialId,
      title,
      treeCount: result.treeCount,
      freeTrees: result.freeTrees,
      awaitingConfirmation: result.awaitingConfirmation,
      species: species?.name ?? null,
      site: site ? `${site.name} (${site.country})` : null,
      transactionId: result.transactionId,
    };
  },
});

export const modifyPersonAction = action({
  access: "staff",
  args: (values: PersonFormValues) => values,
  input: personFormSchema,
  fields: PERSON_FIELD,
  run: async (command, { session }) => {
    await modifyPerson({ caller: await operatorCaller(session.scope), command });
    return {};
  },
});

export const resendConfirmationAction = action({
  access: "staff",
  args: (memorialId: number) => ({ memorialId }),
  input: z.object({ memorialId: recordId }),
  run: async ({ memorialId }, { session }) => {
    // The dashboard shows live data only: a test memorial's confirmation is not found.
    await resendConfirmation({
      scope: session.scope,
      memorialId,
      linkBase: await origin(),
    });
    return {};
  },
});

/** What becomes of the waiting tree of a memorial its family never confirms or declines. */
export const setUnconfirmedOutcomeAction = action({
  access: "admin",
  args: (outcome: string) => ({ outcome }),
  input: z.object({ outcome: z.enum(UNCONFIRMED_OUTCOMES, "outcome must be credit or global") }),
  run: async ({ outcome }, { session }) => {
    const saved = await setUnconfirmedOutcome(session.operatorId, outcome);
    return { outcome: saved.unconfirmedOutcome };
  },
});

// Webhooks (lib/webhooks): endpoints of the signed-in operator only; the secret is returned once.
// The use cases name the field at fault (url, events) with a reason the panel translates.

export const createWebhookAction = action({
  access: "admin",
  args: (input: { url: string; events: string[]; test: boolean }) => input,
  input: z.object({
    url: formRaw,
    events: z.unknown().transform((value) => (Array.isArray(value) ? value.map(String) : [])),
    test: formCheck,
  }),
  run: async ({ url, events, test }, { session }) => {
    const created = await createWebhookEndpoint({
      scope: session.scope,
      url,
      events,
      environment: test ? "test" : "production",
    });
    return { id: created.id, secret: created.secret };
  },
});

export const deleteWebhookAction = action({
  access: "admin",
  args: (id: number) => ({ id }),
  input: z.object({ id: recordId }),
  run: async ({ id }, { session }) => {
    await deleteWebhookEndpoint(session.scope, id);
    return {};
  },
});

export const resendWebhookDeliveryAction = action({
  access: "admin",
  args: (id: number) => ({ id }),
  input: z.object({ id: recordId }),
  run: async ({ id }, { session }) => {
    await resendWebhookDelivery(session.scope, id);
    return {};
  },
});

// Team (lib/users/team.ts): admins only. Refusals carry a code the team page translates.

const TEAM_CODE: Record<TeamRefusal, string> = {
  "invalid-email": "INVALID_EMAIL",
  "invalid-role": "INVALID_INPUT",
  "user-exists": "USER_EXISTS",
  "not-found": "NOT_FOUND",
  "last-admin": "LAST_ADMIN",
  self: "INVALID_INPUT",
};

/** The value of a team use case, or its refusal thrown to the pipeline. */
function teamOutcome<T extends object>(result: TeamResult<T>): T {
  if (!result.ok) throw refuse(TEAM_CODE[result.reason], result.reason);
  const { ok: _, ...value } = result;
  return value as unknown as T;
}

export const inviteUserAction = action({
  access: "admin",
  args: (input: { email: string; role: string }) => input,
  // The address and the role are checked by the use case (INVALID_EMAIL, which the team page words).
  input: z.object({ email: formRaw, role: formRaw }),
  run: async (input, { session }) => {
    teamOutcome(
      await inviteUser({
        operatorId: session.operatorId,
        invitedById: session.userId,
        email: input.email,
        role: input.role,
        // The e-mail speaks the inviting user's dashboard language.
        language: await dashboardLanguage(session.operatorLanguage),
        linkBase: await origin(),
      }),
    );
    return { email: input.email.trim().toLowerCase(), days: invitationTtlDays() };
  },
});

export const changeRoleAction = action({
  access: "admin",
  args: (userId: number, role: string) => ({ userId, role }),
  input: z.object({ userId: recordId, role: formRaw }),
  run: async ({ userId, role }, { session }) => {
    teamOutcome(await changeRole({ operatorId: session.operatorId, userId, role }));
    return {};
  },
});

export const removeUserAction = action({
  access: "admin",
  args: (userId: number) => ({ userId }),
  input: z.object({ userId: recordId }),
  run: async ({ userId }, { session }) => {
    teamOutcome(await removeUser({ operatorId: session.operatorId, userId }));
    return {};
  },
});

export const revokeInvitationAction = action({
  access: "admin",
  args: (invitationId: number) => ({ invitationId }),
  input: z.object({ invitationId: recordId }),
  run: async ({ invitationId }, { session }) => {
    teamOutcome(await revokeInvitation(session.operatorId, invitationId));
    return {};
  },
});

/**
 * "Forgot password?" (signed out): the same answer whether or not the address has an account, and
 * whether or not the limits held the e-mail back (lib/users/password-reset.ts).
 */
export const requestPasswordResetAction = action({
  access: "anyone",
  args: (email: string) => ({ email }),
  input: z.object({ email: formRaw }),
  run: async ({ email }) => {
    const requestHeaders = await headers();
    const outcome = await requestPasswordReset({
      email,
      client: requestClient(requestHeaders) || UNKNOWN_CLIENT,
      language: await dashboardLanguage(null),
      linkBase: emailLinkOrigin(requestHeaders),
    });
    if (outcome === "invalid") {
      throw refuse("INVALID_INPUT", "not an e-mail address", { email: "invalid-email" });
    }
    return { minutes: resetTtlMinutes() };
  },
});

// The guestbook: the operator hides an abusive message of one of its own memorials
// (the family's actor with the operator's Scope: another operator's memorial is not found).
export const hideGuestbookEntryAction = action({
  access: "staff",
  args: (memorialId: number, entryId: number) => ({ memorialId, entryId }),
  input: z.object({ memorialId: recordId, entryId: recordId }),
  run: async ({ memorialId, entryId }, { session }) => {
    await moderateGuestbookEntry({ by: "operator", scope: session.scope, memorialId }, entryId, "hide");
    return {};
  },
});

/** The "send manage link" button's server action: a plain form, works without JavaScript. */
export const sendManageLinkAction = formAction({
  access: "staff",
  args: (form: FormData) => ({ memorialId: form.get("memorialId") }),
  input: z.object({ memorialId: recordId }),
  run: async ({ memorialId }, { session }) => {
    await sendManageLink({ scope: session.scope, memorialId, linkBase: await origin() });
    return {};
  },
  answer: (result, form) => {
    const memorialId = parseId(String(form.get("memorialId") ?? ""));
    if (memorialId === null) notFound();
    // HOST_NOT_ALLOWED: the host the page was reached on may not name the link of the e-mail
    // (lib/links.ts).
    const outcome = result.ok ? "sent" : result.code === "HOST_NOT_ALLOWED" ? "host" : "refused";
    return `/dashboard/memorials/${memorialId}?manage=${outcome}`;
  },
});
