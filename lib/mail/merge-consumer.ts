// The e-mail consumer of memorial.merged and memorial.unmerged: both families are told, each in its
// own language, once per merge and once per undo (the dispatcher hands each event once, in its own
// transaction). The family of the memorial kept and the family of the memorial merged into it each
// get one letter (lib/mail/merge-email.tsx): of a merge, with the kept memorial's page; of its undo,
// with their own page again. Nothing for a test key's memorial or a family without an address.
import type { Tx } from "@memorial/lib/db/client";
import type { StoredEvent } from "@memorial/lib/events/dispatcher";
import { memorialUrl } from "@memorial/lib/links";
import { memorialsVisibleTo, PUBLIC } from "@memorial/lib/memorials/policy";
import { baseOf } from "@memorial/lib/webhooks/consumer";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "./family-letter";
import { mergeEmail } from "./merge-email";

export async function mergeEmailConsumer(tx: Tx, event: StoredEvent): Promise<void> {
  if ((event.type !== "memorial.merged" && event.type !== "memorial.unmerged") || event.isTest) return;
  const undone = event.type === "memorial.unmerged";
  const keptId = Number(event.payload.keptMemorialId);
  const mergedId = Number(event.payload.mergedMemorialId);
  const base = await baseOf(tx, event);
  /** The page a family is sent to: the kept one after a merge, its own after an undo. */
  const pageOf = (id: number) =>
    tx.memorial.findFirst({
      where: { AND: [{ id: undone ? id : keptId }, memorialsVisibleTo(PUBLIC)] },
      select: { id: true, language: true },
    });
  for (const id of [keptId, mergedId]) {
    const memorial = await tx.memorial.findUnique({ where: { id }, include: FAMILY_LETTER_INCLUDE });
    const to = memorial?.family?.email;
    if (!memorial || !to || memorial.isTest) continue;
    const letter = await familyLetter(tx, memorial);
    const page = await pageOf(id);
    const mail = await mergeEmail({
      ...letter,
      kept: id === keptId,
      undone,
      pageUrl: page ? memorialUrl(base, page, letter.language) : null,
    });
    await tx.outgoingEmail.create({ data: { memorialId: memorial.id, to, ...mail, isTest: false } });
  }
}
