// What the memorial's page says of its ceremony at a given moment, in the page's language: the
// date and time where it takes place, with that zone in words (a visitor abroad reads "Central
// European Standard Time", not an hour to convert blindly), before or after the start, moved or
// cancelled; the livestream link only from an hour before the start to 7 days after.
import { type Language, LOCALES } from "@memorial/lib/i18n/languages";
import type { PublicCeremony } from "./queries";
import { livestreamOpen, mapLink } from "./rules";

export interface CeremonyBlock {
  /** "upcoming" before the start, "past" from it, "cancelled" whenever cancelled. */
  phase: "upcoming" | "past" | "cancelled";
  /** The start in words, in the ceremony's zone, the zone named. */
  when: string;
  /** The machine-readable start (the <time> element's datetime). */
  startsAt: string;
  /** The former start in words when the ceremony was moved (not said once cancelled). */
  previously: string | null;
  placeName: string;
  placeAddress: string;
  mapUrl: string;
  note: string | null;
  /** The livestream link, while it is offered. */
  livestreamUrl: string | null;
  /** A livestream is set but not offered yet (it opens an hour before the start). */
  livestreamLater: boolean;
}

/** A moment in words in the ceremony's zone: "Thursday, 10 December 2026 at 14:30 Central European Standard Time". */
export function formatCeremonyTime(instant: Date, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "long",
    timeZone,
  }).format(instant);
}

export function ceremonyBlock(ceremony: PublicCeremony, language: Language, now: Date): CeremonyBlock {
  const cancelled = ceremony.status === "cancelled";
  const started = now.getTime() >= ceremony.startsAt.getTime();
  const open = !cancelled && ceremony.livestreamUrl !== null && livestreamOpen(ceremony.startsAt, now);
  return {
    phase: cancelled ? "cancelled" : started ? "past" : "upcoming",
    when: formatCeremonyTime(ceremony.startsAt, ceremony.timeZone, language),
    startsAt: ceremony.startsAt.toISOString(),
    previously:
      !cancelled && ceremony.previousStartsAt
        ? formatCeremonyTime(ceremony.previousStartsAt, ceremony.timeZone, language)
        : null,
    placeName: ceremony.placeName,
    placeAddress: ceremony.placeAddress,
    mapUrl: mapLink(ceremony),
    note: ceremony.note,
    livestreamUrl: open ? ceremony.livestreamUrl : null,
    livestreamLater: !cancelled && !started && !open && ceremony.livestreamUrl !== null,
  };
}
