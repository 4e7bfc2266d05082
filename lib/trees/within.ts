// A use case of lib/trees joins its caller's transaction when given one (the sheet import records
// all its lines in ONE transaction, lib/trees/import-sheet.ts); alone, it opens its own.
import type { Tx } from "@memorial/lib/db/client";
import { type EventRecorder, withEvents } from "@memorial/lib/events/events";

/** The caller's transaction and its events, which are written and published with it. */
export interface Within {
  tx: Tx;
  events: EventRecorder;
}

export function inTransaction<T>(
  within: Within | undefined,
  work: (tx: Tx, events: EventRecorder) => Promise<T>,
): Promise<T> {
  return within ? work(within.tx, within.events) : withEvents(work);
}
