// The read models of a memorial's ceremony: the operator's (the API), the public's (the memorial's
// page, kept with the memorial's other reads until one of its events), and the calendar file's.
import { db } from "@memorial/lib/db/client";
import type { Ceremony } from "@memorial/lib/db/generated/client";
import { cachedMemorial } from "@memorial/lib/memorials/cache";
import { memorialsVisibleTo, ownMemorialsOf, PUBLIC, TITLE_SELECT } from "@memorial/lib/memorials/policy";
import type { OperatorScope } from "@memorial/lib/scope";

/** A memorial's ceremony as its funeral home and its family read it (their forms). */
export type CeremonyRecord = Ceremony;

/** The ceremony of one of the scope's own memorials; null when it has none or is not the scope's. */
export async function ownCeremony(scope: OperatorScope, memorialId: number): Promise<Ceremony | null> {
  return db.ceremony.findFirst({ where: { memorialId, memorial: ownMemorialsOf(scope) } });
}

/** What the public page shows of a ceremony. */
export type PublicCeremony = Pick<
  Ceremony,
  | "startsAt"
  | "timeZone"
  | "placeName"
  | "placeAddress"
  | "mapUrl"
  | "livestreamUrl"
  | "note"
  | "status"
  | "previousStartsAt"
>;

const PUBLIC_SELECT = {
  startsAt: true,
  timeZone: true,
  placeName: true,
  placeAddress: true,
  mapUrl: true,
  livestreamUrl: true,
  note: true,
  status: true,
  previousStartsAt: true,
} as const;

/** The ceremony of a memorial the public may see (never the global one's); null when none. */
export async function publicCeremony(memorialId: number): Promise<PublicCeremony | null> {
  // Kept in a wrapper: a memorial without a ceremony (most) is remembered as such too.
  const kept = await cachedMemorial(memorialId, "ceremony", async () => ({
    ceremony: await db.ceremony.findFirst({
      where: {
        memorialId,
        memorial: { AND: [memorialsVisibleTo(PUBLIC), { kind: { not: "global" } }] },
      },
      select: PUBLIC_SELECT,
    }),
  }));
  return kept?.ceremony ?? null;
}

/** The calendar file's reads: the memorial (its shown title) and its ceremony, public only. */
export async function calendarCeremony(memorialId: number) {
  return db.memorial.findFirst({
    where: { AND: [{ id: memorialId }, memorialsVisibleTo(PUBLIC), { kind: { not: "global" } }] },
    select: { ...TITLE_SELECT, ceremony: { select: { ...PUBLIC_SELECT, sequence: true, updatedAt: true } } },
  });
}

// The family's management page (web/public-pages/manage-ceremony.ts) reads the ceremony of the one
// memorial its link names, whatever the public may see of it.

/** The ceremony of the memorial a family's active management link names (read by its page). */
export async function familyCeremony(memorialId: number): Promise<Ceremony | null> {
  return db.ceremony.findUnique({ where: { memorialId } });
}
