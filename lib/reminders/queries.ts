// Reads of anniversary reminders for the public pages: the memorial a calendar file names, and how
// many addresses receive a memorial's reminders.
import { db } from "@memorial/lib/db/client";
import { memorialsVisibleTo, PUBLIC, TITLE_SELECT } from "@memorial/lib/memorials/policy";

/**
 * The memorial of a calendar file (remember.ics): one the public may see, not the operator's
 * global memorial, with what displayTitle reads and its deceased's dates; null otherwise. Whether
 * its date of death may be shown (exact, not anonymous) is the caller's to check.
 */
export async function calendarMemorial(memorialId: number) {
  return db.memorial.findFirst({
    where: { AND: [{ id: memorialId }, memorialsVisibleTo(PUBLIC), { kind: { not: "global" } }] },
    select: {
      ...TITLE_SELECT,
      language: true,
      person: { select: { firstName: true, lastName: true, deathDate: true, deathDateApproximate: true } },
    },
  });
}

/** The memorial's active subscriptions: confirmed, not unsubscribed. */
export async function activeSubscriptionCount(memorialId: number): Promise<number> {
  return db.reminderSubscription.count({
    where: { memorialId, confirmedAt: { not: null }, unsubscribedAt: null },
  });
}
