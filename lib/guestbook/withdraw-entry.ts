// A guestbook author may leave an e-mail address with their message; the service then
// sends them a link that withdraws it. The address is not kept with the message: only the SHA-256
// of the link's token is, on the entry (the outbox keeps the e-mail itself until its retention,
// RETENTION_EMAIL_BODY_DAYS, and its link is removed once sent: lib/mail/outbox-sender.ts).
// Following the link shows the message and one button (mail scanners open links: GET only
// reads); the button's POST withdraws it: the entry is deleted (its name and text with it) by a
// conditional DELETE on the token's hash, so two posts at once withdraw it once, and an audit row
// guestbook.withdrawn and the domain event guestbook.entry_withdrawn (a webhook: a partner that
// mirrors the messages drops it; every instance drops the memorial's cached page) are written in
// that transaction. A link past GUESTBOOK_WITHDRAW_DAYS is expired; a used one is unknown (its entry
// is gone): neither changes anything.
import { withEvents } from "@memorial/lib/changes/record";
import { db, type Tx } from "@memorial/lib/db/client";
import { invalid } from "@memorial/lib/errors";
import { isLanguage, type Language } from "@memorial/lib/i18n/languages";
import { countedAddress, hit, type Limit } from "@memorial/lib/limits/rate-limit";
import { requesterName } from "@memorial/lib/memorials/family";
import { displayTitle, TITLE_SELECT } from "@memorial/lib/memorials/policy";
import { hashSecretToken, isSecretTokenShape, newSecretToken } from "@memorial/lib/secret-token";
import { settings } from "@memorial/lib/settings";
import { email as emailSchema } from "@memorial/lib/validation";
import { withdrawEmail } from "./withdraw-email";

/** The e-mail address field of the guestbook form. */
export const EMAIL_FIELD = "email";
export const EMAIL_MAX = 254;

/** A well-formed address (trimmed), null for none; refused (nothing written) when malformed. */
export function parseAuthorEmail(raw: string | null): string | null {
  const value = raw?.trim() ?? "";
  if (value === "") return null;
  const parsed = emailSchema(EMAIL_MAX).safeParse(value);
  if (!parsed.success)
    throw invalid("email must be an e-mail address", { field: "email", reason: "invalid-email" });
  return parsed.data;
}

/** Withdrawal e-mails an address receives at most in a day (UTC windows of 24 hours). */
export const WITHDRAW_MAILS_PER_DAY = 3;

const withdrawMailLimit = (email: string): Limit => ({
  bucket: "guestbook-withdraw-address",
  subject: countedAddress(email),
  max: WITHDRAW_MAILS_PER_DAY,
  windowSeconds: 86_400,
});

const withdrawUrl = (base: string, token: string, language: Language) =>
  `${base.replace(/\/+$/, "")}/guestbook/withdraw/${token}?lang=${language}`;

const expiry = (createdAt: Date) =>
  new Date(createdAt.getTime() + settings().GUESTBOOK_WITHDRAW_DAYS * 86_400_000);

/** Where the withdrawal link of a message goes, and in which language. */
export interface WithdrawalOffer {
  email: string;
  language: Language;
  linkBase: string;
}

/**
 * Gives a message just posted its withdrawal link: the token's hash on the entry and the e-mail
 * to the author in the outbox, in the post's own transaction (lib/guestbook/post-entry.ts), so that
 * the message and its link are one write (an entry that already has a link keeps it).
 */
