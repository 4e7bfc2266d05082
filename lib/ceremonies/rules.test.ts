// The ceremony's rules without the database, on a given clock: the local time read in its zone
// (summer time both ways), each field refused with its name, the start in the past, the map link,
// the livestream's window and the instants at which the page's block changes, and the block itself.
import { DomainError } from "@memorial/lib/errors";
import { describe, expect, it } from "vitest";
import { ceremonyBlock, formatCeremonyTime } from "./public-block";
import type { PublicCeremony } from "./queries";
import {
  ceremonyFields,
  ceremonyState,
  livestreamOpen,
  mapLink,
  nextBoundary,
  refusePastStart,
  type SetCeremonyInput,
} from "./rules";
import { formatZoned, isTimeZone, parseLocalDateTime, zonedInstant } from "./zoned-time";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const valid: SetCeremonyInput = {
  start: "2026-12-10T14:30",
  placeName: "Église Saint-Martin",
  placeAddress: "Place Saint-Martin 1, 1000 Bruxelles",
};

/** The field and reason a command is refused with. */
function refusal(input: Partial<SetCeremonyInput>) {
  try {
    ceremonyFields({ ...valid, ...input });
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const domain = error as DomainError;
    expect(domain.code).toBe("INVALID_INPUT");
    return domain.problem;
  }
  throw new Error("not refused");
}

describe("a ceremony's time in its zone", () => {
  it("reads a local time in its zone, in winter and in summer", () => {
    const winter = zonedInstant(parseLocalDateTime("2026-12-10T14:30")!, "Europe/Brussels");
    expect(winter?.toISOString()).toBe("2026-12-10T13:30:00.000Z");
    const summer = zonedInstant(parseLocalDateTime("2026-07-10T14:30:15")!, "Europe/Brussels");
    expect(summer?.toISOString()).toBe("2026-07-10T12:30:15.000Z");
    const montreal = zonedInstant(parseLocalDateTime("2026-12-10T14:30")!, "America/Montreal");
    expect(montreal?.toISOString()).toBe("2026-12-10T19:30:00.000Z");
    expect(formatZoned(winter!, "Europe/Brussels")).toBe("2026-12-10T14:30:00+01:00");
    expect(formatZoned(summer!, "Europe/Brussels")).toBe("2026-07-10T14:30:15+02:00");
    expect(formatZoned(montreal!, "America/Montreal")).toBe("2026-12-10T14:30:00-05:00");
  });

  it("refuses a time the clocks skip and takes the first of a time they pass twice", () => {
    // 29 March 2026: Brussels goes from 02:00 to 03:00; 25 October 2026: from 03:00 back to 02:00.
    expect(zonedInstant(parseLocalDateTime("2026-03-29T02:30")!, "Europe/Brussels")).toBeNull();
    expect(zonedInstant(parseLocalDateTime("2026-10-25T02:30")!, "Europe/Brussels")?.toISOString()).toBe(
      "2026-10-25T00:30:00.000Z",
    );
    expect(refusal({ start: "2026-03-29T02:30" })).toEqual({ field: "ceremony.start", reason: "skipped" });
  });

  it("reads only a local date-time without offset, of a day that exists", () => {
    for (const start of [
      "2026-12-10",
      "2026-12-10T14:30Z",
      "2026-12-10T14:30+01:00",
      "2026-02-30T10:00",
      "2026-12-10T24:00",
      "10/12/2026 14:30",
      "",
    ]) {
      expect(refusal({ start }), start).toEqual({ field: "ceremony.start", reason: "invalid" });
    }
  });

  it("knows IANA zones and nothing else", () => {
    expect(isTimeZone("Europe/Brussels")).toBe(true);
    expect(isTimeZone("America/Argentina/Buenos_Aires")).toBe(true);
    for (const zone of ["Europe/Nowhere", "+01:00", "CET ", "Europe/Brussels; DROP", "x".repeat(65)]) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
    expect(refusal({ timeZone: "Europe/Nowhere" })).toEqual({
      field: "ceremony.timeZone",
      reason: "invalid",
    });
  });
});

