// The page where a visitor sees and deletes their own reminder subscriptions, every
// memorial's, reached from any reminder e-mail (the link carries that subscription's token) or from
// a visitor's receipt (its own token, lib/visitors/receipt-consumer.ts, kept as
// visitor_planting.receipt_token_hash; the link is lib/links.ts's myRemindersUrl). A token names
// an address; the page lists the subscriptions of that address, in any case (an address is one
// mailbox whatever its letters' case), and deletes them: the rows go, with the record of the
// reminders sent, not only marked as ended as an unsubscription leaves them.
import { recordChange } from "@memorial/lib/changes/record";
import { db, Prisma } from "@memorial/lib/db/client";
import { isLanguage, type Language } from "@memorial/lib/i18n/languages";
import { reminderMemorial } from "./subscriptions";
import { hashReminderToken, plausibleToken } from "./tokens";

export interface AddressOfLink {
  email: string;
  language: Language;
}

/** The address a link's token names (a subscription's or a receipt's), or null. */
export async function addressOfLink(token: string): Promise<AddressOfLink | null> {
  if (!plausibleToken(token)) return null;
  const hash = hashReminderToken(token);
  const found =
    (await db.reminderSubscription.findUnique({
      where: { unsubscribeTokenHash: hash },
      select: { email: true, language: true },
    })) ??
    (await db.visitorPlanting.findUnique({
      where: { receiptTokenHash: hash },
      select: { email: true, language: true },
    }));
  if (!found?.email) return null;
  return { email: found.email, language: isLanguage(found.language) ? found.language : "fr" };
}

export interface AddressSubscription {
  id: number;
  memorialId: number;
  title: string;
  deathAnniversary: boolean;
  birthday: boolean;
  confirmed: boolean;
  createdAt: Date;
}

/** The address's subscriptions still running (confirmed or waiting for it), oldest first. */
export async function subscriptionsOfAddress(email: string): Promise<AddressSubscription[]> {
  // lower() = lower(), as the deletion below compares: an insensitive `equals` would be an ILIKE,
  // where the "_" of jean_dupont@ also matches jean.dupont@.
  const rows = await db.$queryRaw<
    {
      id: number;
      memorialId: number;
      deathAnniversary: boolean;
      birthday: boolean;
      confirmedAt: Date | null;
      createdAt: Date;
    }[]
  >`
    SELECT "id", "memorial_id" AS "memorialId", "death_anniversary" AS "deathAnniversary", "birthday",
      "confirmed_at" AS "confirmedAt", "created_at" AS "createdAt"
    FROM "reminder_subscription"
    WHERE lower("email") = lower(${email}) AND "unsubscribed_at" IS NULL
    ORDER BY "created_at", "id"`;
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      memorialId: row.memorialId,
      title: (await reminderMemorial(db, row.memorialId)).title,
      deathAnniversary: row.deathAnniversary,
      birthday: row.birthday,
      confirmed: row.confirmedAt !== null,
      createdAt: row.createdAt,
    })),
  );
}

/**
 * Deletes one subscription of the address (`which` its id) or all of them ("all"); answers how many
 * went. A subscription of another address is not found: 0.
 */
export async function deleteSubscriptionsOfAddress(email: string, which: number | "all"): Promise<number> {
  const only = which === "all" ? Prisma.empty : Prisma.sql`AND "id" = ${which}`;
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ id: number; memorial_id: number }[]>`
      SELECT "id", "memorial_id" FROM "reminder_subscription" WHERE lower("email") = lower(${email}) ${only} FOR UPDATE`;
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    for (const row of rows) {
      await recordChange(tx, {
        kind: "subscription.deleted",
        target: { type: "subscription", id: row.id },
        memorialId: row.memorial_id,
        before: { email },
      });
    }
    await tx.$executeRaw`DELETE FROM "reminder_sent" WHERE "subscription_id" = ANY(${ids}::int[])`;
    return tx.$executeRaw`DELETE FROM "reminder_subscription" WHERE "id" = ANY(${ids}::int[])`;
  });
}
