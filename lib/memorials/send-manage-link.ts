// The operator sends the family a new management link (the dashboard's button): the links sent
// before stop working when the new one is issued; the link and its e-mail follow from the
// manage_link.sent event (lib/mail/manage-consumer.ts), like the confirmation e-mail.
import { withEvents } from "@memorial/lib/changes/record";
import { invalid } from "@memorial/lib/errors";
import type { ManageLinkRequest } from "@memorial/lib/events/payloads";
import type { OperatorScope } from "@memorial/lib/scope";
import { ownMemorialWithFamily, requireFamilyEmail } from "./family-address";

export async function sendManageLink(input: {
  /** Who sends it: the dashboard's user (production data only: a test memorial is not found). */
  scope: OperatorScope;
  memorialId: number;
  linkBase: string;
}) {
  const { actor } = input.scope;
  const userId = actor.kind === "user" ? actor.id : undefined;
  return withEvents(async (tx, changes) => {
    const memorial = await ownMemorialWithFamily(tx, input.scope, input.memorialId);
    if (memorial.kind === "global") {
      throw invalid("the global memorial has no family", { field: "memorialId", reason: "global" });
    }
    requireFamilyEmail(memorial);
    const manage: ManageLinkRequest = { linkBase: input.linkBase };
    await changes.record({
      kind: "memorial.manage_link_sent",
      target: { type: "memorial", id: memorial.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      event: {
        isTest: memorial.isTest,
        payload: { by: "operator", ...(userId ? { userId } : {}), manage },
      },
    });
    return { sent: true };
  });
}
