// A new confirmation link for a memorial still awaiting its family (the dashboard's button): the
// links sent before stop working now, in this transaction; the new link and its e-mail follow
// from the confirmation.resent event (lib/mail/confirmation-consumer.ts).
import { withEvents } from "@memorial/lib/changes/record";
import { DomainError, invalid } from "@memorial/lib/errors";
import type { ConfirmationRequest } from "@memorial/lib/events/payloads";
import type { OperatorScope } from "@memorial/lib/scope";
import { ownMemorialWithFamily, requireFamilyEmail } from "./family-address";

export async function resendConfirmation(input: {
  /** Who asks: the dashboard's user (production data only: a test memorial is not found). */
  scope: OperatorScope;
  memorialId: number;
  linkBase: string;
}) {
  return withEvents(async (tx, changes) => {
    const memorial = await ownMemorialWithFamily(tx, input.scope, input.memorialId);
    // A memorial closed as not confirmed (its link expired, or declined) stays closed.
    if (memorial.status === "expired") {
      throw invalid("this memorial was closed as not confirmed", { field: "memorialId", reason: "closed" });
    }
    if (memorial.status !== "awaiting_confirmation") {
      throw invalid("this memorial is already confirmed", {
        field: "memorialId",
        reason: "already-confirmed",
      });
    }
    requireFamilyEmail(memorial);
    await tx.confirmationToken.updateMany({
      where: { memorialId: memorial.id, usedAt: null, expiresAt: { gt: new Date() } },
      data: { expiresAt: new Date() },
    });
    // The planting waiting for the family is the one the memorial was created with.
    const asked = await tx.domainEvent.findFirst({
      where: { memorialId: memorial.id, type: { in: ["memorial.created", "confirmation.resent"] } },
      orderBy: { id: "desc" },
      select: { payload: true },
    });
    let planting = (asked?.payload as { confirmation?: ConfirmationRequest } | null)?.confirmation?.planting;
    if (!planting) {
      // A memorial created before domain events existed: its last link carries the planting.
      const last = await tx.confirmationToken.findFirst({
        where: { memorialId: memorial.id },
        orderBy: { id: "desc" },
      });
      if (!last) throw new DomainError("INTERNAL", `memorial ${memorial.id} has no planting waiting`);
      planting = {
        operatorId: last.operatorId,
        contextId: last.contextId,
        planter: last.planter,
        message: last.message,
        externalId: last.externalId === null ? null : Number(last.externalId),
        memorialsLot: last.memorialsLot,
        uEventId: last.uEventId,
      };
    }
    const confirmation: ConfirmationRequest = { linkBase: input.linkBase, planting };
    await changes.record({
      kind: "memorial.confirmation_resent",
      target: { type: "memorial", id: memorial.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      event: {
        isTest: memorial.isTest,
        payload: { confirmation },
      },
    });
    return { resent: true };
  });
}
