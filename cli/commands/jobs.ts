// `jobs list` and `jobs run <task>`: the scheduled jobs of lib/service/job-catalogue.ts with
// their next and last run, and one of them run now, after an outage or to see its effect without
// waiting for its hour. `jobs run` adds the job as the schedule does (graphile_worker.add_job with
// the schedule's queue and job key), then runs it in this process with the runner's own retry
// policy (lib/jobs/runner.ts), or, when a service instance has already taken it, waits for that
// instance to finish it. A daily job that fans out (lib/jobs/fan-out.ts) adds one job per item:
// the command runs those that are due too (the instances may take some), and says which failed.
// The jobs themselves hold their once-only rules in the database (a reminder once per
// subscription, kind and year; a closing summary once per memorial; a digest once per day), so a
// job run now and again at its hour does nothing twice.
//
// The job runner and the catalogue (graphile-worker, the mailer, the consumers) are loaded by these
// commands only, so that the other commands start as fast as before.

import {
  addScheduledJob,
  lastScheduledRuns,
  queuedJob,
  retryAddedSince,
} from "@memorial/lib/jobs/queue-queries";
import type { JobCatalogue } from "@memorial/lib/jobs/tasks";
import { settings } from "@memorial/lib/settings";
import type { CronMatcher } from "graphile-worker";
import { type Command, UsageError } from "../arguments";

const MINUTE = 60_000;

/** A crontab line's matcher, as graphile-worker reads it (UTC). */
export async function cronMatcher(cron: string): Promise<CronMatcher> {
  const { parseCronItems } = await import("graphile-worker");
  return parseCronItems([{ task: "next", match: cron }])[0]!.match;
}

/** The first minute after `from` that `match` (a crontab line, cronMatcher) matches. */
export function nextRun(match: CronMatcher, from = new Date()): Date | null {
  let at = Math.floor(from.getTime() / MINUTE) * MINUTE + MINUTE;
  // A crontab matches at least once a year (29 February: every four).
  for (const end = at + 4 * 366 * 24 * 60 * MINUTE; at < end; at += MINUTE) {
    const t = new Date(at);
    const digest = {
      min: t.getUTCMinutes(),
      hour: t.getUTCHours(),
      date: t.getUTCDate(),
      month: t.getUTCMonth() + 1,
      dow: t.getUTCDay(),
    };
    if (match(digest)) return t;
  }
  return null;
}

async function schedules() {
  return (await import("@memorial/lib/service/job-catalogue")).SCHEDULES;
}

function scheduleOf(SCHEDULES: Awaited<ReturnType<typeof schedules>>, task: string | undefined) {
  if (!task) throw new UsageError(`name the job to run: ${SCHEDULES.map((s) => s.task).join(", ")}`);
  const schedule = SCHEDULES.find((s) => s.task === task);
  if (!schedule) {
    throw new UsageError(
      `"${task}" is not a scheduled job; scheduled jobs: ${SCHEDULES.map((s) => s.task).join(", ")}`,
    );
  }
  return schedule;
}

/** How long `jobs run` waits for an instance that holds the job (seconds). */
const DEFAULT_WAIT_SECONDS = 600;