describe("a command to set a ceremony", () => {
  it("is made into the stored fields, trimmed, Brussels by default", () => {
    const fields = ceremonyFields({
      ...valid,
      placeName: "  Église Saint-Martin ",
      mapUrl: " ",
      livestreamUrl: "https://stream.example.org/a",
      note: " Ni fleurs\nni couronnes ",
    });
    expect(fields).toEqual({
      startsAt: new Date("2026-12-10T13:30:00.000Z"),
      timeZone: "Europe/Brussels",
      placeName: "Église Saint-Martin",
      placeAddress: valid.placeAddress,
      mapUrl: null,
      livestreamUrl: "https://stream.example.org/a",
      note: "Ni fleurs\nni couronnes",
    });
  });

  it("refuses each bad field with its name", () => {
    expect(refusal({ placeName: " " })).toEqual({ field: "ceremony.placeName", reason: "required" });
    expect(refusal({ placeAddress: "" })).toEqual({ field: "ceremony.placeAddress", reason: "required" });
    expect(refusal({ placeName: "é".repeat(201) })).toEqual({
      field: "ceremony.placeName",
      reason: "too-long",
    });
    expect(refusal({ placeAddress: "a".repeat(301) })).toEqual({
      field: "ceremony.placeAddress",
      reason: "too-long",
    });
    expect(refusal({ placeName: "Two\nlines" })).toEqual({ field: "ceremony.placeName", reason: "invalid" });
    expect(refusal({ note: "n".repeat(501) })).toEqual({ field: "ceremony.note", reason: "too-long" });
    expect(refusal({ note: "bell\u0007" })).toEqual({ field: "ceremony.note", reason: "invalid" });
    for (const url of [
      "http://stream.example.org",
      "javascript:alert(1)",
      "stream.example.org",
      "https://u:p@example.org/",
      "https://example.org/a b",
      "https://example.org/\u0000",
    ]) {
      expect(refusal({ livestreamUrl: url }), url).toEqual({
        field: "ceremony.livestreamUrl",
        reason: "invalid-url",
      });
      expect(refusal({ mapUrl: url }), url).toEqual({ field: "ceremony.mapUrl", reason: "invalid-url" });
    }
    expect(refusal({ mapUrl: `https://maps.example.org/${"a".repeat(480)}` })).toEqual({
      field: "ceremony.mapUrl",
      reason: "too-long",
    });
    // 200 characters of two UTF-16 units each are 200 characters, as PostgreSQL counts them.
    expect(ceremonyFields({ ...valid, placeName: "🌳".repeat(200) }).placeName).toHaveLength(400);
  });

  it("refuses a start that is not after now", () => {
    const startsAt = new Date("2026-12-10T13:30:00.000Z");
    expect(() => refusePastStart(startsAt, new Date("2026-12-10T13:29:59.999Z"))).not.toThrow();
    for (const now of ["2026-12-10T13:30:00.000Z", "2026-12-11T00:00:00.000Z"]) {
      expect(() => refusePastStart(startsAt, new Date(now))).toThrow(
        expect.objectContaining({ problem: { field: "ceremony.start", reason: "past" } }),
      );
    }
  });

  it("links the operator's map, else a search of the address", () => {
    expect(mapLink({ mapUrl: "https://maps.example.org/x", placeAddress: "A" })).toBe(
      "https://maps.example.org/x",
    );
    expect(mapLink({ mapUrl: null, placeAddress: "Place Saint-Martin 1, 1000 Bruxelles" })).toBe(
      "https://www.openstreetmap.org/search?query=Place%20Saint-Martin%201%2C%201000%20Bruxelles",
    );
  });
});

