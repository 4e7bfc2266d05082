// The family's closing summary: once per memorial, an e-mail to the family with the
// summary's PDF and the planters' CSV. Sent CLOSING_WEEKS after the memorial's creation (confirmed
// memorials, shown or hidden, live, with a family e-mail): the daily job `closing-summary` selects
// the memorials due and adds one job `send-closing-summary` per memorial (lib/jobs/fan-out.ts), so
// that one summary that fails is retried alone; or earlier when the family asks from its
// management page. "Once": memorial.summary_sent_at is set by a conditional UPDATE in the
// transaction that writes the e-mail (with its attachments) to the outbox; a second run, on this
// instance or another, finds it set and writes nothing. A second request of the family sends
// nothing either: the page says when it was sent (README).
import { plantationName, plantationRegion, speciesName } from "@memorial/lib/catalogue/translations";
import { recordChange } from "@memorial/lib/changes/record";
import { db, Prisma, type Tx, transaction } from "@memorial/lib/db/client";
import {
  type ClosingSummary,
  summaryCsv,
  summaryPdf,
  summaryTotals,
} from "@memorial/lib/documents/closing-summary";
import { DomainError } from "@memorial/lib/errors";
import { memorialUrl } from "@memorial/lib/links";
import { closingEmail } from "@memorial/lib/mail/closing-email";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "@memorial/lib/mail/family-letter";
import { familyLanguage } from "@memorial/lib/memorials/family";
import { memorialOfToken } from "@memorial/lib/memorials/manage-token";
import { displayTitle, shownMessage, treesVisibleTo } from "@memorial/lib/memorials/policy";
import { formatUnit } from "@memorial/lib/memorials/public-page";
import { familyLinkScope } from "@memorial/lib/scope";
import { settings } from "@memorial/lib/settings";

/** The daily job (lib/service/job-catalogue.ts): selects the memorials due and adds the job of each. */
export const CLOSING_SUMMARY_JOB = "closing-summary";
/** One memorial's summary (its payload: { memorial }). */
export const SEND_CLOSING_SUMMARY_JOB = "send-closing-summary";

/** The summary's data: the trees the family's link sees, hidden messages left out. */
export async function readClosingSummary(
  client: Tx | typeof db,
  memorialId: number,
  origin: string,
): Promise<ClosingSummary> {
  const memorial = await client.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    include: {
      family: { select: { language: true } },
      person: { select: { firstName: true, lastName: true } },
    },
  });
  const language = familyLanguage(memorial);
  const trees = await client.tree.findMany({
    where: { AND: [{ memorialId }, treesVisibleTo(familyLinkScope(memorial))] },
    orderBy: [{ plantedAt: "asc" }, { id: "asc" }],
    include: { species: true, plantation: true },
  });
  return {
    memorialId,
    title: displayTitle(memorial, language),
    language,
    url: memorialUrl(origin, memorial, language),
    trees: trees.map((t) => ({
      plantedAt: t.plantedAt,
      quantity: t.quantity,
      planter: t.planter,
      // A message the family hid is in no document it receives either (the policy's rule).
      message: shownMessage(t.message, t.messageHiddenAt),
      replacement: t.replacesTreeId !== null,
      species: speciesName(t.species, language),
      latinName: t.species.latinName,
      site: {
        name: plantationName(t.plantation, language),
        region: plantationRegion(t.plantation, language),
        country: t.plantation.country,
      },
      status: t.status,
      inGroundOn: t.inGroundOn,
      co2KgPerTree: Number(t.species.co2KgPerTree),
    })),
  };
}

/** The origin of the job's links: APP_URL, else this process's own address. */
export function jobOrigin(): string {
  const s = settings();
  return s.APP_URL ?? `http://localhost:${s.PORT}`;
}

export type SummaryOutcome = { sent: true } | { sent: false; sentAt: Date };

/**
 * Writes the memorial's closing summary to the outbox, unless it was already: the documents are
 * drawn first (outside the transaction), then summary_sent_at is claimed and the e-mail written in
 * one transaction. Two simultaneous calls: one claims, the other waits for its row lock and writes
 * nothing.
 */
