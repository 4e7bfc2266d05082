// A visitor leaves a message in a memorial's guestbook (issue 21.3): no account, a name and a
// short text. Refused, with nothing written: a filled honeypot field (a field people never see),
// a name or message out of its limits, control characters, anything that reads as a link, a
// closed guestbook, and a client over its limits (RATE_LIMIT messages per RATE_WINDOW_MS in one
// guestbook, RATE_LIMIT_ALL in all of them, counted in PostgreSQL under the HMAC of its address, serialised per client by an advisory lock so that
// simultaneous posts cannot pass it together). The message is published at once in an open
// guestbook, else it waits for the family (approval, the default).
import { createHmac } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";
import { notFound } from "@/lib/errors";
import { withEvents } from "@/lib/events/events";
import { memorialsVisibleTo, PUBLIC } from "@/lib/memorials/policy";
import { type GuestbookReason, normalise, refusalOf } from "./rules";

/** Messages one client may leave per window in one guestbook, and in all of them together. */
export const RATE_LIMIT = 5;
export const RATE_LIMIT_ALL = 30;
export const RATE_WINDOW_MS = 60 * 60_000;

/** The key a client's messages count under: the HMAC of its address (never the address itself). */
export function guestbookClientKey(client: string): string {
  return createHmac("sha256", authSecret()).update(`guestbook:${client}`).digest("hex");
}

export interface PostEntryInput {
  memorialId: number;
  name: string;
  message: string;
  /** The honeypot field: people leave it empty. */
  honeypot: string;
  /** The client's address as lib/auth/client-address.ts gives it. */
  client: string;
}

export type PostEntryResult =
  | { ok: true; entryId: number; status: "published" | "pending" }
  | { ok: false; reason: GuestbookReason };

export async function postGuestbookEntry(input: PostEntryInput): Promise<PostEntryResult> {
  if (input.honeypot.trim() !== "") return { ok: false, reason: "honeypot" };
  const entry = normalise({ name: input.name, message: input.message });
  const refused = refusalOf(entry);
  if (refused) return { ok: false, reason: refused };
  const clientKey = guestbookClientKey(input.client);
  return withEvents(async (tx, events) => {
    const memorial = await tx.memorial.findFirst({
      where: { AND: [{ id: input.memorialId }, memorialsVisibleTo(PUBLIC), { kind: { not: "global" } }] },
      select: { id: true, operatorId: true, isTest: true, guestbookMode: true },
    });
    if (!memorial) throw notFound(`memorial ${input.memorialId} does not exist`);
    if (memorial.guestbookMode === "closed") return { ok: false, reason: "closed" } as const;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`guestbook:${clientKey}`}, 0))`;
    const [recent] = await tx.$queryRaw<{ here: number; all: number }[]>`
      SELECT count(*) FILTER (WHERE "memorial_id" = ${memorial.id})::int AS "here", count(*)::int AS "all"
      FROM "guestbook_entry"
      WHERE "client_key" = ${clientKey} AND "created_at" > ${new Date(Date.now() - RATE_WINDOW_MS)}`;
    if ((recent?.here ?? 0) >= RATE_LIMIT || (recent?.all ?? 0) >= RATE_LIMIT_ALL)
      return { ok: false, reason: "rate-limited" } as const;
    const status = memorial.guestbookMode === "open" ? "published" : "pending";
    const now = new Date();
    const created = await tx.guestbookEntry.create({
      data: {
        memorialId: memorial.id,
        authorName: entry.name,
        message: entry.message,
        status,
        clientKey,
        ...(status === "published" ? { decidedAt: now } : {}),
      },
      select: { id: true },
    });
    const base = { operatorId: memorial.operatorId, isTest: memorial.isTest, memorialId: memorial.id };
    await events.record({
      ...base,
      type: "guestbook.entry_received",
      payload: { entryId: created.id, status },
    });
    if (status === "published") {
      await events.record({
        ...base,
        type: "guestbook.entry_published",
        payload: { entryId: created.id, by: null },
      });
    }
    return { ok: true, entryId: created.id, status } as const;
  });
}
