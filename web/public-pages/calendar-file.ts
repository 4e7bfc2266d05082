// The answers of a memorial's calendar files (ceremony.ics, remember.ics): the file to save, never
// kept by a cache (a ceremony moves), and the plain 404 that says which memorials have one.

/** The calendar file (RFC 5545 text), saved as `fileName`. */
export const calendarFile = (body: string, fileName: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });

/** No such file: `which` says the memorials that have one ("with a ceremony"). */
export const calendarNotFound = (which: string) =>
  new Response(`Not found: no public memorial ${which} has this id.\n`, {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