async function sendClosingSummary(memorialId: number, origin: string): Promise<SummaryOutcome> {
  const before = await db.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    select: { summarySentAt: true },
  });
  if (before.summarySentAt) return { sent: false, sentAt: before.summarySentAt };
  const summary = await readClosingSummary(db, memorialId, origin);
  const [pdf, csv] = [await summaryPdf(summary), summaryCsv(summary)];
  const totals = summaryTotals(summary);
  return transaction(async (tx) => {
    const claimed = await tx.$executeRaw`
      UPDATE "memorial" SET "summary_sent_at" = now()
      WHERE "id" = ${memorialId} AND "summary_sent_at" IS NULL`;
    if (claimed === 0) {
      const row = await tx.memorial.findUniqueOrThrow({
        where: { id: memorialId },
        select: { summarySentAt: true },
      });
      return { sent: false, sentAt: row.summarySentAt ?? new Date() };
    }
    const memorial = await tx.memorial.findUniqueOrThrow({
      where: { id: memorialId },
      include: FAMILY_LETTER_INCLUDE,
    });
    const to = memorial.family?.email;
    if (!to)
      throw new DomainError("INVALID_INPUT", "the family has no e-mail address", {
        field: "email",
        reason: "required",
      });
    const mail = await closingEmail({
      ...(await familyLetter(tx, memorial)),
      url: summary.url,
      trees: totals.trees,
      planters: totals.planters,
      co2: formatUnit(totals.co2Kg, "kilogram", summary.language),
    });
    const name = `memorial-${memorialId}`;
    await tx.outgoingEmail.create({
      data: {
        memorialId,
        to,
        ...mail,
        isTest: memorial.isTest,
        attachments: {
          create: [
            { filename: `${name}-summary.pdf`, contentType: "application/pdf", content: Buffer.from(pdf) },
            {
              filename: `${name}-planters.csv`,
              contentType: "text/csv; charset=utf-8",
              content: Buffer.from(csv, "utf8"),
            },
          ],
        },
      },
    });
    await recordChange(tx, {
      kind: "memorial.summary_sent",
      target: { type: "memorial", id: memorialId },
      operatorId: memorial.operatorId,
      memorialId,
      after: { trees: totals.trees },
    });
    return { sent: true } as const;
  });
}

/**
 * The memorials due for their summary now: CLOSING_WEEKS after creation, not sent, sendable; in
 * the order of their id after `after` (a keyset condition, lib/db/keyset.ts), at most `limit`.
 */
async function dueClosingSummaries(
  page: { after?: Prisma.Sql; limit?: number; memorial?: number } = {},
): Promise<{ id: number }[]> {
  const weeks = settings().CLOSING_WEEKS;
  return db.$queryRaw<{ id: number }[]>`
    SELECT m."id" FROM "memorial" m JOIN "family" f ON f."memorial_id" = m."id"
    WHERE m."status" = 'visible' AND m."is_test" = false AND m."kind" <> 'global'
      AND m."summary_sent_at" IS NULL AND f."email" IS NOT NULL AND btrim(f."email") <> ''
      AND m."created_at" <= now() - make_interval(weeks => ${weeks})
      ${page.memorial === undefined ? Prisma.empty : Prisma.sql`AND m."id" = ${page.memorial}`}
      ${page.after ?? Prisma.empty}
    ORDER BY m."id" LIMIT ${page.limit ?? null}`;
}

/**
 * The job `closing-summary` (daily): the memorials due for their summary and the job of each,
 * `send-closing-summary`, keyed by memorial (fanned out by lib/jobs/fan-out.ts).
 */
export function closingSummaryItems() {
  return {
    task: SEND_CLOSING_SUMMARY_JOB,
    key: Prisma.sql`m."id"`,
    keyOf: (row: { id: number }) => [row.id],
    read: (after: Prisma.Sql, limit: number) => dueClosingSummaries({ after, limit }),
    // Once per memorial: summary_sent_at.
    job: (row: { id: number }) => ({
      key: `${SEND_CLOSING_SUMMARY_JOB}:${row.id}`,
      payload: { memorial: row.id },
    }),
  };
}

/**
 * The job `send-closing-summary`: the memorial's summary, if it is still due (confirmed, live,
 * with a family e-mail, not sent); returns whether this call sent it.
 */
export async function sendDueClosingSummary(memorialId: number, origin = jobOrigin()): Promise<boolean> {
  if (!Number.isSafeInteger(memorialId)) throw new Error(`send-closing-summary: no memorial in the job`);
  const [due] = await dueClosingSummaries({ memorial: memorialId });
  if (!due) return false;
  return (await sendClosingSummary(memorialId, origin)).sent;
}

/**
 * The family asks for its summary from the management page (before CLOSING_WEEKS, or again: then
 * nothing is sent and the outcome says when it was). A memorial still awaiting its confirmation, or
 * without a family e-mail address, is refused.
 */
export async function requestClosingSummary(token: string, origin: string): Promise<SummaryOutcome> {
  const memorialId = await transaction((tx) => memorialOfToken(tx, token));
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    select: { status: true, family: { select: { email: true } } },
  });
  if (memorial.status !== "visible")
    throw new DomainError("AWAITING_CONFIRMATION", "the memorial awaits its family's confirmation", {
      field: "memorial",
      reason: "awaiting",
    });
  if (!memorial.family?.email?.trim())
    throw new DomainError("INVALID_INPUT", "the family has no e-mail address", {
      field: "email",
      reason: "required",
    });
  return sendClosingSummary(memorialId, origin);
}
