// The e-mail consumer of the domain events: a memorial created to await its family's
// confirmation, or a confirmation sent again, gets a new link and its e-mail in the outbox, in
// the dispatcher's transaction (so exactly once per event). The outbox sender sends it. The
// family's other e-mail, the management link (manage_link.sent), is handed on to
// manage-consumer.ts from here, so that the dispatcher's list of consumers stays as it is.
import type { Tx } from "@memorial/lib/db/client";
import type { StoredEvent } from "@memorial/lib/events/dispatcher";
import type { ConfirmationRequest } from "@memorial/lib/events/payloads";
import { issueConfirmation } from "@memorial/lib/mail/confirmation-token";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "./family-letter";
import { manageEmailConsumer } from "./manage-consumer";

export async function confirmationEmailConsumer(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type === "manage_link.sent") return manageEmailConsumer(tx, event);
  if (event.type !== "memorial.created" && event.type !== "confirmation.resent") return;
  const request = event.payload.confirmation as ConfirmationRequest | undefined;
  if (!request || event.memorialId === null) return;
  const memorial = await tx.memorial.findUnique({
    where: { id: event.memorialId },
    include: FAMILY_LETTER_INCLUDE,
  });
  // Confirmed in the meantime, or no address: there is nothing to send.
  const to = memorial?.family?.email;
  if (memorial?.status !== "awaiting_confirmation" || !to) return;
  // The newest link replaces the ones before (events are dispatched in order).
  await tx.confirmationToken.updateMany({
    where: { memorialId: memorial.id, usedAt: null, expiresAt: { gt: new Date() } },
    data: { expiresAt: new Date() },
  });
  await issueConfirmation(tx, {
    memorialId: memorial.id,
    isTest: memorial.isTest,
    to,
    // In the family's language, signed by whom the confirmation page names (the planting's context).
    letter: await familyLetter(tx, memorial, request.planting.contextId),
    appUrl: request.linkBase,
    planting: request.planting,
  });
}