export async function offerWithdrawal(tx: Tx, input: WithdrawalOffer & { entryId: number }): Promise<void> {
  const { token, hash } = newSecretToken();
  // The form cannot be used to mail a stranger again and again (the greeting names whoever the
  // sender typed): an address receives WITHDRAW_MAILS_PER_DAY of these a day, whatever the
  // clients; past that the message stays, without its link, and the page says the same.
  const counted = await hit([withdrawMailLimit(input.email)], tx);
  if (!counted.allowed) return;
  const claimed = await tx.guestbookEntry.updateMany({
    where: { id: input.entryId, withdrawTokenHash: null },
    data: { withdrawTokenHash: hash },
  });
  if (claimed.count === 0) return;
  const entry = await tx.guestbookEntry.findUniqueOrThrow({
    where: { id: input.entryId },
    select: {
      authorName: true,
      status: true,
      createdAt: true,
      memorial: {
        select: {
          ...TITLE_SELECT,
          id: true,
          isTest: true,
          operatorId: true,
          contextId: true,
          operator: { select: { name: true } },
        },
      },
    },
  });
  const memorial = entry.memorial;
  const mail = await withdrawEmail({
    language: input.language,
    author: entry.authorName,
    title: displayTitle(memorial, input.language),
    requester: await requesterName(tx, {
      operatorId: memorial.operatorId,
      contextId: memorial.contextId,
      operatorName: memorial.operator.name,
    }),
    pending: entry.status !== "published",
    withdrawUrl: withdrawUrl(input.linkBase, token, input.language),
    expiresAt: expiry(entry.createdAt),
  });
  await tx.outgoingEmail.create({
    data: { memorialId: memorial.id, to: input.email, ...mail, isTest: memorial.isTest },
  });
}

export type WithdrawLookup =
  | {
      state: "active";
      entryId: number;
      memorialId: number;
      authorName: string;
      message: string;
      title: string;
      language: Language;
    }
  | { state: "expired"; language: Language }
  | { state: "unknown" };

/** What a withdrawal link names (reads only). */
export async function lookupWithdrawal(token: string, language?: Language | null): Promise<WithdrawLookup> {
  if (!isSecretTokenShape(token)) return { state: "unknown" };
  const entry = await db.guestbookEntry.findUnique({
    where: { withdrawTokenHash: hashSecretToken(token) },
    select: {
      id: true,
      authorName: true,
      message: true,
      createdAt: true,
      memorial: { select: { ...TITLE_SELECT, id: true, language: true } },
    },
  });
  if (!entry) return { state: "unknown" };
  const own = language ?? (isLanguage(entry.memorial.language) ? entry.memorial.language : "fr");
  if (expiry(entry.createdAt) <= new Date()) return { state: "expired", language: own };
  return {
    state: "active",
    entryId: entry.id,
    memorialId: entry.memorial.id,
    authorName: entry.authorName,
    message: entry.message,
    title: displayTitle(entry.memorial, own),
    language: own,
  };
}

/**
 * Withdraws the message the link names: deletes it and writes the audit row, at most once; then
 * every instance drops the memorial's page. "expired" or "unknown" (used, or never issued): nothing
 * is written.
 */
export async function withdrawGuestbookEntry(token: string): Promise<"withdrawn" | "expired" | "unknown"> {
  if (!isSecretTokenShape(token)) return "unknown";
  const hash = hashSecretToken(token);
  const days = settings().GUESTBOOK_WITHDRAW_DAYS;
  const outcome = await withEvents(async (tx, changes) => {
    const [gone] = await tx.$queryRaw<
      {
        id: number;
        memorialId: number;
        status: string;
        operatorId: number;
        isTest: boolean;
        author: string;
        message: string;
      }[]
    >`
      DELETE FROM "guestbook_entry" e USING "memorial" m
      WHERE e."withdraw_token_hash" = ${hash} AND m."id" = e."memorial_id"
        AND e."created_at" > now() - make_interval(days => ${days})
      RETURNING e."id", e."memorial_id" AS "memorialId", e."status"::text AS "status",
        m."operator_id" AS "operatorId", m."is_test" AS "isTest", e."author_name" AS "author", e."message"`;
    if (!gone) return null;
    await changes.record({
      kind: "guestbook.withdrawn",
      target: { type: "guestbook", id: gone.id },
      operatorId: gone.operatorId,
      memorialId: gone.memorialId,
      // The name and text are personal: the row says they went, not what they were.
      before: { status: gone.status, author: gone.author, message: gone.message },
      event: {
        isTest: gone.isTest,
        payload: { entryId: gone.id },
      },
    });
    return gone;
  });
  if (!outcome) {
    const still = await db.guestbookEntry.count({ where: { withdrawTokenHash: hash } });
    return still > 0 ? "expired" : "unknown";
  }
  return "withdrawn";
}
