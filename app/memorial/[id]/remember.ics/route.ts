// GET /memorial/{id}/remember.ics: the memorial's anniversary as a calendar file, a
// yearly all-day event on the date of death with the memorial's address. Only for a memorial the
// public may see (the policy) with an exact date of death; anything else is a 404. An anonymous
// memorial's event carries its shown title only (displayTitle), never the deceased's name.

import { memorialUrl } from "@memorial/lib/links";
import { displayTitle, showsDeceased } from "@memorial/lib/memorials/policy";
import { anniversaryCalendar } from "@memorial/lib/reminders/ics";
import { calendarMemorial } from "@memorial/lib/reminders/queries";
import { calendarRoute } from "@/web/public-pages/calendar-file";

export const GET = calendarRoute("with an exact date of death", async ({ id, origin, language }) => {
  const memorial = await calendarMemorial(id);
  // An anonymous memorial shows nothing of its deceased, its date of death included (4.1 rule 7).
  if (!memorial?.person || !showsDeceased(memorial.kind) || memorial.person.deathDateApproximate) return null;
  const body = anniversaryCalendar({
    memorialId: memorial.id,
    title: displayTitle(memorial),
    deathDate: memorial.person.deathDate,
    url: memorialUrl(origin, memorial, language),
    host: new URL(origin).host,
    now: new Date(),
  });
  return { body, fileName: `memorial-${memorial.id}.ics` };
});
