// The rules of a memorial's ceremony, without the database: what a command to set one must hold
// (read by every way in: the API, later the dashboard's and the family's forms), the words of its
// state, when its livestream is offered, and the instants at which its public block changes.
import { invalid } from "@memorial/lib/errors";
import { isTimeZone, parseLocalDateTime, zonedInstant } from "./zoned-time";

export const DEFAULT_TIME_ZONE = "Europe/Brussels";
export const PLACE_NAME_MAX = 200;
export const PLACE_ADDRESS_MAX = 300;
export const URL_MAX = 500;
export const NOTE_MAX = 500;

/** The livestream link is offered from an hour before the start... */
const LIVESTREAM_OPENS_MS = 60 * 60_000;
/** ...until seven days after it (a recording is often watched later). */
const LIVESTREAM_CLOSES_MS = 7 * 86_400_000;

/** A command to set a memorial's ceremony, as an edge read it (strings as typed, null: absent). */
export interface SetCeremonyInput {
  /** A local date-time without offset, "2026-12-10T14:30", read in timeZone. */
  start: string;
  timeZone?: string | null;
  placeName: string;
  placeAddress: string;
  mapUrl?: string | null;
  livestreamUrl?: string | null;
  note?: string | null;
}

/** The ceremony's fields as stored. */
export interface CeremonyFields {
  startsAt: Date;
  timeZone: string;
  placeName: string;
  placeAddress: string;
  mapUrl: string | null;
  livestreamUrl: string | null;
  note: string | null;
}

const field = (name: string) => `ceremony.${name}`;

// Control characters break a line of the calendar file and mean nothing on a page; a note keeps
// its line breaks.
const CONTROL = /(?![\r\n])\p{Cc}/u;
const LINE_BREAK = /[\r\n]/;

/** Counted as PostgreSQL counts a VARCHAR's length: in characters (code points). */
const length = (text: string) => [...text].length;

function text(name: string, value: string, max: number, options: { required: boolean; lines: boolean }) {
  const trimmed = value.trim();
  if (trimmed === "") {
    if (options.required) throw invalid("is required", { field: field(name), reason: "required" });
    return null;
  }
  if (CONTROL.test(trimmed) || (!options.lines && LINE_BREAK.test(trimmed))) {
    throw invalid("must not contain control characters", { field: field(name), reason: "invalid" });
  }
  if (length(trimmed) > max) {
    throw invalid(`must be at most ${max} characters`, { field: field(name), reason: "too-long" });
  }
  return trimmed;
}

function httpsUrl(name: string, value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  if (trimmed === "") return null;
  if (length(trimmed) > URL_MAX) {
    throw invalid(`must be at most ${URL_MAX} characters`, { field: field(name), reason: "too-long" });
  }
  // An address holds no space nor control character (the parser would quietly encode them).
  if (/[\s\p{Cc}]/u.test(trimmed)) {
    throw invalid("must be an https address", { field: field(name), reason: "invalid-url" });
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw invalid("must be an https address", { field: field(name), reason: "invalid-url" });
  }
  // https only: a page served over https links nothing weaker, and a javascript: or data: link
  // would run in the visitor's page.
  if (url.protocol !== "https:" || url.hostname === "" || url.username !== "" || url.password !== "") {
    throw invalid("must be an https address", { field: field(name), reason: "invalid-url" });
  }
  return trimmed;
}

/**
 * The command checked and made into the stored fields; an invalid field is refused with its name
 * (nothing written). Whether the start may be in the past is the use case's rule, not this one's.
 */
export function ceremonyFields(input: SetCeremonyInput): CeremonyFields {
  const timeZone = input.timeZone?.trim() || DEFAULT_TIME_ZONE;
  if (!isTimeZone(timeZone)) {
    throw invalid(`must be an IANA time zone such as ${DEFAULT_TIME_ZONE}`, {
      field: field("timeZone"),
      reason: "invalid",
    });
  }
  const local = parseLocalDateTime(input.start.trim());
  if (!local) {
    throw invalid("must be a local date and time without offset, such as 2026-12-10T14:30", {
      field: field("start"),
      reason: "invalid",
    });
  }
  const startsAt = zonedInstant(local, timeZone);
  if (!startsAt) {
    throw invalid(`does not exist in ${timeZone}: the clocks skip it (summer time begins)`, {
      field: field("start"),
      reason: "skipped",
    });
  }
  return {
    startsAt,
    timeZone,
    placeName: text("placeName", input.placeName, PLACE_NAME_MAX, { required: true, lines: false })!,
    placeAddress: text("placeAddress", input.placeAddress, PLACE_ADDRESS_MAX, {
      required: true,
      lines: false,
    })!,
    mapUrl: httpsUrl("mapUrl", input.mapUrl),
    livestreamUrl: httpsUrl("livestreamUrl", input.livestreamUrl),
    note: text("note", input.note ?? "", NOTE_MAX, { required: false, lines: true }),
  };
}

/** A start must be after now: for a new ceremony, a moved one, or one set again after its cancellation. */
export function refusePastStart(startsAt: Date, now: Date): void {
  if (startsAt.getTime() <= now.getTime()) {
    throw invalid("must be in the future", { field: field("start"), reason: "past" });
  }
}

/** The map link shown: the operator's, else a search of the address on OpenStreetMap. */
export function mapLink(ceremony: { mapUrl: string | null; placeAddress: string }): string {
  return (
    ceremony.mapUrl ??
    `https://www.openstreetmap.org/search?query=${encodeURIComponent(ceremony.placeAddress)}`
  );
}

export type CeremonyState = "scheduled" | "moved" | "cancelled";

/** Scheduled, moved (a former start is known) or cancelled. */
export function ceremonyState(ceremony: {
  status: "scheduled" | "cancelled";
  previousStartsAt: Date | null;
}): CeremonyState {
  if (ceremony.status === "cancelled") return "cancelled";
  return ceremony.previousStartsAt ? "moved" : "scheduled";
}

/** Whether the livestream link is offered at `now`: from an hour before the start to 7 days after. */
export function livestreamOpen(startsAt: Date, now: Date): boolean {
  const start = startsAt.getTime();
  return now.getTime() >= start - LIVESTREAM_OPENS_MS && now.getTime() < start + LIVESTREAM_CLOSES_MS;
}

/**
 * The next instant after `now` at which the public block reads differently (the livestream
 * appears, the words turn to the past, the livestream goes), or null when none is left: a page
 * kept in a cache must not outlive it.
 */
export function nextBoundary(startsAt: Date, now: Date): Date | null {
  const start = startsAt.getTime();
  const next = [start - LIVESTREAM_OPENS_MS, start, start + LIVESTREAM_CLOSES_MS].find(
    (time) => time > now.getTime(),
  );
  return next === undefined ? null : new Date(next);
}
