import { describe, expect, it } from "vitest";
import { anniversaryCalendar, escapeText, foldLine } from "./ics";

describe("the .ics of a memorial", () => {
  it("escapes TEXT values and folds long lines at 75 octets without cutting a character", () => {
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    const folded = foldLine(`SUMMARY:${"é".repeat(60)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join("")).toBe(
      `SUMMARY:${"é".repeat(60)}`,
    );
  });

  it("is a yearly all-day event on the date of death, the 29th of February on the last day of February", () => {
    const base = {
      memorialId: 7,
      title: "Anne, Lambert; née Dupont",
      url: "https://trees.example.org/memorial/7",
      host: "trees.example.org",
      now: new Date("2026-11-25T10:00:00Z"),
    };
    const ics = anniversaryCalendar({ ...base, deathDate: new Date("2024-03-05T00:00:00Z") });
    expect(ics).toContain(
      "\r\nDTSTART;VALUE=DATE:20240305\r\nDTEND;VALUE=DATE:20240306\r\nRRULE:FREQ=YEARLY\r\n",
    );
    expect(ics).toContain("SUMMARY:Anne\\, Lambert\\; née Dupont\r\n");
    expect(ics).toContain("URL:https://trees.example.org/memorial/7\r\n");
    const leap = anniversaryCalendar({ ...base, deathDate: new Date("2024-02-29T00:00:00Z") });
    expect(leap).toContain("RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n");
  });
});
