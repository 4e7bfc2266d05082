// The ceremony's calendar file, line by line against RFC 5545: CRLF line ends, lines folded at 75
// octets without cutting a character, TEXT values escaped, the properties an event requires, UTC
// times, SEQUENCE, STATUS, and the stable UID that lets a calendar replace the event it imported.
import { describe, expect, it } from "vitest";
import { type CeremonyCalendarEvent, ceremonyCalendar } from "./ceremony-calendar";

const event: CeremonyCalendarEvent = {
  memorialId: 42,
  title: "Marie Dupont; née Martin, \\ « Mamie »",
  startsAt: new Date("2026-12-10T13:30:00.000Z"),
  placeName: "Église Saint-Martin",
  placeAddress: "Place Saint-Martin 1, 1000 Bruxelles",
  note: "Ni fleurs ni couronnes.\nUn registre de condoléances sera à disposition à l’entrée de l’église; merci.",
  livestreamUrl: "https://stream.example.org/saint-martin",
  status: "scheduled",
  sequence: 0,
  updatedAt: new Date("2026-12-01T08:00:00.000Z"),
  url: "https://memorial.example.org/memorial/42",
  host: "memorial.example.org",
  now: new Date("2026-12-02T09:15:30.123Z"),
};

/** The content lines, unfolded (RFC 5545 3.1: a CRLF followed by one space is removed). */
function unfold(text: string): string[] {
  return text.replace(/\r\n /g, "").split("\r\n").slice(0, -1);
}

function property(text: string, name: string): string[] {
  return unfold(text)
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    .map((line) => line.slice(line.indexOf(":") + 1));
}

describe("the ceremony's calendar file", () => {
  const text = ceremonyCalendar(event);

  it("ends every line with CRLF and folds none longer than 75 octets, never inside a character", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const physical = text.split("\r\n").slice(0, -1);
    for (const line of physical) {
      expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
      // A fold never cuts a UTF-8 character: every physical line is valid UTF-8 on its own.
      expect(Buffer.from(line, "utf8").toString("utf8")).toBe(line);
    }
    // The long description was folded, its continuation lines starting with one space.
    expect(physical.some((line) => line.startsWith(" "))).toBe(true);
  });

  it("is one VCALENDAR with one VEVENT and every property they require", () => {
    const lines = unfold(text);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
    expect(property(text, "VERSION")).toEqual(["2.0"]);
    expect(property(text, "PRODID")).toHaveLength(1);
    expect(property(text, "METHOD")).toEqual(["PUBLISH"]);
    expect(property(text, "UID")).toEqual(["memorial-42-ceremony@memorial.example.org"]);
    expect(property(text, "DTSTAMP")).toEqual(["20261202T091530Z"]);
    expect(property(text, "DTSTART")).toEqual(["20261210T133000Z"]);
    expect(property(text, "DTEND")).toEqual(["20261210T143000Z"]);
    expect(property(text, "SEQUENCE")).toEqual(["0"]);
    expect(property(text, "STATUS")).toEqual(["CONFIRMED"]);
    expect(property(text, "URL")).toEqual(["https://memorial.example.org/memorial/42"]);
    expect(property(text, "LAST-MODIFIED")).toEqual(["20261201T080000Z"]);
  });

  it("escapes the TEXT values: backslash, semicolon, comma, line breaks", () => {
    expect(property(text, "SUMMARY")).toEqual(["Marie Dupont\\; née Martin\\, \\\\ « Mamie »"]);
    expect(property(text, "LOCATION")).toEqual([
      "Église Saint-Martin\\, Place Saint-Martin 1\\, 1000 Bruxelles",
    ]);
    const [description] = property(text, "DESCRIPTION");
    expect(description).toBe(
      "Ni fleurs ni couronnes.\\nUn registre de condoléances sera à disposition à l’entrée de l’église\\; merci.\\n\\nhttps://memorial.example.org/memorial/42\\n\\nhttps://stream.example.org/saint-martin",
    );
    // No unescaped separator is left in a TEXT value.
    for (const name of ["SUMMARY", "LOCATION", "DESCRIPTION"]) {
      expect(property(text, name)[0]).not.toMatch(/(?<!\\)[;,]/);
    }
  });

  it("keeps its UID and raises SEQUENCE when the ceremony is moved, and says CANCELLED", () => {
    const moved = ceremonyCalendar({ ...event, startsAt: new Date("2026-12-11T09:00:00.000Z"), sequence: 1 });
    expect(property(moved, "UID")).toEqual(property(text, "UID"));
    expect(property(moved, "SEQUENCE")).toEqual(["1"]);
    expect(property(moved, "DTSTART")).toEqual(["20261211T090000Z"]);
    const cancelled = ceremonyCalendar({ ...event, status: "cancelled", sequence: 2 });
    expect(property(cancelled, "UID")).toEqual(property(text, "UID"));
    expect(property(cancelled, "STATUS")).toEqual(["CANCELLED"]);
    expect(property(cancelled, "SEQUENCE")).toEqual(["2"]);
  });

  it("describes only what there is: no note, no livestream", () => {
    const bare = ceremonyCalendar({ ...event, note: null, livestreamUrl: null });
    expect(property(bare, "DESCRIPTION")).toEqual(["https://memorial.example.org/memorial/42"]);
  });
});
