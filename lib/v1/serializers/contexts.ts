// Extension: a context record of GET /v1/Contextes.
import type { ContextRow } from "@memorial/lib/operators/queries";
import type { TContexteRecord } from "@memorial/lib/v1/schemas/responses";

export function serializeContextRecord(row: ContextRow): TContexteRecord {
  return {
    Id: row.id,
    Type: row.kind,
    Nom: row.name,
    ParentId: row.parentId,
    Langue: (row.language as TContexteRecord["Langue"]) ?? null,
  };
}
