// The memorial's calendar file (/memorial/{id}/remember.ics): one all-day event on the date of
// death, every year. Written here in a few lines of RFC 5545 rather than with a library: no
// calendar library is among the dependencies (the `ics` package is not installed), and one event
// needs only the format's three rules, which this file keeps: CRLF line ends, TEXT values escaped
// (backslash, semicolon, comma, line breaks: section 3.3.11), and lines folded at 75 octets
// without cutting a UTF-8 character (section 3.1).

/** A TEXT value, escaped (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A content line folded at 75 octets: CRLF and one space before each continuation (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // The first line holds 75 octets; the next ones 74 after their leading space.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const day = (date: Date) => date.toISOString().slice(0, 10).replace(/-/g, "");
const stamp = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

export interface AnniversaryEvent {
  memorialId: number;
  /** The memorial's shown title (displayTitle: never the name of an anonymous memorial). */
  title: string;
  deathDate: Date;
  url: string;
  /** The host of the service, for a UID unique in the world. */
  host: string;
  now: Date;
}

/** The VCALENDAR of the yearly anniversary of the death. */
export function anniversaryCalendar(event: AnniversaryEvent): string {
  const start = new Date(
    Date.UTC(event.deathDate.getUTCFullYear(), event.deathDate.getUTCMonth(), event.deathDate.getUTCDate()),
  );
  const end = new Date(start.getTime() + 86_400_000);
  // The 29th of February comes back on the last day of February: the 28th in the other years
  // (a plain FREQ=YEARLY would skip them, RFC 5545 3.3.10).
  const leapDay = start.getUTCMonth() === 1 && start.getUTCDate() === 29;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Memorial trees//Remember the day//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:memorial-${event.memorialId}-death-anniversary@${event.host}`,
    `DTSTAMP:${stamp(event.now)}`,
    `DTSTART;VALUE=DATE:${day(start)}`,
    `DTEND;VALUE=DATE:${day(end)}`,
    leapDay ? "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1" : "RRULE:FREQ=YEARLY",
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.url)}`,
    `URL:${event.url}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
