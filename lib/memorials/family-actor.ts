// Who changes a memorial's family settings: the family, through its management link (the token
// names the memorial: a link can act on its own memorial only), or the memorial's own operator
// (its dashboard, live data). Every change is recorded as a domain event with payload.by.
import type { Tx } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { memorialOfToken } from "./manage-token";

export type FamilyActor =
  | { by: "family"; token: string }
  | { by: "operator"; operatorId: number; isTest: boolean; memorialId: number; userId?: number };

/** The memorial the actor may change, locked for the change. */
export async function memorialForActor(tx: Tx, actor: FamilyActor) {
  const memorialId =
    actor.by === "family"
      ? await memorialOfToken(tx, actor.token)
      : (
          await tx.memorial.findFirst({
            where: { id: actor.memorialId, operatorId: actor.operatorId, isTest: actor.isTest },
            select: { id: true },
          })
        )?.id;
  if (memorialId === undefined)
    throw notFound(`memorial ${actor.by === "operator" ? actor.memorialId : ""} does not exist`);
  await tx.$queryRaw`SELECT "id" FROM "memorial" WHERE "id" = ${memorialId} FOR UPDATE`;
  return tx.memorial.findUniqueOrThrow({ where: { id: memorialId } });
}

/** The event's payload part that says who acted. */
export function actedBy(actor: FamilyActor): { by: "family" | "operator"; userId?: number } {
  return actor.by === "family"
    ? { by: "family" }
    : { by: "operator", ...(actor.userId ? { userId: actor.userId } : {}) };
}
