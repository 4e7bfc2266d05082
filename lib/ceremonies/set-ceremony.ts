// The operator sets its memorial's ceremony (PUT /v1/Memorial/{id}/Ceremonie, the dashboard's
// form), or the family from its management page. The rules:
// - the memorial is the operator's own, or the one the family's active link names (else "not
//   found", as everywhere), locked for the transaction (own-memorial.ts);
// - the fields are checked first (lib/ceremonies/rules.ts): nothing is written for a bad one;
// - a new ceremony's start must be in the future, and so must a changed start, and the start of
//   a cancelled ceremony set again (which schedules it again);
// - a change keeps the row, bumps its sequence (the calendar file's SEQUENCE) and, when the start
//   moved, keeps the former start to say "moved"; a PUT that changes nothing writes nothing;
// - each write records its domain event (ceremony.scheduled or ceremony.changed: a webhook, and
//   every instance drops the memorial's cached page) and its audit row, in the same transaction.
import { withEvents } from "@memorial/lib/changes/record";
import type { Ceremony } from "@memorial/lib/db/generated/client";
import type { FamilyActor } from "@memorial/lib/memorials/family-actor";
import { ceremonyPayload } from "./events";
import { lockOwnMemorial } from "./own-memorial";
import { type CeremonyFields, ceremonyFields, refusePastStart, type SetCeremonyInput } from "./rules";

export interface SetCeremonyResult {
  ceremony: Ceremony;
  /** The ceremony did not exist before. */
  created: boolean;
  /** Something was written (false: the same ceremony was set again). */
  changed: boolean;
}

/** What a change touched, in the words of the ceremony.changed webhook. */
type ChangedField = "start" | "timeZone" | "place" | "map" | "livestream" | "note";

function changedFields(current: Ceremony, next: CeremonyFields): ChangedField[] {
  const changed: ChangedField[] = [];
  if (current.startsAt.getTime() !== next.startsAt.getTime()) changed.push("start");
  if (current.timeZone !== next.timeZone) changed.push("timeZone");
  if (current.placeName !== next.placeName || current.placeAddress !== next.placeAddress)
    changed.push("place");
  if (current.mapUrl !== next.mapUrl) changed.push("map");
  if (current.livestreamUrl !== next.livestreamUrl) changed.push("livestream");
  if (current.note !== next.note) changed.push("note");
  return changed;
}

/** The audited fields of a ceremony. */
const audited = (ceremony: CeremonyFields & { status?: string }) => ({
  startsAt: ceremony.startsAt,
  timeZone: ceremony.timeZone,
  placeName: ceremony.placeName,
  placeAddress: ceremony.placeAddress,
  mapUrl: ceremony.mapUrl,
  livestreamUrl: ceremony.livestreamUrl,
  note: ceremony.note,
  ...(ceremony.status ? { status: ceremony.status } : {}),
});

export async function setCeremony(
  actor: FamilyActor,
  input: SetCeremonyInput,
  now: Date = new Date(),
): Promise<SetCeremonyResult> {
  const fields = ceremonyFields(input);
  return withEvents(async (tx, changes) => {
    const memorial = await lockOwnMemorial(tx, actor);
    const current = await tx.ceremony.findUnique({ where: { memorialId: memorial.id } });
    const about = {
      target: { type: "memorial", id: memorial.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
    } as const;

    if (!current) {
      refusePastStart(fields.startsAt, now);
      const ceremony = await tx.ceremony.create({
        data: { memorialId: memorial.id, ...fields, createdAt: now, updatedAt: now },
      });
      await changes.record({
        kind: "ceremony.scheduled",
        ...about,
        after: audited({ ...fields, status: "scheduled" }),
        event: { isTest: memorial.isTest, payload: ceremonyPayload(ceremony) },
      });
      return { ceremony, created: true, changed: true };
    }

    const fieldsChanged = changedFields(current, fields);
    const rescheduled = current.status === "cancelled";
    if (!rescheduled && fieldsChanged.length === 0)
      return { ceremony: current, created: false, changed: false };
    const moved = fieldsChanged.includes("start");
    if (moved || rescheduled) refusePastStart(fields.startsAt, now);
    const ceremony = await tx.ceremony.update({
      where: { id: current.id },
      data: {
        ...fields,
        status: "scheduled",
        sequence: { increment: 1 },
        previousStartsAt: moved ? current.startsAt : current.previousStartsAt,
        updatedAt: now,
      },
    });
    const audit = {
      ...about,
      before: audited({ ...current, status: current.status }),
      after: audited({ ...fields, status: "scheduled" }),
    };
    if (rescheduled) {
      await changes.record({
        kind: "ceremony.scheduled",
        ...audit,
        event: { isTest: memorial.isTest, payload: ceremonyPayload(ceremony) },
      });
    } else {
      await changes.record({
        kind: "ceremony.changed",
        ...audit,
        event: {
          isTest: memorial.isTest,
          payload: {
            ...ceremonyPayload(ceremony),
            previousStartsAt: moved ? current.startsAt.toISOString() : null,
            fields: fieldsChanged,
          },
        },
      });
    }
    return { ceremony, created: false, changed: true };
  });
}
