// The e-mail consumer of manage_link.sent: a new management link (the ones before are revoked)
// and its e-mail in the outbox, in the dispatcher's transaction (so exactly once per event).
import type { Tx } from "@/lib/db/client";
import type { StoredEvent } from "@/lib/events/dispatcher";
import { isLanguage } from "@/lib/i18n/languages";
import { issueManageToken, manageTtlDays } from "@/lib/memorials/manage-token";
import { displayTitle } from "@/lib/memorials/policy";
import type { ManageLinkRequest } from "@/lib/memorials/send-manage-link";
import { manageEmail } from "./confirmation-email";

export async function manageEmailConsumer(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type !== "manage_link.sent" || event.memorialId === null) return;
  const request = event.payload.manage as ManageLinkRequest | undefined;
  if (!request) return;
  const memorial = await tx.memorial.findUnique({
    where: { id: event.memorialId },
    include: {
      family: true,
      operator: { select: { name: true } },
      person: { select: { firstName: true, lastName: true } },
    },
  });
  const to = memorial?.family?.email;
  if (!memorial || !to) return;
  const { token } = await issueManageToken(tx, memorial.id);
  const mail = manageEmail({
    language: isLanguage(memorial.language) ? memorial.language : "fr",
    title: displayTitle(memorial),
    operatorName: memorial.operator.name,
    link: `${request.linkBase}/manage/${token}`,
    days: manageTtlDays(),
  });
  await tx.outgoingEmail.create({ data: { memorialId: memorial.id, to, ...mail, isTest: memorial.isTest } });
}
