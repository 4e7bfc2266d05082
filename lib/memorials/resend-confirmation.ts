// A new confirmation link for a memorial still awaiting its family (the dashboard's button);
// the links sent before stop working.
import { transaction } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors";
import { isLanguage } from "@/lib/i18n/languages";
import { issueConfirmation, linkBase } from "./confirmation-token";

export async function resendConfirmation(input: { operatorId: number; memorialId: number; appUrl?: string }) {
  return transaction(async (tx) => {
    const memorial = await tx.memorial.findFirst({
      where: { id: input.memorialId, operatorId: input.operatorId },
      include: { family: true, operator: true, tokens: { orderBy: { id: "desc" }, take: 1 } },
    });
    if (!memorial) throw notFound(`memorial ${input.memorialId} does not exist`);
    if (memorial.status !== "awaiting_confirmation") throw invalid("this memorial is already confirmed");
    const email = memorial.family?.email;
    if (!email) throw invalid("this memorial has no family e-mail address");
    const last = memorial.tokens[0];
    // The new link replaces the old ones: they expire now, in the same transaction.
    await tx.confirmationToken.updateMany({
      where: { memorialId: memorial.id, usedAt: null, expiresAt: { gt: new Date() } },
      data: { expiresAt: new Date() },
    });
    await issueConfirmation(tx, {
      memorialId: memorial.id,
      isTest: memorial.isTest,
      to: email,
      language: isLanguage(memorial.language) ? memorial.language : "fr",
      title: memorial.title,
      operatorName: memorial.operator.name,
      appUrl: linkBase(input.appUrl),
      planting: {
        operatorId: memorial.operatorId,
        contextId: last?.contextId ?? memorial.contextId,
        planter: last?.planter ?? "",
        message: last?.message ?? null,
        externalId:
          last?.externalId === null || last?.externalId === undefined ? null : Number(last.externalId),
        memorialsLot: last?.memorialsLot ?? null,
        uEventId: last?.uEventId ?? null,
      },
    });
    return { sent: true };
  });
}