describe("the ceremony's moments", () => {
  const start = new Date("2026-12-10T13:30:00.000Z");
  const at = (offsetMs: number) => new Date(start.getTime() + offsetMs);

  it("offers the livestream from an hour before the start until 7 days after", () => {
    expect(livestreamOpen(start, at(-HOUR - 1))).toBe(false);
    expect(livestreamOpen(start, at(-HOUR))).toBe(true);
    expect(livestreamOpen(start, at(3 * DAY))).toBe(true);
    expect(livestreamOpen(start, at(7 * DAY - 1))).toBe(true);
    expect(livestreamOpen(start, at(7 * DAY))).toBe(false);
  });

  it("names the next change of the block: an hour before, the start, 7 days after, then none", () => {
    expect(nextBoundary(start, at(-5 * DAY))).toEqual(at(-HOUR));
    expect(nextBoundary(start, at(-HOUR))).toEqual(start);
    expect(nextBoundary(start, at(-1))).toEqual(start);
    expect(nextBoundary(start, start)).toEqual(at(7 * DAY));
    expect(nextBoundary(start, at(7 * DAY))).toBeNull();
  });

  it("says scheduled, moved or cancelled", () => {
    expect(ceremonyState({ status: "scheduled", previousStartsAt: null })).toBe("scheduled");
    expect(ceremonyState({ status: "scheduled", previousStartsAt: start })).toBe("moved");
    expect(ceremonyState({ status: "cancelled", previousStartsAt: start })).toBe("cancelled");
  });
});

describe("the page's block", () => {
  const ceremony: PublicCeremony = {
    startsAt: new Date("2026-12-10T13:30:00.000Z"),
    timeZone: "Europe/Brussels",
    placeName: "Église Saint-Martin",
    placeAddress: "Place Saint-Martin 1, 1000 Bruxelles",
    mapUrl: null,
    livestreamUrl: "https://stream.example.org/a",
    note: "Ni fleurs ni couronnes",
    status: "scheduled",
    previousStartsAt: null,
  };

  it("says the time where it takes place, the zone in words, in the page's language", () => {
    expect(formatCeremonyTime(ceremony.startsAt, "Europe/Brussels", "en")).toBe(
      "Thursday, 10 December 2026 at 14:30 Central European Standard Time",
    );
    expect(formatCeremonyTime(ceremony.startsAt, "Europe/Brussels", "fr")).toBe(
      "jeudi 10 décembre 2026 à 14:30 heure normale d’Europe centrale",
    );
    expect(formatCeremonyTime(ceremony.startsAt, "America/Montreal", "en")).toContain(
      "08:30 Eastern Standard Time",
    );
  });

  it("before the window: upcoming, the livestream said to come later", () => {
    const block = ceremonyBlock(ceremony, "en", new Date("2026-12-09T10:00:00.000Z"));
    expect(block).toMatchObject({
      phase: "upcoming",
      previously: null,
      livestreamUrl: null,
      livestreamLater: true,
      mapUrl: "https://www.openstreetmap.org/search?query=Place%20Saint-Martin%201%2C%201000%20Bruxelles",
      note: "Ni fleurs ni couronnes",
    });
  });

  it("in the window: the livestream link, before and after the start", () => {
    const before = ceremonyBlock(ceremony, "en", new Date("2026-12-10T12:45:00.000Z"));
    expect(before).toMatchObject({
      phase: "upcoming",
      livestreamUrl: "https://stream.example.org/a",
      livestreamLater: false,
    });
    const after = ceremonyBlock(ceremony, "en", new Date("2026-12-12T12:00:00.000Z"));
    expect(after).toMatchObject({ phase: "past", livestreamUrl: "https://stream.example.org/a" });
  });

  it("long past: in the past, no livestream", () => {
    const block = ceremonyBlock(ceremony, "en", new Date("2027-01-10T12:00:00.000Z"));
    expect(block).toMatchObject({ phase: "past", livestreamUrl: null, livestreamLater: false });
  });

  it("moved: the former start in words; cancelled: cancelled, no livestream", () => {
    const moved = ceremonyBlock(
      { ...ceremony, previousStartsAt: new Date("2026-12-09T09:00:00.000Z") },
      "fr",
      new Date("2026-12-01T00:00:00.000Z"),
    );
    expect(moved.previously).toBe("mercredi 9 décembre 2026 à 10:00 heure normale d’Europe centrale");
    const cancelled = ceremonyBlock(
      { ...ceremony, status: "cancelled", previousStartsAt: new Date("2026-12-09T09:00:00.000Z") },
      "en",
      new Date("2026-12-10T13:00:00.000Z"),
    );
    expect(cancelled).toMatchObject({
      phase: "cancelled",
      previously: null,
      livestreamUrl: null,
      livestreamLater: false,
    });
  });
});
