// The operator's own contexts, for the context menus of the planting form and the reports.
import { db } from "@memorial/lib/db/client";
import type { ContextKind } from "@memorial/lib/db/generated/enums";

export interface ContextOption {
  id: number;
  kind: ContextKind;
  name: string;
  parentId: number | null;
}

export async function listContexts(operatorId: number): Promise<ContextOption[]> {
  return db.context.findMany({
    where: { operatorId },
    select: { id: true, kind: true, name: true, parentId: true },
    orderBy: [{ kind: "asc" }, { name: "asc" }, { id: "asc" }],
  });
}

export async function listFuneralHomes(operatorId: number) {
  return db.context.findMany({
    where: { operatorId, kind: "Epf" },
    select: { id: true, name: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
}
