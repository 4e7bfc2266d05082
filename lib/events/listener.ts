// Hears the events committed by other processes (other instances, the command line) through
// PostgreSQL's LISTEN, and hands their signals to this process's consumers. While the connection
// is down, consumers get a "reset" signal (drop every cached entry) and `isListening()` is false,
// so that caches are bypassed rather than trusted: no change can be missed.

import { isConnectionError, reportDatabaseFailure } from "@memorial/lib/db/health";
import { settings } from "@memorial/lib/settings";
import pg from "pg";
import { EVENT_CHANNEL, type EventSignal, publishLocal, signalsOfNotice } from "./events";

interface ListenerState {
  client: pg.Client | null;
  connected: boolean;
  starting: Promise<void> | null;
  retry: NodeJS.Timeout | null;
}

const state: ListenerState = {
  client: null,
  connected: false,
  starting: null,
  retry: null,
};

const RESET: EventSignal = { type: "reset", operatorId: 0, memorialIds: [] };

export function isListening(): boolean {
  return state.connected;
}

function scheduleRetry() {
  if (state.retry) return;
  state.retry = setTimeout(() => {
    state.retry = null;
    void ensureListening();
  }, 1000);
  state.retry.unref?.();
}

function lost(client: pg.Client) {
  if (state.client !== client) return;
  state.client = null;
  state.connected = false;
  publishLocal([RESET]);
  client.end().catch(() => {});
  scheduleRetry();
}

/** Starts listening (once per process); resolves when listening, or when it could not. */
export function ensureListening(): Promise<void> {
  if (state.connected) return Promise.resolve();
  if (state.starting) return state.starting;
  const url = settings().DATABASE_URL;
  if (!url) return Promise.resolve();
  state.starting = (async () => {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: `memorial-trees/listener/${process.pid}`,
    });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    client.on("notification", (message) => {
      if (message.channel !== EVENT_CHANNEL || !message.payload) return;
      try {
        publishLocal(signalsOfNotice(message.payload));
      } catch {
        publishLocal([RESET]);
      }
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${EVENT_CHANNEL}"`);
      state.client = client;
      // Whatever was cached before this moment may have missed a change: start clean.
      publishLocal([RESET]);
      state.connected = true;
    } catch (error) {
      // Said once per outage (retried every second): the database's own state is lib/db/health.ts's.
      if (isConnectionError(error)) reportDatabaseFailure(error);
      else console.error("[events] cannot listen for changes; caches are bypassed until it can", error);
      client.end().catch(() => {});
      scheduleRetry();
    } finally {
      state.starting = null;
    }
  })();
  return state.starting;
}

export async function stopListening(): Promise<void> {
  const client = state.client;
  state.client = null;
  state.connected = false;
  if (state.retry) clearTimeout(state.retry);
  state.retry = null;
  await client?.end().catch(() => {});
}
