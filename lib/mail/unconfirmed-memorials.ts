// Memorials whose family has not confirmed. The hourly job `unconfirmed-memorials`
// selects the memorials awaiting their family that are due for something and adds one keyed job
// `unconfirmed-memorial` per memorial and step (lib/jobs/fan-out.ts):
// - `reminder`: CONFIRMATION_REMINDER_DAYS after the memorial's creation, one reminder e-mail;
// - `last-reminder`: LAST_REMINDER_DAYS before its link expires, one last reminder;
// - `expire`: at the link's expiry, the memorial is closed as not confirmed
//   (lib/memorials/close-unconfirmed.ts: its tree not planted, or planted in the global memorial).
// The link's expiry is the latest of its unused links (CONFIRMATION_TTL_DAYS after the e-mail, or
// after the dashboard's resend). A reminder carries a new link (only hashes of links are kept),
// valid until that same moment: the earlier links keep working, nothing is extended. "Once": each
// reminder is claimed by a conditional UPDATE of memorial.reminded_at / last_reminded_at in the
// transaction that writes its e-mail; the closing by the memorial's status, under its row lock.
// A memorial whose confirmation e-mail (or resent one) is not yet written (its event waits for the
// dispatcher) is left alone until it is. A memorial without any link never expires.
import { withEvents } from "@memorial/lib/changes/record";
import { db, Prisma, transaction } from "@memorial/lib/db/client";
import { newConfirmationToken } from "@memorial/lib/mail/confirmation-token";
import { closeUnconfirmed } from "@memorial/lib/memorials/close-unconfirmed";
import { familyLanguage } from "@memorial/lib/memorials/family";
import { formatMoment } from "@memorial/lib/memorials/public-page";
import { settings } from "@memorial/lib/settings";
import { jobOrigin } from "./closing-summary";
import { reminderEmail } from "./confirmation-email";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "./family-letter";

/** The hourly job (lib/service/job-catalogue.ts): the memorials due and the job of each. */
export const UNCONFIRMED_JOB = "unconfirmed-memorials";
/** One memorial's step (its payload: { memorial, step }). */
export const UNCONFIRMED_ITEM_JOB = "unconfirmed-memorial";
/** The last reminder goes this many days before the link expires (and not in the memorial's first day). */
const LAST_REMINDER_DAYS = 2;

export type UnconfirmedStep = "reminder" | "last-reminder" | "expire";
export interface UnconfirmedItem {
  memorial: number;
  step: UnconfirmedStep;
}

/** The memorials due for a step now, in the order of their id after `after`, at most `limit`. */
async function dueSteps(
  page: { after?: Prisma.Sql; limit?: number; memorial?: number } = {},
): Promise<{ id: number; step: UnconfirmedStep }[]> {
  const days = settings().CONFIRMATION_REMINDER_DAYS;
  return db.$queryRaw<{ id: number; step: UnconfirmedStep }[]>`
    SELECT q."id", q."step" FROM (
      SELECT d."id", CASE
        WHEN d."deadline" <= now() THEN 'expire'
        WHEN d."mailable" AND d."last_reminded_at" IS NULL
          AND d."deadline" <= now() + make_interval(days => ${LAST_REMINDER_DAYS})
          AND d."created_at" <= now() - interval '1 day' THEN 'last-reminder'
        WHEN d."mailable" AND d."reminded_at" IS NULL AND d."last_reminded_at" IS NULL
          AND d."created_at" <= now() - make_interval(days => ${days})
          AND d."deadline" > now() + make_interval(days => ${LAST_REMINDER_DAYS}) THEN 'reminder'
        END AS "step"
      FROM (
        SELECT m."id", m."created_at", m."reminded_at", m."last_reminded_at",
          (SELECT max(t."expires_at") FROM "confirmation_token" t
            WHERE t."memorial_id" = m."id" AND t."used_at" IS NULL) AS "deadline",
          EXISTS (SELECT 1 FROM "family" f WHERE f."memorial_id" = m."id"
            AND f."email" IS NOT NULL AND btrim(f."email") <> '') AS "mailable"
        FROM "memorial" m
        WHERE m."status" = 'awaiting_confirmation'
          ${page.memorial === undefined ? Prisma.empty : Prisma.sql`AND m."id" = ${page.memorial}`}
          AND NOT EXISTS (SELECT 1 FROM "domain_event" e WHERE e."memorial_id" = m."id"
            AND e."dispatched_at" IS NULL AND e."type" IN ('memorial.created', 'confirmation.resent'))
      ) d
      WHERE d."deadline" IS NOT NULL
    ) q
    WHERE q."step" IS NOT NULL ${page.after ?? Prisma.empty}
    ORDER BY q."id" LIMIT ${page.limit ?? null}`;
}