export const JOB_COMMANDS: Record<string, Command> = {
  "jobs list": {
    options: {},
    async run() {
      const last = await lastScheduledRuns();
      const list = [];
      for (const s of await schedules()) {
        list.push({
          task: s.task,
          cron: s.cron,
          nextRun: nextRun(await cronMatcher(s.cron))?.toISOString() ?? null,
          // The last time the schedule added it (any instance); null: never since the database exists.
          lastRun: last.get(s.task)?.toISOString() ?? null,
        });
      }
      return { jobs: list };
    },
  },
  "jobs run": {
    options: { wait: { type: "string" } },
    positionals: ["task"],
    async run(f) {
      const schedule = scheduleOf(await schedules(), typeof f.task === "string" ? f.task : undefined);
      const waitRaw = typeof f.wait === "string" ? f.wait.trim() : String(DEFAULT_WAIT_SECONDS);
      if (!/^\d+$/.test(waitRaw) || Number(waitRaw) < 1) {
        throw new UsageError(`--wait must be a whole number of seconds, got "${waitRaw}"`);
      }
      const deadline = Date.now() + Number(waitRaw) * 1000;
      const [{ jobCatalogue }, { runJobsOnce }, { DURABLE_CONSUMERS }] = await Promise.all([
        import("@memorial/lib/service/job-catalogue"),
        import("@memorial/lib/jobs/tasks"),
        import("@memorial/lib/service/consumers"),
      ]);
      const catalogue = jobCatalogue({
        // The consumers of the service's launcher (scripts/start.ts), for dispatch-events.
        consumers: DURABLE_CONSUMERS,
        webhooks: { production: settings().production },
      });
      try {
        const definition = catalogue.jobs[schedule.task]!;
        const started = new Date();
        // As the schedule adds it: its queue (one at a time) and its key (one waiting).
        const jobId = await addScheduledJob(schedule);
        let ranHere = false;
        let failure: unknown;
        // A daily job that fans out adds one job per item: those due are run here too, each with
        // its own retry (a failed item is added again for later, alone, and said below).
        const items = { ran: 0, failed: [] as string[] };
        const itemDefinition = schedule.items ? catalogue.jobs[schedule.items] : undefined;
        type Helpers = Parameters<typeof definition.run>[1];
        const here: JobCatalogue = {
          [schedule.task]: {
            maxAttempts: definition.maxAttempts,
            async run(payload: never, helpers: Helpers) {
              ranHere = true;
              try {
                await definition.run(payload, helpers);
              } catch (error) {
                failure = error;
                throw error;
              }
            },
          },
          ...(schedule.items && itemDefinition
            ? {
                [schedule.items]: {
                  maxAttempts: itemDefinition.maxAttempts,
                  async run(payload: never, helpers: Helpers) {
                    items.ran++;
                    try {
                      await itemDefinition.run(payload, helpers);
                    } catch (error) {
                      items.failed.push(`${helpers.job.key ?? helpers.job.id}: ${(error as Error).message}`);
                      throw error;
                    }
                  },
                },
              }
            : {}),
        };
        const state = () => queuedJob(jobId);
        for (let job = await state(); job; job = await state()) {
          if (Date.now() > deadline) {
            throw new Error(`job ${jobId} (${schedule.task}) still waits or runs after ${waitRaw} s`);
          }
          // Not taken: run it here (and any other job of this task that is due). Taken by an
          // instance, or behind another job of its queue: wait for it.
          if (!job.locked) await runJobsOnce(here);
          if (await state()) await new Promise((resolve) => setTimeout(resolve, 500));
        }
        if (!ranHere) {
          // Run by an instance: a failure shows as the retry it added (lib/jobs/runner.ts).
          const retry = await retryAddedSince(schedule.task, started);
          if (retry)
            throw new Error(`${schedule.task} failed on the instance that ran it; retry job ${retry}`);
        }
        if (failure) {
          throw new Error(`${schedule.task} failed (a retry is scheduled): ${(failure as Error).message}`);
        }
        if (items.failed.length) {
          throw new Error(
            `${schedule.task}: ${items.failed.length} of its ${items.ran} item(s) run here failed, each retried ` +
              `later alone (the others are done): ${items.failed.join("; ")}`,
          );
        }
        return {
          task: schedule.task,
          jobId: Number(jobId),
          ranBy: ranHere ? "this command" : "another process",
          outcome: "done",
          // The items' jobs this command ran (those the instances took are theirs).
          ...(schedule.items ? { items: items.ran } : {}),
        };
      } finally {
        catalogue.interrupt();
        catalogue.close();
      }
    },
  },
};
