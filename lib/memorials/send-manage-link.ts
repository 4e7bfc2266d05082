// The operator sends the family a new management link (the dashboard's button): the links sent
// before stop working when the new one is issued; the link and its e-mail follow from the
// manage_link.sent event (lib/mail/manage-consumer.ts), like the confirmation e-mail.
import { invalid, notFound } from "@/lib/errors";
import { withEvents } from "@/lib/events/events";

export interface ManageLinkRequest {
  /** Base address of the link (APP_URL, else the address the request came to). */
  linkBase: string;
}

export async function sendManageLink(input: {
  operatorId: number;
  /** The dashboard acts on live data only: a test memorial is not found. */
  isTest: boolean;
  memorialId: number;
  linkBase: string;
  userId?: number;
}) {
  return withEvents(async (tx, events) => {
    const memorial = await tx.memorial.findFirst({
      where: { id: input.memorialId, operatorId: input.operatorId, isTest: input.isTest },
      include: { family: true },
    });
    if (!memorial) throw notFound(`memorial ${input.memorialId} does not exist`);
    if (memorial.kind === "global") {
      throw invalid("the global memorial has no family", { field: "memorialId", reason: "global" });
    }
    if (!memorial.family?.email) {
      throw invalid("this memorial has no family e-mail address", {
        field: "family.email",
        reason: "missing",
      });
    }
    const manage: ManageLinkRequest = { linkBase: input.linkBase };
    await events.record({
      type: "manage_link.sent",
      operatorId: memorial.operatorId,
      isTest: memorial.isTest,
      memorialId: memorial.id,
      payload: { by: "operator", ...(input.userId ? { userId: input.userId } : {}), manage },
    });
    return { sent: true };
  });
}
