// The durable consumer of tree.planted that writes the visitor's receipt: for a
// visitor's tree (payload.visitorPlantingId: planted at once, or later by the planting queue),
// one e-mail in the visitor's language into the outbox, in the dispatcher's transaction. Once per
// visitor planting whatever the events: visitor_planting.receipt_sent_at is claimed by a
// conditional UPDATE first. Nothing without an address, for a test key's planting, or a tree gone.
import { createHmac } from "node:crypto";
import { authSecret } from "@memorial/lib/auth-secret";
import { speciesName } from "@memorial/lib/catalogue/translations";
import type { Tx } from "@memorial/lib/db/client";
import type { StoredEvent } from "@memorial/lib/events/dispatcher";
import { countryNamer } from "@memorial/lib/i18n/country-names";
import { isLanguage } from "@memorial/lib/i18n/languages";
import { memorialUrl, myRemindersUrl } from "@memorial/lib/links";
import { requesterName } from "@memorial/lib/memorials/family";
import { displayTitle, memorialsVisibleTo, PUBLIC } from "@memorial/lib/memorials/policy";
import { hashSecretToken } from "@memorial/lib/secret-token";
import { formatPrice } from "./offer";
import { receiptEmail } from "./receipt-email";

/** The token of a receipt's link to its visitor's reminders: derived from the planting, never stored. */
function receiptToken(planting: { id: number; email: string; createdAt: Date }): string {
  return createHmac("sha256", authSecret())
    .update(`receipt\n${planting.id}\n${planting.email}\n${planting.createdAt.toISOString()}`)
    .digest("base64url");
}

export async function visitorReceiptConsumer(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type !== "tree.planted") return;
  const payload = event.payload as { visitorPlantingId?: unknown; queuedPlantingId?: unknown };
  const id = Number(payload.visitorPlantingId);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  // Claimed once: a second event of the same planting (none is expected) writes nothing.
  const [claimed] = await tx.$queryRaw<{ id: number }[]>`
    UPDATE "visitor_planting" SET "receipt_sent_at" = now()
    WHERE "id" = ${id} AND "receipt_sent_at" IS NULL AND "tree_id" IS NOT NULL
      AND "email" IS NOT NULL AND NOT "is_test"
    RETURNING "id"`;
  if (!claimed) return;
  const planting = await tx.visitorPlanting.findUniqueOrThrow({ where: { id } });
  const tree = await tx.tree.findUnique({
    where: { id: planting.treeId! },
    include: { species: true, plantation: true },
  });
  const memorial = await tx.memorial.findUnique({
    where: { id: planting.memorialId },
    include: {
      operator: { select: { name: true } },
      person: { select: { firstName: true, lastName: true } },
    },
  });
  if (!tree || !memorial || !planting.email) return;
  const language = isLanguage(planting.language) ? planting.language : "fr";
  const entry = await tx.guestbookEntry.findUnique({
    where: { visitorPlantingId: id },
    select: { status: true },
  });
  const visible = await tx.memorial.count({
    where: { AND: [{ id: memorial.id }, memorialsVisibleTo(PUBLIC)] },
  });
  const base = planting.linkBase.replace(/\/+$/, "");
  // The receipt's own link to the reminders of the visitor's address; derived, only
  // its hash kept.
  const token = receiptToken({ id, email: planting.email, createdAt: planting.createdAt });
  await tx.visitorPlanting.update({ where: { id }, data: { receiptTokenHash: hashSecretToken(token) } });
  const mail = await receiptEmail({
    language,
    planter: planting.planter,
    title: displayTitle(memorial, language),
    requester: await requesterName(tx, {
      operatorId: memorial.operatorId,
      contextId: memorial.contextId,
      operatorName: memorial.operator.name,
    }),
    species: speciesName(tree.species, language),
    site: tree.plantation.name,
    country: countryNamer(language)(tree.plantation.country),
    waited: payload.queuedPlantingId !== undefined,
    amount: planting.amount === null ? null : formatPrice(planting.amount.toFixed(2), language),
    // The words wait for the family (approval, or a closed guestbook) until it publishes them.
    pending: entry !== null && entry.status !== "published",
    pageUrl: visible ? memorialUrl(base, memorial, language) : null,
    certificateUrl: visible ? `${base}/memorial/${memorial.id}/certificate?lang=${language}` : null,
    myRemindersUrl: myRemindersUrl(base, token),
  });
  await tx.outgoingEmail.create({
    data: { memorialId: memorial.id, to: planting.email, ...mail, isTest: false },
  });
}
