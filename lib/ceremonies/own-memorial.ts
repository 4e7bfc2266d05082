// The memorial a ceremony use case acts on, locked for the transaction so that two changes of its
// ceremony at once are made one after the other (the second reads what the first wrote: one
// sequence number each, one creation only). Who acts is the memorial's operator (its scope's own
// memorial, in its environment) or the family through its management link, checked in the same
// transaction as the change, so a link replaced a moment before changes nothing.
import { Prisma, type Tx } from "@memorial/lib/db/client";
import { invalid, notFound } from "@memorial/lib/errors";
import type { FamilyActor } from "@memorial/lib/memorials/family-actor";
import { memorialOfToken } from "@memorial/lib/memorials/manage-token";
import { ownMemorialsOfSql } from "@memorial/lib/memorials/policy";

export interface LockedMemorial {
  id: number;
  operatorId: number;
  isTest: boolean;
}

export async function lockOwnMemorial(tx: Tx, actor: FamilyActor): Promise<LockedMemorial> {
  const memorialId = actor.by === "family" ? await memorialOfToken(tx, actor.token) : actor.memorialId;
  // Another operator's memorial, or the other environment's, is not found, as everywhere; so is
  // one erased, or merged into another (its address leads to the kept one). The link names its
  // own memorial.
  const own = actor.by === "family" ? Prisma.sql`TRUE` : ownMemorialsOfSql(actor.scope);
  const [memorial] = await tx.$queryRaw<(LockedMemorial & { kind: string })[]>`
    SELECT m."id", m."operator_id" AS "operatorId", m."is_test" AS "isTest", m."kind"::text AS "kind"
    FROM "memorial" m
    WHERE m."id" = ${memorialId} AND ${own}
      AND m."erased_at" IS NULL AND m."merged_into_id" IS NULL
    FOR UPDATE`;
  if (!memorial) throw notFound(`memorial ${memorialId} does not exist`);
  // The global memorial holds the operator's trees for no one in particular: no ceremony.
  if (memorial.kind === "global") {
    throw invalid(`memorial ${memorialId} is the operator's global memorial: it has no ceremony`, {
      field: "ceremony.memorialId",
      reason: "global",
    });
  }
  return { id: memorial.id, operatorId: memorial.operatorId, isTest: memorial.isTest };
}
