// A visitor leaves a message in a memorial's guestbook: no account, a name and a
// short text. Refused, with nothing written: a filled honeypot field (a field people never see),
// a name or message out of its limits, control characters, anything that reads as a link, a
// closed guestbook, and a client over its limits (RATE_LIMIT messages per RATE_WINDOW_MS in one
// guestbook, RATE_LIMIT_ALL in all of them: limits of the one rate limiter, lib/limits/rate-limit.ts,
// hit in the message's transaction, so that simultaneous posts cannot pass them together and a
// refused post counts in neither). The message is published at once in an open guestbook, else it
// waits for the family (approval, the default). When its author left an e-mail address, the
// message's withdrawal link and its e-mail are written in the same transaction (withdraw-entry.ts).
import { withEvents } from "@memorial/lib/changes/record";
import { notFound } from "@memorial/lib/errors";
import { hit } from "@memorial/lib/limits/rate-limit";
import { memorialsVisibleTo, PUBLIC } from "@memorial/lib/memorials/policy";
import { type GuestbookReason, normalise, refusalOf } from "./rules";
import { offerWithdrawal, type WithdrawalOffer } from "./withdraw-entry";

/** Messages one client may leave per window in one guestbook, and in all of them together. */
export const RATE_LIMIT = 5;
export const RATE_LIMIT_ALL = 30;
const RATE_WINDOW_MS = 60 * 60_000;

export interface PostEntryInput {
  memorialId: number;
  name: string;
  message: string;
  /** The honeypot field: people leave it empty. */
  honeypot: string;
  /** The client's address as lib/auth/client-address.ts gives it. */
  client: string;
  /** The author's address, to send them the message's withdrawal link. */
  withdrawal?: WithdrawalOffer | null;
}

export type PostEntryResult =
  | { ok: true; entryId: number; status: "published" | "pending" }
  | { ok: false; reason: GuestbookReason };

export async function postGuestbookEntry(input: PostEntryInput): Promise<PostEntryResult> {
  if (input.honeypot.trim() !== "") return { ok: false, reason: "honeypot" };
  const entry = normalise({ name: input.name, message: input.message });
  const refused = refusalOf(entry);
  if (refused) return { ok: false, reason: refused };
  return withEvents(async (tx, changes) => {
    const memorial = await tx.memorial.findFirst({
      where: { AND: [{ id: input.memorialId }, memorialsVisibleTo(PUBLIC), { kind: { not: "global" } }] },
      select: { id: true, operatorId: true, isTest: true, guestbookMode: true },
    });
    if (!memorial) throw notFound(`memorial ${input.memorialId} does not exist`);
    if (memorial.guestbookMode === "closed") return { ok: false, reason: "closed" } as const;
    const windowSeconds = RATE_WINDOW_MS / 1000;
    const limited = await hit(
      [
        { bucket: "guestbook-client", subject: input.client, max: RATE_LIMIT_ALL, windowSeconds },
        {
          bucket: "guestbook-memorial-client",
          subject: `${memorial.id} ${input.client}`,
          max: RATE_LIMIT,
          windowSeconds,
        },
      ],
      tx,
    );
    if (!limited.allowed) return { ok: false, reason: "rate-limited" } as const;
    const status = memorial.guestbookMode === "open" ? "published" : "pending";
    const now = new Date();
    const created = await tx.guestbookEntry.create({
      data: {
        memorialId: memorial.id,
        authorName: entry.name,
        message: entry.message,
        status,
        ...(status === "published" ? { decidedAt: now } : {}),
      },
      select: { id: true },
    });
    await changes.record({
      kind: "guestbook.posted",
      target: { type: "guestbook", id: created.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      after: { author: entry.name, message: entry.message, status },
      event: { isTest: memorial.isTest, payload: { entryId: created.id, status } },
    });
    if (status === "published") {
      await changes.record({
        kind: "event.guestbook.entry_published",
        operatorId: memorial.operatorId,
        memorialId: memorial.id,
        event: { isTest: memorial.isTest, payload: { entryId: created.id, by: null } },
      });
    }
    if (input.withdrawal) await offerWithdrawal(tx, { entryId: created.id, ...input.withdrawal });
    return { ok: true, entryId: created.id, status } as const;
  });
}
