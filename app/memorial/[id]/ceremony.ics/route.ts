// GET /memorial/{id}/ceremony.ics: the memorial's ceremony as a calendar file (RFC 5545,
// lib/reminders/ceremony-calendar.ts), cancelled or not: a calendar that imported it learns of a change or a
// cancellation by its SEQUENCE. Only for a memorial the public may see (the policy) that has a
// ceremony; anything else is a 404. An anonymous memorial's event carries its shown title only
// (displayTitle), never the deceased's name.

import { calendarCeremony } from "@memorial/lib/ceremonies/queries";
import { isLanguage } from "@memorial/lib/i18n/languages";
import { memorialUrl, publicOrigin } from "@memorial/lib/links";
import { displayTitle } from "@memorial/lib/memorials/policy";
import { ceremonyCalendar } from "@memorial/lib/reminders/ceremony-calendar";
import { parseId } from "@memorial/lib/validation";
import type { NextRequest } from "next/server";
import { calendarFile, calendarNotFound } from "@/web/public-pages/calendar-file";

type Context = { params: Promise<{ id: string }> };

const notFound = () => calendarNotFound("with a ceremony");

export async function GET(request: NextRequest, context: Context) {
  const id = parseId((await context.params).id);
  if (id === null) return notFound();
  const memorial = await calendarCeremony(id);
  const ceremony = memorial?.ceremony;
  if (!memorial || !ceremony) return notFound();
  const origin = publicOrigin(request.headers);
  const lang = request.nextUrl.searchParams.get("lang");
  const language = isLanguage(lang) ? lang : null;
  const body = ceremonyCalendar({
    memorialId: memorial.id,
    title: displayTitle(memorial, language ?? undefined),
    ...ceremony,
    url: memorialUrl(origin, memorial, language),
    host: new URL(origin).host,
    now: new Date(),
  });
  return calendarFile(body, `ceremony-${memorial.id}.ics`);
}
