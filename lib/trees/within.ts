// A use case of lib/trees joins its caller's transaction when given one (the sheet import records
// all its lines in ONE transaction, lib/trees/import-sheet.ts); alone, it opens its own.
import { type ChangeRecorder, withEvents } from "@memorial/lib/changes/record";
import type { Tx } from "@memorial/lib/db/client";

/** The caller's transaction and its changes, which are written and published with it. */
export interface Within {
  tx: Tx;
  changes: ChangeRecorder;
}

export function inTransaction<T>(
  within: Within | undefined,
  work: (tx: Tx, changes: ChangeRecorder) => Promise<T>,
): Promise<T> {
  return within ? work(within.tx, within.changes) : withEvents(work);
}