/** The job `unconfirmed-memorials`: the memorials due for a step, one keyed job each (fan-out). */
export function unconfirmedItems() {
  return {
    task: UNCONFIRMED_ITEM_JOB,
    key: Prisma.sql`q."id"`,
    keyOf: (row: { id: number }) => [row.id],
    read: (after: Prisma.Sql, limit: number) => dueSteps({ after, limit }),
    // Once per memorial and step: reminded_at, last_reminded_at, the status.
    job: (row: { id: number; step: UnconfirmedStep }) => ({
      key: `${UNCONFIRMED_ITEM_JOB}:${row.id}:${row.step}`,
      payload: { memorial: row.id, step: row.step },
    }),
  };
}

/** The job `unconfirmed-memorial`: the memorial's step if it is still due; whether this call did it. */
export async function runUnconfirmedStep(item: UnconfirmedItem, origin = jobOrigin()): Promise<boolean> {
  if (!Number.isSafeInteger(item.memorial)) throw new Error("unconfirmed-memorial: no memorial in the job");
  const [due] = await dueSteps({ memorial: item.memorial });
  if (!due || due.step !== item.step) return false;
  if (item.step === "expire") return expireMemorial(item.memorial);
  return sendReminder(item.memorial, item.step === "last-reminder", origin);
}

/** Closes the memorial as not confirmed if its links have all expired (once: its status). */
export function expireMemorial(memorialId: number): Promise<boolean> {
  return withEvents(
    async (tx, changes) => (await closeUnconfirmed(tx, changes, memorialId, "expired")).closed,
  );
}

/** The reminder (or the last one) with a new link valid until the current links' end; once. */
async function sendReminder(memorialId: number, last: boolean, origin: string): Promise<boolean> {
  return transaction(async (tx) => {
    // The claim also waits for a confirmation or a closing holding the row, and then finds its status.
    const claimed = last
      ? await tx.$executeRaw`UPDATE "memorial" SET "last_reminded_at" = now()
          WHERE "id" = ${memorialId} AND "last_reminded_at" IS NULL AND "status" = 'awaiting_confirmation'`
      : await tx.$executeRaw`UPDATE "memorial" SET "reminded_at" = now()
          WHERE "id" = ${memorialId} AND "reminded_at" IS NULL AND "status" = 'awaiting_confirmation'`;
    if (claimed === 0) return false;
    const newest = await tx.confirmationToken.findFirst({
      where: { memorialId, usedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { expiresAt: "desc" },
    });
    const memorial = await tx.memorial.findUniqueOrThrow({
      where: { id: memorialId },
      include: FAMILY_LETTER_INCLUDE,
    });
    const to = memorial.family?.email?.trim();
    if (!newest || !to) return false;
    const token = await newConfirmationToken(
      tx,
      memorialId,
      {
        operatorId: newest.operatorId,
        contextId: newest.contextId,
        planter: newest.planter,
        message: newest.message,
        externalId: newest.externalId === null ? null : Number(newest.externalId),
        memorialsLot: newest.memorialsLot,
        uEventId: newest.uEventId,
      },
      newest.expiresAt,
    );
    const mail = await reminderEmail({
      ...(await familyLetter(tx, memorial, newest.contextId)),
      link: `${origin}/confirm/${token}`,
      until: formatMoment(newest.expiresAt, familyLanguage(memorial), true),
      last,
    });
    await tx.outgoingEmail.create({ data: { memorialId, to, ...mail, isTest: memorial.isTest } });
    return true;
  });
}
