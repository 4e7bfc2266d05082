// GET /memorial/{id}/remember.ics: the memorial's anniversary as a calendar file, a
// yearly all-day event on the date of death with the memorial's address. Only for a memorial the
// public may see (the policy) with an exact date of death; anything else is a 404. An anonymous
// memorial's event carries its shown title only (displayTitle), never the deceased's name.

import { isLanguage } from "@memorial/lib/i18n/languages";
import { memorialUrl, publicOrigin } from "@memorial/lib/links";
import { displayTitle, showsDeceased } from "@memorial/lib/memorials/policy";
import { anniversaryCalendar } from "@memorial/lib/reminders/ics";
import { calendarMemorial } from "@memorial/lib/reminders/queries";
import { parseId } from "@memorial/lib/validation";
import type { NextRequest } from "next/server";
import { calendarFile, calendarNotFound } from "@/web/public-pages/calendar-file";

type Context = { params: Promise<{ id: string }> };

const notFound = () => calendarNotFound("with an exact date of death");

export async function GET(request: NextRequest, context: Context) {
  const id = parseId((await context.params).id);
  if (id === null) return notFound();
  const memorial = await calendarMemorial(id);
  // An anonymous memorial shows nothing of its deceased, its date of death included (4.1 rule 7).
  if (!memorial?.person || !showsDeceased(memorial.kind) || memorial.person.deathDateApproximate) {
    return notFound();
  }
  const origin = publicOrigin(request.headers);
  const lang = request.nextUrl.searchParams.get("lang");
  const body = anniversaryCalendar({
    memorialId: memorial.id,
    title: displayTitle(memorial),
    deathDate: memorial.person.deathDate,
    url: memorialUrl(origin, memorial, isLanguage(lang) ? lang : null),
    host: new URL(origin).host,
    now: new Date(),
  });
  return calendarFile(body, `memorial-${memorial.id}.ics`);
}
