// A background loop of the launcher: a pass every `intervalMs`, and at once when PostgreSQL's
// NOTIFY on `channel` says there is work (the timer is the fallback while it cannot listen). One
// pass at a time; a wake-up during a pass asks for one more after it. Stopping waits for the pass
// in hand, which can ask `stopping()` to end early.
import pg from "pg";

export interface WokenLoop {
  /** Runs a pass now (tests, and the loop itself); returns what the pass returns. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startWokenLoop(options: {
  name: string;
  channel: string;
  intervalMs: number;
  listen?: boolean;
  pass: (stopping: () => boolean) => Promise<number>;
}): WokenLoop {
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let listener: pg.Client | null = null;
  const failed = (error: unknown) => console.error(`[${options.name}] pass failed`, error);

  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = options
      .pass(() => stopped)
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce().catch(failed);
        }
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await runOnce();
      } catch (error) {
        failed(error);
      }
      schedule();
    }, options.intervalMs);
  }

  if (options.listen !== false && process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    client.on("error", () => {});
    client.on("notification", () => {
      if (!stopped) void runOnce().catch(failed);
    });
    client
      .connect()
      .then(() => client.query(`LISTEN "${options.channel}"`))
      .then(() => {
        if (stopped) return client.end();
        listener = client;
      })
      .catch((error) => {
        console.error(`[${options.name}] LISTEN failed; polling only`, (error as Error).message);
        client.end().catch(() => {});
      });
  }
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await listener?.end().catch(() => {});
      await running?.catch(() => {});
    },
  };
}
