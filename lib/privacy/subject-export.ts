// A data subject's copy of what the service holds about them, within the scope of who
// answers (lib/privacy/subject-find.ts): one JSON document, each source with its table, the fields
// that hold the person's data, and its rows (what the row is, and those fields). Giving it out is
// recorded in the audit log (subject.exported, the subject's id the SHA-256 of the address).
import { recordChange } from "@memorial/lib/changes/record";
import { transaction } from "@memorial/lib/db/client";
import { normaliseSubject, placeOf, type SubjectQuery, subjectHash, subjectRows } from "./subject-find";

export interface SubjectExport {
  email: string;
  name: string | null;
  exportedAt: string;
  /** "service": every operator's rows; else the operator whose rows these are. */
  scope: "service" | { operatorId: number };
  tables: Array<{
    source: string;
    table: string;
    fields: string[];
    /** What an erasure would do: delete the rows, or anonymise the fields. */
    erasure: "delete" | "anonymise";
    rows: Array<Record<string, unknown>>;
  }>;
}

export async function exportSubject(query: SubjectQuery): Promise<SubjectExport> {
  const subject = normaliseSubject(query);
  return transaction(async (tx) => {
    const found = await subjectRows(tx, query);
    const tables = found.map(({ source, rows }) => ({ ...placeOf(source), rows }));
    await recordChange(tx, {
      kind: "subject.exported",
      target: { type: "subject", id: subjectHash(subject.email) },
      operatorId: query.scope.kind === "operator" ? query.scope.operatorId : null,
      after: Object.fromEntries(tables.map((t) => [t.source, t.rows.length])),
    });
    return {
      ...subject,
      exportedAt: new Date().toISOString(),
      scope: query.scope.kind === "service" ? "service" : { operatorId: query.scope.operatorId },
      tables,
    };
  });
}
