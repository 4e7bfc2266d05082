// The history of a memorial's family settings for its own operator's dashboard: who (the family
// or the operator) hid, showed, anonymised the memorial or hid a message, and when.
import { db } from "@memorial/lib/db/client";
import type { DomainEventType } from "@memorial/lib/events/event-types";
import { FAMILY_CONTROL_EVENTS } from "@memorial/lib/events/family-control-events";

const HISTORY_TYPES: DomainEventType[] = [...FAMILY_CONTROL_EVENTS, "manage_link.sent"];

export interface HistoryEntry {
  id: string;
  type: DomainEventType;
  by: "family" | "operator";
  at: Date;
  treeId: number | null;
}

/** The newest entries first; the caller has checked that the memorial is its own. */
export async function memorialHistory(memorialId: number, limit = 50): Promise<HistoryEntry[]> {
  const rows = await db.domainEvent.findMany({
    where: { memorialId, type: { in: HISTORY_TYPES } },
    orderBy: { id: "desc" },
    take: limit,
    select: { id: true, type: true, payload: true, createdAt: true },
  });
  return rows.map((row) => {
    const payload = (row.payload ?? {}) as { by?: string; treeId?: number };
    return {
      id: String(row.id),
      type: row.type as DomainEventType,
      by: payload.by === "family" ? "family" : "operator",
      at: row.createdAt,
      treeId: typeof payload.treeId === "number" ? payload.treeId : null,
    };
  });
}
