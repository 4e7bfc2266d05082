// GET /memorial/{id}/ceremony.ics: the memorial's ceremony as a calendar file (RFC 5545,
// lib/reminders/ceremony-calendar.ts), cancelled or not: a calendar that imported it learns of a change or a
// cancellation by its SEQUENCE. Only for a memorial the public may see (the policy) that has a
// ceremony; anything else is a 404. An anonymous memorial's event carries its shown title only
// (displayTitle), never the deceased's name.

import { calendarCeremony } from "@memorial/lib/ceremonies/queries";
import { memorialUrl } from "@memorial/lib/links";
import { displayTitle } from "@memorial/lib/memorials/policy";
import { ceremonyCalendar } from "@memorial/lib/reminders/ceremony-calendar";
import { calendarRoute } from "@/web/public-pages/calendar-file";

export const GET = calendarRoute("with a ceremony", async ({ id, origin, language }) => {
  const memorial = await calendarCeremony(id);
  const ceremony = memorial?.ceremony;
  if (!memorial || !ceremony) return null;
  const body = ceremonyCalendar({
    memorialId: memorial.id,
    title: displayTitle(memorial, language ?? undefined),
    ...ceremony,
    url: memorialUrl(origin, memorial, language),
    host: new URL(origin).host,
    now: new Date(),
  });
  return { body, fileName: `ceremony-${memorial.id}.ics` };
});
