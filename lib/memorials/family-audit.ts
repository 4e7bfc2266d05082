// "What was done to your memorial", for the family's management page: the memorial's
// rows of the audit log, newest first, each with who acted as the family knows them: its funeral
// home (the memorial's context, else the operator: lib/memorials/family.ts) for a team member or an
// API key, "you" for the family's own link, a visitor, or the service (the command line, a job).
// No person's name or address: the family sees that its funeral home acted, not who in its team.
import { memorialAuditRows } from "@memorial/lib/audit/queries";
import { db } from "@memorial/lib/db/client";
import { requesterName } from "./family";

type FamilyAuditActor = "home" | "you" | "visitor" | "service";

interface FamilyAuditRow {
  id: string;
  at: Date;
  action: string;
  by: FamilyAuditActor;
}

export interface FamilyAudit {
  /** The funeral home's name, for the rows its team or its software wrote. */
  home: string;
  rows: FamilyAuditRow[];
  /** More rows than shown (the newest FAMILY_AUDIT_LIMIT are). */
  more: boolean;
}

export const FAMILY_AUDIT_LIMIT = 100;

const BY: Record<string, FamilyAuditActor> = { user: "home", key: "home", family: "you", visitor: "visitor" };

export async function familyAudit(memorialId: number): Promise<FamilyAudit> {
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    select: { operatorId: true, contextId: true, operator: { select: { name: true } } },
  });
  const rows = await memorialAuditRows(memorialId, FAMILY_AUDIT_LIMIT + 1);
  return {
    home: await requesterName(db, {
      operatorId: memorial.operatorId,
      contextId: memorial.contextId,
      operatorName: memorial.operator.name,
    }),
    rows: rows.slice(0, FAMILY_AUDIT_LIMIT).map((row) => ({
      id: row.id,
      at: new Date(row.at),
      action: row.action,
      by: BY[row.actor.kind] ?? "service",
    })),
    more: rows.length > FAMILY_AUDIT_LIMIT,
  };
}
