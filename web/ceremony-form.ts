// The ceremony's form, on the dashboard's memorial page and on the family's management page: its
// fields are the set-ceremony command's (lib/ceremonies/rules.ts, SetCeremonyInput) under the same
// names, the start a datetime-local value ("2026-12-10T14:30") read in the form's time zone. The
// use case checks them (no second validation here); its refusal names the command's field
// ("ceremony.note"), which is the form's field of the same name.

import type { CeremonyRecord as Ceremony } from "@memorial/lib/ceremonies/queries";
import { DEFAULT_TIME_ZONE, type SetCeremonyInput } from "@memorial/lib/ceremonies/rules";
import { formatZoned } from "@memorial/lib/ceremonies/zoned-time";

export const CEREMONY_FIELDS = [
  "start",
  "timeZone",
  "placeName",
  "placeAddress",
  "mapUrl",
  "livestreamUrl",
  "note",
] as const;
export type CeremonyField = (typeof CEREMONY_FIELDS)[number];
export type CeremonyFormValues = Record<CeremonyField, string>;

/**
 * The zones the forms offer while typing (a datalist: any IANA zone is accepted); Brussels first,
 * the default when the memorial's ceremony has none.
 */
export const SUGGESTED_TIME_ZONES = [
  DEFAULT_TIME_ZONE,
  "Europe/Amsterdam",
  "Europe/Luxembourg",
  "Europe/Paris",
  "Europe/Berlin",
  "Europe/London",
  "Europe/Madrid",
  "Europe/Rome",
  "America/Montreal",
] as const;

/** The form filled with the ceremony as it is; empty, in Brussels' time, when there is none. */
export function ceremonyFormValues(ceremony: Ceremony | null): CeremonyFormValues {
  if (!ceremony) {
    return {
      start: "",
      timeZone: DEFAULT_TIME_ZONE,
      placeName: "",
      placeAddress: "",
      mapUrl: "",
      livestreamUrl: "",
      note: "",
    };
  }
  return {
    start: formatZoned(ceremony.startsAt, ceremony.timeZone).slice(0, 16),
    timeZone: ceremony.timeZone,
    placeName: ceremony.placeName,
    placeAddress: ceremony.placeAddress,
    mapUrl: ceremony.mapUrl ?? "",
    livestreamUrl: ceremony.livestreamUrl ?? "",
    note: ceremony.note ?? "",
  };
}

/** The set-ceremony command of a sent form: each field as typed ("" for one not sent). */
export function ceremonyCommand(values: Partial<Record<CeremonyField, string | null>>): SetCeremonyInput {
  const read = (field: CeremonyField) => values[field] ?? "";
  return {
    start: read("start"),
    timeZone: read("timeZone"),
    placeName: read("placeName"),
    placeAddress: read("placeAddress"),
    mapUrl: read("mapUrl"),
    livestreamUrl: read("livestreamUrl"),
    note: read("note"),
  };
}

/** The form's field a refusal of the use case names ("ceremony.note" → "note"), if it is one. */
export function ceremonyFormField(problemField: string | undefined): CeremonyField | null {
  const name = problemField?.startsWith("ceremony.") ? problemField.slice("ceremony.".length) : "";
  return (CEREMONY_FIELDS as readonly string[]).includes(name) ? (name as CeremonyField) : null;
}
