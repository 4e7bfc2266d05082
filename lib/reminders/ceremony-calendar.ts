// The ceremony's calendar file (/memorial/{id}/ceremony.ics; the ceremony is lib/ceremonies'),
// RFC 5545, written with the line rules of ics.ts beside it (escaping, folding). One event, its UID stable per memorial so
// that a calendar that imported it replaces it on a change; SEQUENCE grows with each change, and
// a cancelled ceremony is the same event with STATUS:CANCELLED. The times are in UTC (the
// ceremony's zone is for people; UTC needs no VTIMEZONE block); the event lasts an hour.
import { escapeText, foldLine } from "./ics";

/** The event lasts an hour from the start: a ceremony's usual length (its end is not asked). */
const CALENDAR_EVENT_MS = 60 * 60_000;

const stamp = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

export interface CeremonyCalendarEvent {
  memorialId: number;
  /** The memorial's shown title (displayTitle: never the name of an anonymous memorial). */
  title: string;
  startsAt: Date;
  placeName: string;
  placeAddress: string;
  note: string | null;
  livestreamUrl: string | null;
  status: "scheduled" | "cancelled";
  sequence: number;
  updatedAt: Date;
  /** The memorial's page. */
  url: string;
  /** The host of the service, for a UID unique in the world. */
  host: string;
  now: Date;
}

export function ceremonyCalendar(event: CeremonyCalendarEvent): string {
  const description = [event.note, event.url, event.livestreamUrl].filter(Boolean).join("\n\n");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Memorial trees//Ceremony//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:memorial-${event.memorialId}-ceremony@${event.host}`,
    `DTSTAMP:${stamp(event.now)}`,
    `DTSTART:${stamp(event.startsAt)}`,
    `DTEND:${stamp(new Date(event.startsAt.getTime() + CALENDAR_EVENT_MS))}`,
    `SEQUENCE:${event.sequence}`,
    `LAST-MODIFIED:${stamp(event.updatedAt)}`,
    `STATUS:${event.status === "cancelled" ? "CANCELLED" : "CONFIRMED"}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(`${event.placeName}, ${event.placeAddress}`)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${event.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
