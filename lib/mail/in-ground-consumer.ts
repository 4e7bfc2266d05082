// The e-mail consumer of tree.in_ground: the family of a memorial hears that its trees
// are planted in the ground, once per record. lib/trees/record-in-ground.ts writes one event per
// tree, all in the transaction of the record (the batch form, an import, the command line), so the
// events of one record share their memorial, their created_at (the transaction's now()) and their
// day in the ground (an import of several days is one transaction: one e-mail per day). The first
// event of a record writes one e-mail for every tree of it into the outbox, in the dispatcher's
// transaction (so exactly once); its other events write nothing. Nothing for a test key's tree, a
// family without an address (never given, or removed), or a memorial gone.
import { speciesName } from "@memorial/lib/catalogue/translations";
import type { Tx } from "@memorial/lib/db/client";
import type { StoredEvent } from "@memorial/lib/events/dispatcher";
import { countryNamer } from "@memorial/lib/i18n/country-names";
import { memorialUrl } from "@memorial/lib/links";
import { memorialsVisibleTo, PUBLIC } from "@memorial/lib/memorials/policy";
import { photoUrl } from "@memorial/lib/photos/photos";
import { baseOf } from "@memorial/lib/webhooks/consumer";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "./family-letter";
import { type InGroundTree, inGroundEmail } from "./in-ground-email";

export async function inGroundEmailConsumer(tx: Tx, event: StoredEvent): Promise<void> {
  if (event.type !== "tree.in_ground" || event.memorialId === null || event.isTest) return;
  // The events of the same record (see above), in id order.
  const on = typeof event.payload.on === "string" ? event.payload.on : null;
  const record = await tx.$queryRaw<{ id: bigint; treeId: number }[]>`
    SELECT "id", ("payload"->>'treeId')::int AS "treeId" FROM "domain_event"
    WHERE "type" = 'tree.in_ground' AND "memorial_id" = ${event.memorialId}
      AND "created_at" = ${event.createdAt} AND "is_test" = false
      AND "payload"->>'on' IS NOT DISTINCT FROM ${on}
    ORDER BY "id"`;
  // The record's e-mail is written by its first event.
  if (record.length > 0 && record[0]!.id !== event.id) return;
  const treeIds = record.length > 0 ? record.map((r) => r.treeId) : [Number(event.payload.treeId)];

  const memorial = await tx.memorial.findUnique({
    where: { id: event.memorialId },
    include: FAMILY_LETTER_INCLUDE,
  });
  const to = memorial?.family?.email;
  if (!memorial || !to || memorial.isTest) return;
  const letter = await familyLetter(tx, memorial);
  const trees = await tx.tree.findMany({
    where: { id: { in: treeIds }, memorialId: memorial.id, isTest: false, status: { not: "ordered" } },
    include: { species: true, plantation: true },
    orderBy: { id: "asc" },
  });
  if (trees.length === 0) return;
  const base = await baseOf(tx, event);
  const country = countryNamer(letter.language);
  const visible = await tx.memorial.count({
    where: { AND: [{ id: memorial.id }, memorialsVisibleTo(PUBLIC)] },
  });
  const photoKey = trees.find((tree) => tree.photoKey)?.photoKey ?? null;
  // Every planting team of the record, each once (inGroundEmail drops repeats and blanks).
  const plantedBy = trees.flatMap((tree) => (tree.plantedBy ? [tree.plantedBy] : []));
  const mail = await inGroundEmail({
    ...letter,
    on: on ?? trees[0]!.inGroundOn!.toISOString().slice(0, 10),
    trees: sameKind(
      trees.map((tree) => ({
        quantity: tree.quantity,
        species: speciesName(tree.species, letter.language),
        site: tree.plantation.name,
        country: country(tree.plantation.country),
      })),
    ),
    plantedBy,
    photoUrl: photoKey ? photoUrl(photoKey, base) : null,
    pageUrl: visible ? memorialUrl(base, memorial, letter.language) : null,
  });
  await tx.outgoingEmail.create({ data: { memorialId: memorial.id, to, ...mail, isTest: false } });
}

/** Trees of the same species at the same site, one line each: "3 × Oak, Site (Country)". */
function sameKind(trees: InGroundTree[]): InGroundTree[] {
  const lines = new Map<string, InGroundTree>();
  for (const tree of trees) {
    const key = JSON.stringify([tree.species, tree.site, tree.country]);
    const line = lines.get(key);
    if (line) line.quantity += tree.quantity;
    else lines.set(key, { ...tree });
  }
  return [...lines.values()];
}
