// The files an operator receives when it issues claim codes — the cards (one A6 page
// per code, lib/documents/claim-cards.ts) and the CSV —, the QR codes and addresses leading to the
// memorial's planting form with the code filled in (plantingFormUrl). They are made at issue only:
// the plain codes are never stored.
import { db } from "@memorial/lib/db/client";
import { claimCardsPdf, claimCodesCsv } from "@memorial/lib/documents/claim-cards";
import { FAMILY_SENDER_SELECT, familyLanguage, requesterName } from "@memorial/lib/memorials/family";
import { getPublicMemorial } from "@memorial/lib/memorials/public-queries";
import { type IssuedCodes, plantingFormUrl } from "./claim-codes";

/**
 * The cards of codes issued for memorial `memorialId`, in its family's language, naming the funeral
 * home; null when the public cannot see the memorial (its form would be a 404).
 */
export async function claimCardsFor(
  memorialId: number,
  issued: Pick<IssuedCodes, "codes" | "expiresAt">,
  linkBase: string,
): Promise<Uint8Array | null> {
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    select: FAMILY_SENDER_SELECT,
  });
  const shown = await getPublicMemorial(memorialId);
  if (!shown) return null;
  return claimCardsPdf({
    title: shown.title,
    kind: shown.kind,
    language: familyLanguage(memorial),
    requester: await requesterName(db, { ...memorial, operatorName: memorial.operator.name }),
    expiresAt: issued.expiresAt,
    cards: issued.codes.map(({ code }) => ({ code, url: plantingFormUrl(linkBase, memorialId, code) })),
    formUrl: plantingFormUrl(linkBase, memorialId),
  });
}

/** The issued codes as CSV (a funeral home's codes have no memorial, so no address). */
export function claimCodesCsvOf(
  issued: Pick<IssuedCodes, "codes" | "expiresAt" | "memorialId">,
  linkBase: string,
): string {
  return claimCodesCsv(
    issued.codes.map(({ code }) => ({
      code,
      memorialId: issued.memorialId,
      expiresAt: issued.expiresAt,
      url: issued.memorialId === null ? null : plantingFormUrl(linkBase, issued.memorialId, code),
    })),
  );
}
