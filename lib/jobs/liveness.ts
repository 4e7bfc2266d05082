// The workers' liveness locks: each worker holds a PostgreSQL advisory lock named after it, on a
// connection of its process, for as long as it lives (lib/jobs/runner.ts takes them); the jobs of
// a worker whose lock is gone (its process killed) are unlocked by `unlock-dead-workers`.
import { componentLogger } from "@memorial/lib/log";
import type pg from "pg";
import { JOB_SCHEMA } from "./tasks";

/** Advisory lock class of the workers' liveness locks (any constant of the service). */
export const LIVENESS_LOCK = 7_240_320;
/** A job locked for less than this is never taken from its worker (it may be just starting). */
const UNLOCK_GRACE_SECONDS = 10;

/** Unlocks the jobs locked by workers whose process is gone (their liveness lock with it). */
export async function unlockDeadWorkers(client: Pick<pg.Client, "query">): Promise<number> {
  const { rows } = await client.query<{ workers: string[] | null }>(
    `SELECT array_agg(DISTINCT j.locked_by) AS "workers"
     FROM ${JOB_SCHEMA}.jobs j
     WHERE j.locked_by IS NOT NULL AND j.locked_at < now() - make_interval(secs => $2)
       AND NOT EXISTS (
         SELECT 1 FROM pg_locks l
         WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND l.classid = $1::int::oid AND l.objid = hashtext(j.locked_by)::oid)`,
    [LIVENESS_LOCK, UNLOCK_GRACE_SECONDS],
  );
  const workers = rows[0]?.workers ?? [];
  if (workers.length === 0) return 0;
  await client.query(`SELECT ${JOB_SCHEMA}.force_unlock_workers($1::text[])`, [workers]);
  componentLogger("jobs").warn(
    { workers },
    `unlocked the jobs of ${workers.length} worker(s) that died: ${workers.join(", ")}`,
  );
  return workers.length;
}
