// The planting queue served by a test as its job serves it: as the job `serve-planting-queue` in
// the audit log. The queue is the whole service's: a pass of one test file may plant another's
// waiting tree (they run at once), and that tree's audit row must name the queue's job, whichever
// file served it (test/audit-jobs.test.ts reads it).
import { actingAs } from "@memorial/lib/audit/actor";
import { db, type Prisma } from "@memorial/lib/db/client";
import { SERVE_QUEUE_JOB, servePlantingQueue } from "@memorial/lib/plantings/planting-queue";

export const serveQueue = (maxPlantings?: number) =>
  actingAs({ kind: "system", name: `job ${SERVE_QUEUE_JOB}` }, () => servePlantingQueue(maxPlantings));

/**
 * Serves the queue until none of the plantings `where` names waits any more, within 10 s. Another
 * file's pass may hold these rows at this moment, and a pass skips rows locked by another; the
 * test's checks after it still fail if one is never served.
 */
export async function serveQueueUntilServed(where: Prisma.QueuedPlantingWhereInput) {
  for (let tries = 0; tries < 50; tries++) {
    await serveQueue();
    if ((await db.queuedPlanting.count({ where: { ...where, plantedAt: null } })) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
