// The use cases of anniversary reminders: subscribe (a visitor from the memorial page,
// the family from its management page), confirm (double opt-in: a subscription is active only once
// its confirmation link was followed), unsubscribe (the link of every reminder, RFC 8058 one-click
// included). What can be asked of a memorial is reminderOptions: only for a memorial the public may
// see (the policy), the date of death when it is exact, the birthday when it is known and public
// (a classic memorial: an anonymous one says nothing about the deceased).
import { recordChange } from "@memorial/lib/changes/record";
import { db, Prisma, type Tx, transaction } from "@memorial/lib/db/client";
import { invalid, notFound } from "@memorial/lib/errors";
import type { Language } from "@memorial/lib/i18n/languages";
import { countedAddress, giveBack, hit, type Limit, RateLimitedError } from "@memorial/lib/limits/rate-limit";
import { myRemindersUrl } from "@memorial/lib/links";
import { displayTitle, memorialsVisibleToSql, PUBLIC, TITLE_SELECT } from "@memorial/lib/memorials/policy";
import type { ReminderKind } from "./anniversaries";
import { confirmationEmail } from "./reminder-emails";
import { hashReminderToken, plausibleToken, reminderToken } from "./tokens";

export interface ReminderOptions {
  memorialId: number;
  /**
   * The anniversary of the death can be asked: a classic memorial with an exact date of death (an
   * anonymous memorial shows nothing of its deceased, its date included: 4.1 rule 7).
   */
  deathAnniversary: boolean;
  /** The birthday can be asked (a classic memorial whose birth date is known). */
  birthday: boolean;
}

/**
 * The date a memorial's reminder of `kind` comes back on, or NULL where the memorial allows none of
 * that kind: the one rule of the form (reminderOptions) and of the daily sending (send-reminders).
 * Only a classic memorial (an anonymous one shows nothing of its deceased, its dates included: 4.1
 * rule 7; a global one has none); the death's anniversary for an exact date of death only; the
 * birthday when the birth date is known. For a memorial aliased `m` and its person `p`.
 */
export function reminderDateSql(kind: ReminderKind): Prisma.Sql {
  return kind === "death_anniversary"
    ? Prisma.sql`CASE WHEN m."kind"::text = 'classic' AND NOT p."death_date_approximate" THEN p."death_date" END`
    : Prisma.sql`CASE WHEN m."kind"::text = 'classic' THEN p."birth_date" END`;
}

/** What a reminder can be asked for on this memorial; null when none (not public, no dates). */
export async function reminderOptions(
  memorialId: number,
  client: Tx | typeof db = db,
): Promise<ReminderOptions | null> {
  const [row] = await client.$queryRaw<{ death: boolean; birthday: boolean }[]>`
    SELECT (${reminderDateSql("death_anniversary")}) IS NOT NULL AS "death",
           (${reminderDateSql("birthday")}) IS NOT NULL AS "birthday"
    FROM "memorial" m JOIN "person" p ON p."id" = m."person_id"
    WHERE m."id" = ${memorialId} AND m."kind"::text <> 'global' AND ${memorialsVisibleToSql(PUBLIC)}`;
  if (!row || (!row.death && !row.birthday)) return null;
  return { memorialId, deathAnniversary: row.death, birthday: row.birthday };
}

export interface SubscribeInput {
  memorialId: number;
  email: string;
  language: Language;
  deathAnniversary: boolean;
  birthday: boolean;
  /** The base of the links of its e-mails (lib/links.ts linkBase). */
  linkBase: string;
  /** The address is already proven (the family's own, which received its management link). */
  confirmed: boolean;
  /** The client's address (lib/auth/client-address.ts): its confirmation e-mails are limited. */
  client: string;
}

export type SubscribeOutcome = "confirmation-sent" | "active" | "pending";

/** Confirmation e-mails an address (its +tag aside) may be sent in a day while it confirms none of them. */
export const UNCONFIRMED_PER_DAY = 3;
/** Confirmation e-mails one client may have sent in an hour, whatever the addresses and memorials. */
export const CLIENT_CONFIRMATIONS_PER_HOUR = 20;
/** Confirmation e-mails sent for one memorial in a day, whoever asks. */
export const MEMORIAL_CONFIRMATIONS_PER_DAY = 50;

const DAY_SECONDS = 86_400;

