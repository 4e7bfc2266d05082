// The job `guestbook-digest` (daily, lib/jobs/catalogue.ts): each family whose guestbook has
// messages waiting for its approval, not yet listed in a digest, gets ONE e-mail that day listing
// them (in the outbox, sent by `send-email`). Once per memorial and day (UTC) across instances:
// the digest's row (guestbook_digest, primary key (memorial_id, day)) is inserted with ON CONFLICT
// DO NOTHING in the transaction that writes the e-mail and marks the messages, so a second run,
// at once or later that day, finds it and sends nothing.
import { db, transaction } from "@memorial/lib/db/client";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "@memorial/lib/mail/family-letter";
import { guestbookDigestEmail } from "./digest-email";

export const DIGEST_JOB = "guestbook-digest";

class NothingToSend extends Error {}

/** Sends the day's digests; returns how many were written. */
export async function sendGuestbookDigests(now = new Date()): Promise<number> {
  const day = now.toISOString().slice(0, 10);
  const candidates = await db.$queryRaw<{ id: number }[]>`
    SELECT DISTINCT e."memorial_id" AS "id"
    FROM "guestbook_entry" e
    JOIN "family" f ON f."memorial_id" = e."memorial_id"
    WHERE e."status" = 'pending' AND e."digested_at" IS NULL AND f."email" IS NOT NULL
    ORDER BY 1`;
  let sent = 0;
  for (const { id } of candidates) {
    try {
      await transaction(async (tx) => {
        // Waits for another run's uncommitted row of the same day, then finds it: nothing to do.
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
        const mail = guestbookDigestEmail({ ...(await familyLetter(tx, memorial)), entries });
        await tx.outgoingEmail.create({ data: { memorialId: id, to, ...mail, isTest: memorial.isTest } });
        await tx.$executeRaw`UPDATE "guestbook_entry" SET "digested_at" = ${now}
                             WHERE "id" = ANY(${entries.map((e) => e.id)}::int[])`;
        await tx.$executeRaw`UPDATE "guestbook_digest" SET "entries" = ${entries.length}
                             WHERE "memorial_id" = ${id} AND "day" = ${day}::date`;
      });
      sent++;
    } catch (error) {
      if (!(error instanceof NothingToSend)) throw error;
    }
  }
  return sent;
}
