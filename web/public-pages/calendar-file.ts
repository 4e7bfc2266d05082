// The handler of a memorial's calendar files (ceremony.ics, remember.ics): the id and ?lang= read
// once for both, the file to save, never kept by a cache (a ceremony moves), and the plain 404
// that says which memorials have one.
import { isLanguage, type Language } from "@memorial/lib/i18n/languages";
import { publicOrigin } from "@memorial/lib/links";
import { parseId } from "@memorial/lib/validation";
import type { NextRequest } from "next/server";

/** The calendar file (RFC 5545 text), saved as `fileName`. */
const calendarFile = (body: string, fileName: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });

/** No such file: `which` says the memorials that have one ("with a ceremony"). */
const calendarNotFound = (which: string) =>
  new Response(`Not found: no public memorial ${which} has this id.\n`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** What a calendar file is made from: the memorial's id, the site's origin, the ?lang= asked for. */
interface CalendarRequest {
  id: number;
  origin: string;
  language: Language | null;
}

/**
 * The GET handler of a memorial's calendar file: `file` makes it, or answers null when the memorial
 * has none (not public, or without what the file needs), which is the 404 `which` words, as is an
 * id that is not one.
 */
export function calendarRoute(
  which: string,
  file: (request: CalendarRequest) => Promise<{ body: string; fileName: string } | null>,
) {
  return async (request: NextRequest, context: { params: Promise<{ id: string }> }) => {
    const id = parseId((await context.params).id);
    if (id === null) return calendarNotFound(which);
    const lang = request.nextUrl.searchParams.get("lang");
    const made = await file({
      id,
      origin: publicOrigin(request.headers),
      language: isLanguage(lang) ? lang : null,
    });
    return made ? calendarFile(made.body, made.fileName) : calendarNotFound(which);
  };
}
