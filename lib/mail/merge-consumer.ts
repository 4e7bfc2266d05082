// The e-mail consumer of memorial.merged (issue 32.4): both families are told, each in its own
// language, once per merge (the dispatcher hands each event once, in its own transaction). The
// family of the memorial kept and the family of the memorial merged into it each get one letter
// (lib/mail/merge-email.tsx) with the kept memorial's page. Nothing for a test key's memorial or a
// family without an address. The undo of a merge writes no e-mail: the families find their page
// as it was.
import type { Tx } from "@memorial/lib/db/client";
import type { StoredEvent } from "@memorial/lib/events/dispatcher";
import { memorialUrl } from "@memorial/lib/links";
import { memorialsVisibleTo, PUBLIC } from "@memorial/lib/memorials/policy";
import { baseOf } from "@memorial/lib/webhooks/consumer";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "./family-letter";
import { mergeEmail } from "./merge-email";

export async function mergeEmailConsumer(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type !== "memorial.merged" || event.isTest) return;
  const keptId = Number(event.payload.keptMemorialId);
  const mergedId = Number(event.payload.mergedMemorialId);
  const kept = await tx.memorial.findFirst({
    where: { AND: [{ id: keptId }, memorialsVisibleTo(PUBLIC)] },
    select: { id: true, language: true },
  });
  const base = await baseOf(tx, event);
  for (const id of [keptId, mergedId]) {
    const memorial = await tx.memorial.findUnique({ where: { id }, include: FAMILY_LETTER_INCLUDE });
    const to = memorial?.family?.email;
    if (!memorial || !to || memorial.isTest) continue;
    const letter = await familyLetter(tx, memorial);
    const mail = await mergeEmail({
      ...letter,
      kept: id === keptId,
      pageUrl: kept ? memorialUrl(base, kept, letter.language) : null,
    });
    await tx.outgoingEmail.create({ data: { memorialId: memorial.id, to, ...mail, isTest: false } });
  }
}
