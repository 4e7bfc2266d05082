// The planting queue served by a test as its job serves it: as the job `serve-planting-queue` in
// the audit log. The queue is the whole service's: a pass of one test file may plant another's
// waiting tree (they run at once), and that tree's audit row must name the queue's job, whichever
// file served it (test/audit-jobs.test.ts reads it).
import { actingAs } from "@memorial/lib/audit/actor";
import { SERVE_QUEUE_JOB, servePlantingQueue } from "@memorial/lib/plantings/planting-queue";

export const serveQueue = (maxPlantings?: number) =>
  actingAs({ kind: "system", name: `job ${SERVE_QUEUE_JOB}` }, () => servePlantingQueue(maxPlantings));
