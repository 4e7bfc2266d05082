// Who changes a memorial's family settings: the family, through its management link (the token
// names the memorial: a link can act on its own memorial only; its Scope is the family-link one,
// familyLinkScope of lib/scope.ts), or the memorial's own operator acting with its Scope (its
// dashboard, production data). Every change is recorded as a domain event with payload.by.
import type { Tx } from "@memorial/lib/db/client";
import { notFound } from "@memorial/lib/errors";
import type { EventRecorder, NewDomainEvent } from "@memorial/lib/events/events";
import type { FAMILY_CONTROL_EVENTS } from "@memorial/lib/events/family-control-events";
import type { ActedBy, EventPayloads } from "@memorial/lib/events/payloads";
import type { OperatorScope } from "@memorial/lib/scope";
import { memorialOfToken } from "./manage-token";
import { ownMemorialsOf } from "./policy";

export type FamilyActor =
  | { by: "family"; token: string }
  | { by: "operator"; scope: OperatorScope; memorialId: number };

/** The memorial the actor may change, locked for the change. */
export async function memorialForActor(tx: Tx, actor: FamilyActor) {
  const memorialId =
    actor.by === "family"
      ? await memorialOfToken(tx, actor.token)
      : (
          await tx.memorial.findFirst({
            where: { AND: [{ id: actor.memorialId }, ownMemorialsOf(actor.scope)] },
            select: { id: true },
          })
        )?.id;
  if (memorialId === undefined)
    throw notFound(`memorial ${actor.by === "operator" ? actor.memorialId : ""} does not exist`);
  await tx.$queryRaw`SELECT "id" FROM "memorial" WHERE "id" = ${memorialId} FOR UPDATE`;
  return tx.memorial.findUniqueOrThrow({ where: { id: memorialId } });
}

/** The event's payload part that says who acted (the dashboard's user, when one did). */
export function actedBy(actor: FamilyActor): ActedBy {
  if (actor.by === "family") return { by: "family" };
  const { actor: who } = actor.scope;
  return { by: "operator", ...(who.kind === "dashboard-user" ? { userId: who.userId } : {}) };
}

type FamilyControlEvent = (typeof FAMILY_CONTROL_EVENTS)[number];

/** Records a change of the memorial's family settings as its domain event, saying who acted. */
export function recordFamilyChange<T extends FamilyControlEvent>(
  events: EventRecorder,
  actor: FamilyActor,
  memorial: { id: number; operatorId: number; isTest: boolean },
  type: T,
  ...[payload]: keyof Omit<EventPayloads[T], keyof ActedBy> extends never
    ? []
    : [Omit<EventPayloads[T], keyof ActedBy>]
): Promise<void> {
  const event = {
    type,
    operatorId: memorial.operatorId,
    isTest: memorial.isTest,
    memorialId: memorial.id,
    payload: { ...actedBy(actor), ...payload },
  };
  // The payload is ActedBy and the rest of T's payload, as the parameters say.
  return events.record(event as unknown as NewDomainEvent);
}