const addressLimit = (email: string): Limit => ({
  bucket: "reminder-address",
  subject: countedAddress(email),
  max: UNCONFIRMED_PER_DAY,
  windowSeconds: DAY_SECONDS,
});

/**
 * The limits of a confirmation e-mail: per address, per client, per memorial. An
 * address over its cap gets the usual answer and nothing (the page tells nobody what an address
 * did); a client or a memorial over its own is refused with 429.
 */
function confirmationLimits(input: SubscribeInput): Limit[] {
  return [
    addressLimit(input.email),
    {
      bucket: "reminder-client",
      subject: input.client,
      max: CLIENT_CONFIRMATIONS_PER_HOUR,
      windowSeconds: 3_600,
    },
    {
      bucket: "reminder-memorial",
      subject: input.memorialId,
      max: MEMORIAL_CONFIRMATIONS_PER_DAY,
      windowSeconds: DAY_SECONDS,
    },
  ];
}

/**
 * Subscribes `email` to the reminders of a memorial. A new address gets a confirmation e-mail (or
 * is active at once when proven); an address already subscribed has its choice updated and gets no
 * second e-mail (so the form cannot be used to flood a mailbox).
 */
export async function subscribe(input: SubscribeInput): Promise<SubscribeOutcome> {
  return transaction(async (tx) => {
    const options = await reminderOptions(input.memorialId, tx);
    if (!options)
      throw notFound("no reminder can be asked for this memorial", {
        field: "memorial",
        reason: "not-found",
      });
    const deathAnniversary = input.deathAnniversary && options.deathAnniversary;
    const birthday = input.birthday && options.birthday;
    if (!deathAnniversary && !birthday) {
      throw invalid("choose at least one day to be reminded of", { field: "kinds", reason: "required" });
    }
    const email = input.email.trim();
    // One subscription per address and memorial, and the cap below, whatever the number of
    // simultaneous requests: the look-ups and the write are taken in turn for this address
    // (released at commit).
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`reminder:${email.toLowerCase()}`}))`;
    // The same address, case aside: lower() = lower(), not Prisma's insensitive equals, which is an
    // ILIKE where `_` and `%` of an address would match other addresses.
    const [same] = await tx.$queryRaw<{ id: number }[]>`
      SELECT "id" FROM "reminder_subscription"
      WHERE "memorial_id" = ${input.memorialId} AND lower("email") = lower(${email})
        AND "unsubscribed_at" IS NULL
      ORDER BY "id" LIMIT 1`;
    const existing = same ? await tx.reminderSubscription.findUnique({ where: { id: same.id } }) : null;
    if (existing) {
      const confirmedAt = existing.confirmedAt ?? (input.confirmed ? new Date() : null);
      await tx.reminderSubscription.update({
        where: { id: existing.id },
        data: { deathAnniversary, birthday, language: input.language, confirmedAt },
      });
      await recordChange(tx, {
        kind: "subscription.modified",
        target: { type: "subscription", id: existing.id },
        memorialId: input.memorialId,
        before: {
          deathAnniversary: existing.deathAnniversary,
          birthday: existing.birthday,
          confirmed: existing.confirmedAt !== null,
        },
        after: { deathAnniversary, birthday, confirmed: confirmedAt !== null },
      });
      return confirmedAt ? "active" : "pending";
    }
    // The confirmation e-mail's limits, counted in this transaction: a request refused here or
    // failing later leaves no hit behind.
    if (!input.confirmed) {
      const limited = await hit(confirmationLimits(input), tx);
      if (!limited.allowed) {
        if (limited.bucket === "reminder-address") return "pending";
        throw new RateLimitedError(limited.bucket, limited.retryAfterSeconds);
      }
    }
    const createdAt = new Date();
    const token = reminderToken({ memorialId: input.memorialId, email, createdAt });
    const created = await tx.reminderSubscription.create({
      data: {
        memorialId: input.memorialId,
        email,
        language: input.language,
        deathAnniversary,
        birthday,
        unsubscribeTokenHash: hashReminderToken(token),
        createdAt,
        confirmedAt: input.confirmed ? createdAt : null,
        linkBase: input.linkBase,
      },
    });
    await recordChange(tx, {
      kind: "subscription.created",
      target: { type: "subscription", id: created.id },
      memorialId: input.memorialId,
      after: { email, deathAnniversary, birthday, confirmed: input.confirmed },
    });
    if (input.confirmed) return "active";
    const memorial = await reminderMemorial(tx, input.memorialId);
    const mail = await confirmationEmail({
      language: input.language,
      title: memorial.title,
      confirmLink: `${input.linkBase}/reminders/confirm/${token}`,
      myRemindersLink: myRemindersUrl(input.linkBase, token),
      deathAnniversary,
      birthday,
    });
    await tx.outgoingEmail.create({ data: { memorialId: input.memorialId, to: email, ...mail } });
    return "confirmation-sent";
  });
}

/** The memorial as a reminder names it: its display title (never the name of an anonymous one). */
export async function reminderMemorial(client: Tx | typeof db, memorialId: number) {
  const memorial = await client.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    select: { ...TITLE_SELECT, operatorId: true, contextId: true, operator: { select: { name: true } } },
  });
  return { ...memorial, title: displayTitle(memorial) };
}

export type SubscriptionView = {
  id: number;
  memorialId: number;
  email: string;
  language: string;
  confirmed: boolean;
  unsubscribed: boolean;
  title: string;
};

/** The subscription a link's token names, or null (an implausible or unknown token). */
export async function lookupSubscription(token: string): Promise<SubscriptionView | null> {
  if (!plausibleToken(token)) return null;
  const found = await db.reminderSubscription.findUnique({
    where: { unsubscribeTokenHash: hashReminderToken(token) },
  });
  if (!found) return null;
  const memorial = await reminderMemorial(db, found.memorialId);
  return {
    id: found.id,
    memorialId: found.memorialId,
    email: found.email,
    language: found.language,
    confirmed: found.confirmedAt !== null,
    unsubscribed: found.unsubscribedAt !== null,
    title: memorial.title,
  };
}

const unknownLink = () => notFound("unknown reminder link", { field: "token", reason: "unknown" });

/** Confirms the subscription (the double opt-in's second step); again is harmless. */
export async function confirmSubscription(token: string): Promise<void> {
  if (!plausibleToken(token)) throw unknownLink();
  const hash = hashReminderToken(token);
  const found = await db.reminderSubscription.findUnique({ where: { unsubscribeTokenHash: hash } });
  if (!found) throw unknownLink();
  if (found.unsubscribedAt)
    throw invalid("this subscription was cancelled", { field: "token", reason: "unsubscribed" });
  const confirmed = await transaction(async (tx) => {
    const count = await tx.$executeRaw`UPDATE "reminder_subscription" SET "confirmed_at" = now()
      WHERE "id" = ${found.id} AND "confirmed_at" IS NULL`;
    if (count > 0) {
      await recordChange(tx, {
        kind: "subscription.confirmed",
        target: { type: "subscription", id: found.id },
        memorialId: found.memorialId,
        before: { confirmed: false },
        after: { confirmed: true },
      });
    }
    return count;
  });
  // A confirmed request no longer counts against its address's cap (its owner wanted it).
  if (confirmed > 0) await giveBack(addressLimit(found.email), 1);
}

/** Ends the subscription: no reminder is sent from now on; again is harmless. */
export async function unsubscribe(token: string): Promise<void> {
  if (!plausibleToken(token)) throw unknownLink();
  await transaction(async (tx) => {
    const hash = hashReminderToken(token);
    // Only a subscription still running is ended: of two cancellations at once, the second waits
    // for the first, then finds it ended (PostgreSQL reads the row again), so one audit row.
    const [row] = await tx.$queryRaw<{ id: number; memorial_id: number }[]>`
      UPDATE "reminder_subscription" SET "unsubscribed_at" = now()
      WHERE "unsubscribe_token_hash" = ${hash} AND "unsubscribed_at" IS NULL
      RETURNING "id", "memorial_id"`;
    if (!row) {
      // Again is harmless, and changes nothing to record; an unknown link is refused.
      const known = await tx.reminderSubscription.count({ where: { unsubscribeTokenHash: hash } });
      if (known === 0) throw unknownLink();
      return;
    }
    await recordChange(tx, {
      kind: "subscription.cancelled",
      target: { type: "subscription", id: row.id },
      memorialId: row.memorial_id,
      before: { unsubscribed: false },
      after: { unsubscribed: true },
    });
  });
}
