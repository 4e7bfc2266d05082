// Stock added by the people who run the service (the command line): the plantings waiting for it
// are served at once (lib/plantings/planting-queue.ts).
import { recordChange } from "@memorial/lib/changes/record";
import { db, transaction } from "@memorial/lib/db/client";
import { notFound } from "@memorial/lib/errors";
import { signalCatalogueChanged } from "@memorial/lib/events/events";
import { enqueue } from "@memorial/lib/jobs/enqueue";
import { SERVE_QUEUE_JOB } from "./planting-queue";

/** Adds trees to the stock of a (plantation, species) pair and returns the new stock. */
export async function addStock(plantationId: number, speciesId: number, trees: number) {
  const [plantation, species] = await Promise.all([
    db.plantation.findUnique({ where: { id: plantationId } }),
    db.species.findUnique({ where: { id: speciesId } }),
  ]);
  if (!plantation) throw notFound(`plantation ${plantationId} does not exist`);
  if (!species) throw notFound(`species ${speciesId} does not exist`);
  const rows = await transaction(async (tx) => {
    const added = await tx.$queryRaw<{ stock: number }[]>`
      INSERT INTO "stock" ("plantation_id", "species_id", "stock") VALUES (${plantationId}, ${speciesId}, ${trees})
      ON CONFLICT ("plantation_id", "species_id") DO UPDATE SET "stock" = "stock"."stock" + EXCLUDED."stock"
      RETURNING "stock"`;
    await recordChange(tx, {
      kind: "stock.added",
      target: { type: "stock", id: `${plantationId}/${speciesId}` },
      before: { stock: added[0].stock - trees },
      after: { stock: added[0].stock, plantationId, speciesId },
    });
    // The plantings waiting for stock are served now (one waiting job, whoever adds stock).
    await enqueue(tx, SERVE_QUEUE_JOB, {}, { key: SERVE_QUEUE_JOB });
    return added;
  });
  await signalCatalogueChanged();
  return { plantationId, speciesId, stock: rows[0].stock };
}
