// Who changes a memorial's family settings: the family, through its management link (the token
// names the memorial: a link can act on its own memorial only; its Scope is the family-link one,
// familyLinkScope of lib/scope.ts), or the memorial's own operator acting with its Scope (its
// dashboard, production data). Every change is recorded with its domain event, whose payload.by says who.
import type { AuditTargetType, ChangeKind, EventOfKind } from "@memorial/lib/changes/kinds";
import { type AuditPart, type Change, type ChangeRecorder, withEvents } from "@memorial/lib/changes/record";
import type { Tx } from "@memorial/lib/db/client";
import { notFound } from "@memorial/lib/errors";
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

type ActorMemorial = Awaited<ReturnType<typeof memorialForActor>>;

/**
 * The work of a family control, whoever acts: one transaction with its events, on the memorial the
 * actor may change, locked for the change (memorialForActor).
 */
export function familyControl<T>(
  actor: FamilyActor,
  work: (memorial: ActorMemorial, tx: Tx, changes: ChangeRecorder) => Promise<T>,
): Promise<T> {
  return withEvents(async (tx, changes) => work(await memorialForActor(tx, actor), tx, changes));
}

/** The event's payload part that says who acted (the dashboard's user, when one did). */
export function actedBy(actor: FamilyActor): ActedBy {
  if (actor.by === "family") return { by: "family" };
  const { actor: who } = actor.scope;
  return { by: "operator", ...(who.kind === "user" ? { userId: who.id } : {}) };
}

type FamilyControlEvent = (typeof FAMILY_CONTROL_EVENTS)[number];

/** The kinds of change of the family's settings: those whose event is a family control's. */
type FamilyKind = {
  [K in ChangeKind]: EventOfKind<K> extends FamilyControlEvent ? K : never;
}[ChangeKind];

/** The rest of the event's payload, beside who acted. */
type FamilyPayload<K extends FamilyKind> = Omit<EventPayloads[EventOfKind<K>], keyof ActedBy>;

/**
 * Records a change of the memorial's family settings, with its domain event saying who acted, and
 * its audit row (`audit`: its target and fields; none for an event whose change has the row).
 */
export function recordFamilyChange<K extends FamilyKind>(
  changes: ChangeRecorder,
  actor: FamilyActor,
  memorial: { id: number; operatorId: number; isTest: boolean },
  kind: K,
  audit: Omit<AuditPart<AuditTargetType>, "target"> & { target?: AuditPart<AuditTargetType>["target"] },
  ...[payload]: keyof FamilyPayload<K> extends never ? [] : [FamilyPayload<K>]
): Promise<void> {
  const change = {
    kind,
    target: audit.target ?? { type: "memorial", id: memorial.id },
    operatorId: memorial.operatorId,
    memorialId: memorial.id,
    before: audit.before,
    after: audit.after,
    actor: audit.actor,
    event: { isTest: memorial.isTest, payload: { ...actedBy(actor), ...payload } },
  };
  // The kind's event payload is ActedBy and the rest of it, as the parameters say.
  return changes.record(change as unknown as Change);
}
