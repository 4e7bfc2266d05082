// The e-mail consumer of manage_link.sent: a new management link (the ones before are revoked)
// and its e-mail in the outbox, in the dispatcher's transaction (so exactly once per event).
import type { Tx } from "@memorial/lib/db/client";
import type { StoredEvent } from "@memorial/lib/events/dispatcher";
import type { ManageLinkRequest } from "@memorial/lib/events/payloads";
import { issueManageToken, manageTtlDays } from "@memorial/lib/memorials/manage-token";
import { manageEmail } from "./confirmation-email";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "./family-letter";

export async function manageEmailConsumer(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type !== "manage_link.sent" || event.memorialId === null) return;
  const request = event.payload.manage as ManageLinkRequest | undefined;
  if (!request) return;
  const memorial = await tx.memorial.findUnique({
    where: { id: event.memorialId },
    include: FAMILY_LETTER_INCLUDE,
  });
  const to = memorial?.family?.email;
  if (!memorial || !to) return;
  const { token } = await issueManageToken(tx, memorial.id);
  const mail = await manageEmail({
    ...(await familyLetter(tx, memorial)),
    link: `${request.linkBase}/manage/${token}`,
    days: manageTtlDays(),
  });
  await tx.outgoingEmail.create({ data: { memorialId: memorial.id, to, ...mail, isTest: memorial.isTest } });
}
