// The e-mails of one of the operator's memorials as the outbox holds them, whether this service
// can send e-mail at all (SMTP_URL): the dashboard says plainly what happens to them; and the
// preview of the family's confirmation e-mail, rendered by the very component that makes the e-mail
// (lib/mail/confirmation-email.tsx).
import { db } from "@memorial/lib/db/client";
import { LANGUAGES } from "@memorial/lib/i18n/languages";
import { confirmationEmail } from "@memorial/lib/mail/confirmation-email";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "@memorial/lib/mail/family-letter";
import { ownMemorialsOf } from "@memorial/lib/memorials/policy";
import { isTestEnvironment, type OperatorScope } from "@memorial/lib/scope";
import { settings } from "@memorial/lib/settings";

export type EmailState = "sent" | "waiting" | "retrying" | "failed" | "held";

/** pending with no attempt yet is waiting; pending after a failed attempt is retrying. */
function emailState(row: { status: string; attempts: number }): EmailState {
  if (row.status === "pending") return row.attempts > 0 ? "retrying" : "waiting";
  return row.status as EmailState;
}

/** Without SMTP_URL, e-mails are kept (held), printed in the log, sent once it is set. */
export const mailConfigured = () => Boolean(settings().SMTP_URL);

/**
 * An address shown to the operator: the family's in full (the funeral home deals with it), any
 * other (a visitor who asked for anniversary reminders gave it to the service, not to the funeral
 * home) with only its first character and its domain.
 */
export function shownAddress(to: string, familyEmail: string | null | undefined): string {
  if (familyEmail && to.trim().toLowerCase() === familyEmail.trim().toLowerCase()) return to;
  const at = to.lastIndexOf("@");
  return at > 0 ? `${to[0]}…${to.slice(at)}` : "…";
}

export async function memorialEmails(scope: OperatorScope, memorialId: number) {
  const family = await db.family.findFirst({
    where: { memorialId, memorial: ownMemorialsOf(scope) },
    select: { email: true },
  });
  const rows = await db.outgoingEmail.findMany({
    where: { memorialId, isTest: isTestEnvironment(scope.environment), memorial: ownMemorialsOf(scope) },
    select: {
      id: true,
      to: true,
      subject: true,
      status: true,
      attempts: true,
      createdAt: true,
      sentAt: true,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 20,
  });
  return rows.map((row) => ({
    id: row.id,
    to: shownAddress(row.to, family?.email),
    subject: row.subject,
    state: emailState(row),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}

/** The preview's stand-ins for the family's own links (each e-mail gets new secret links). */
const PREVIEW_CONFIRM_LINK = "https://…/confirm/…";
const PREVIEW_MANAGE_LINK = "https://…/manage/…";

/**
 * The family's confirmation e-mail exactly as it is sent (same letter, same function, the
 * management-link paragraph included), with stand-in links, in the family's language first and
 * then in the others. Null for a memorial that is not the scope's own (its operator, production).
 */
export async function confirmationPreviews(scope: OperatorScope, memorialId: number) {
  const memorial = await db.memorial.findFirst({
    where: { AND: [{ id: memorialId }, ownMemorialsOf(scope)] },
    include: FAMILY_LETTER_INCLUDE,
  });
  if (!memorial) return null;
  // The e-mail names the context of the planting waiting for the family (its last link's).
  const waiting = await db.confirmationToken.findFirst({
    where: { memorialId },
    orderBy: { id: "desc" },
    select: { contextId: true },
  });
  const letter = await familyLetter(db, memorial, waiting ? waiting.contextId : memorial.contextId);
  const languages = [letter.language, ...LANGUAGES.filter((l) => l !== letter.language)];
  return Promise.all(
    languages.map(async (language) => ({
      language,
      isFamilyLanguage: language === letter.language,
      ...(await confirmationEmail({
        ...letter,
        language,
        link: PREVIEW_CONFIRM_LINK,
        manageLink: PREVIEW_MANAGE_LINK,
        days: settings().CONFIRMATION_TTL_DAYS,
      })),
    })),
  );
}
