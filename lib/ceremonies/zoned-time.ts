// Wall-clock times in a named time zone, with Intl alone (no date library is among the
// dependencies): a ceremony is set as a local date and time where it takes place ("14:30 in
// Brussels"), stored as an instant, and shown again in that zone with its offset, so that a
// change of the offset (summer time) never moves it.

/** An IANA time zone name Intl knows ("Europe/Brussels"); an offset or an abbreviation is not one. */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export interface LocalDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "2026-12-10T14:30" (seconds optional, no offset) as its parts; null when it is not one, or no such day. */
export function parseLocalDateTime(text: string): LocalDateTime | null {
  const match = LOCAL.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59 || day < 1) return null;
  // The 31st of April is not a day: Date.UTC would roll it over to the 1st of May.
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return null;
  return { year, month, day, hour, minute, second };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time of an instant in a zone. */
function localTimeOf(instant: Date, timeZone: string): LocalDateTime {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const asUtc = (local: LocalDateTime) =>
  Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);

/** The zone's offset from UTC at an instant, in minutes (Brussels in winter: 60). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const whole = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((asUtc(localTimeOf(new Date(whole), timeZone)) - whole) / 60_000);
}

/**
 * The instant a wall-clock time names in a zone. Of a time the clocks pass twice (summer time
 * ends), the first; a time they skip (summer time begins) names no instant: null.
 */
export function zonedInstant(local: LocalDateTime, timeZone: string): Date | null {
  const wall = asUtc(local);
  const candidates = new Set<number>();
  // The offsets a day either side of the guess are those before and after any change near it.
  for (const shift of [-86_400_000, 0, 86_400_000]) {
    const offset = offsetMinutes(new Date(wall + shift), timeZone);
    candidates.add(wall - offset * 60_000);
  }
  const matching = [...candidates]
    .filter((time) => asUtc(localTimeOf(new Date(time), timeZone)) === wall)
    .sort((a, b) => a - b);
  return matching.length > 0 ? new Date(matching[0]!) : null;
}

const two = (n: number) => String(n).padStart(2, "0");

/** An instant as the wall-clock time of its zone with the offset: "2026-12-10T14:30:00+01:00". */
export function formatZoned(instant: Date, timeZone: string): string {
  const local = localTimeOf(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return (
    `${local.year}-${two(local.month)}-${two(local.day)}T${two(local.hour)}:${two(local.minute)}:${two(local.second)}` +
    `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
  );
}
