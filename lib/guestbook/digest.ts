// The job `guestbook-digest` (daily, lib/service/job-catalogue.ts): each family whose guestbook has
// messages waiting for its approval, not yet listed in a digest, gets ONE e-mail that day listing
// them (in the outbox, sent by `send-email`). The daily job only selects the memorials
// (digestItems, in keyset batches) and adds one job `send-guestbook-digest` per memorial and day
// (lib/jobs/fan-out.ts): a digest that fails is retried alone. Once per memorial and day (UTC)
// across instances: the digest's row (guestbook_digest, primary key (memorial_id, day)) is
// inserted with ON CONFLICT DO NOTHING in the transaction that writes the e-mail and marks the
// messages, so a second job of the day, at once or later, finds it and sends nothing; and a
// memorial with its digest of the day is no longer selected that day.
import { db, Prisma, transaction } from "@memorial/lib/db/client";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "@memorial/lib/mail/family-letter";
import { guestbookDigestEmail } from "./digest-email";

/** The daily job: selects the memorials with messages waiting and adds the job of each. */
export const DIGEST_JOB = "guestbook-digest";
/** One memorial's digest of a day (its payload: DigestItem). */
export const SEND_DIGEST_JOB = "send-guestbook-digest";

/** A digest's job: the memorial and the UTC day (YYYY-MM-DD) of its digest. */
export interface DigestItem {
  memorial: number;
  day: string;
}

class NothingToSend extends Error {}

/**
 * The memorials due a digest on `day`: messages waiting and not yet in a digest, a family e-mail,
 * no digest that day; in the order of their id after `after` (lib/db/keyset.ts), at most `limit`.
 */
function dueDigests(day: string, after: Prisma.Sql, limit: number) {
  return db.$queryRaw<{ id: number }[]>`
    SELECT m."id" FROM "memorial" m
    JOIN "family" f ON f."memorial_id" = m."id"
    WHERE f."email" IS NOT NULL
      AND EXISTS (SELECT 1 FROM "guestbook_entry" e
        WHERE e."memorial_id" = m."id" AND e."status" = 'pending' AND e."digested_at" IS NULL)
      AND NOT EXISTS (SELECT 1 FROM "guestbook_digest" d
        WHERE d."memorial_id" = m."id" AND d."day" = ${day}::date)
      ${after}
    ORDER BY m."id" LIMIT ${limit}`;
}

/** The digests due on the UTC day of `now` and their jobs (fanned out by lib/jobs/fan-out.ts). */
export function digestItems(now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  return {
    task: SEND_DIGEST_JOB,
    key: Prisma.sql`m."id"`,
    keyOf: (row: { id: number }) => [row.id],
    read: (after: Prisma.Sql, limit: number) => dueDigests(day, after, limit),
    // Once per memorial and day: the guestbook_digest row.
    job: (row: { id: number }) => ({
      key: `${SEND_DIGEST_JOB}:${row.id}:${day}`,
      payload: { memorial: row.id, day } satisfies DigestItem,
    }),
  };
}

/** The job `send-guestbook-digest`: the memorial's digest of its day; returns whether it was written. */
export async function sendGuestbookDigest(item: DigestItem, now = new Date()): Promise<boolean> {
  const { memorial: id, day } = item;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`send-guestbook-digest: "${day}" is not a day`);
  if (!Number.isSafeInteger(id)) throw new Error("send-guestbook-digest: no memorial in the job");
  try {
    await transaction(async (tx) => {
      // Waits for another job's uncommitted row of the same day, then finds it: nothing to do.
      const claimed = await tx.$queryRaw<unknown[]>`
        INSERT INTO "guestbook_digest" ("memorial_id", "day", "entries")
        VALUES (${id}, ${day}::date, 0)
        ON CONFLICT DO NOTHING RETURNING 1`;
      if (claimed.length === 0) throw new NothingToSend();
      const entries = await tx.$queryRaw<{ id: number; authorName: string; message: string }[]>`
        SELECT "id", "author_name" AS "authorName", "message" FROM "guestbook_entry"
        WHERE "memorial_id" = ${id} AND "status" = 'pending' AND "digested_at" IS NULL
        ORDER BY "created_at", "id" FOR UPDATE`;
      const memorial = await tx.memorial.findUnique({ where: { id }, include: FAMILY_LETTER_INCLUDE });
      const to = memorial?.family?.email;
      if (!memorial || !to || entries.length === 0) throw new NothingToSend();
      const mail = await guestbookDigestEmail({ ...(await familyLetter(tx, memorial)), entries });
      await tx.outgoingEmail.create({ data: { memorialId: id, to, ...mail, isTest: memorial.isTest } });
      await tx.$executeRaw`UPDATE "guestbook_entry" SET "digested_at" = ${now}
                           WHERE "id" = ANY(${entries.map((e) => e.id)}::int[])`;
      await tx.$executeRaw`UPDATE "guestbook_digest" SET "entries" = ${entries.length}
                           WHERE "memorial_id" = ${id} AND "day" = ${day}::date`;
    });
    return true;
  } catch (error) {
    if (error instanceof NothingToSend) return false;
    throw error;
  }
}
