// Read models of operators: the caller's contexts (GET /v1/Contextes, an extension of the
// specification), one page at a time, by id.
import { Prisma } from "@memorial/lib/db/client";
import type { ContextKind } from "@memorial/lib/db/generated/enums";
import { paged } from "@memorial/lib/db/paged";

export interface ContextRow {
  id: number;
  kind: ContextKind;
  name: string;
  parentId: number | null;
  language: string | null;
}

/** Contexts are the operator's whole: the same for its live and its test keys. */
export function listContexts(operatorId: number, limit: number, offset: number) {
  return paged<ContextRow>(
    Prisma.sql`SELECT c."id", c."kind"::text AS "kind", c."name", c."parent_id" AS "parentId", c."language"
               FROM "context" c WHERE c."operator_id" = ${operatorId}`,
    Prisma.sql`q."id"`,
    limit,
    offset,
  );
}
