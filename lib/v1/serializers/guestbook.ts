// Extension: one guestbook message in the API's words (GET /v1/LivreDor/{messageId}).
import type { operatorGuestbookEntry } from "@memorial/lib/guestbook/queries";
import type { TLivreDorMessageFields } from "@memorial/lib/v1/schemas/responses";

type Entry = NonNullable<Awaited<ReturnType<typeof operatorGuestbookEntry>>>;

export function serializeLivreDorMessage(entry: Entry): TLivreDorMessageFields {
  return {
    MessageId: entry.id,
    MemorialId: entry.memorialId,
    Nom: entry.authorName,
    Message: entry.message,
    Etat: entry.status,
    DateCreation: entry.createdAt.toISOString(),
    DateDecision: entry.decidedAt?.toISOString() ?? null,
    DecidePar: entry.decidedBy === "family" || entry.decidedBy === "operator" ? entry.decidedBy : null,
  };
}
