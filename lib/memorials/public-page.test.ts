import { escapeHtml, html } from "@memorial/lib/html";
import { describe, expect, it } from "vitest";
import { mapFrame, outlinePath } from "@/components/public/site-map-geometry";
import { confirmPage } from "@/web/public-pages/confirm-page";
import { co2Total, formatCalendarDate, formatNumber, formatUnit } from "./public-page";

describe("co2Total", () => {
  it("sums quantity times the species figure, exactly", () => {
    expect(co2Total([])).toBe(0);
    expect(
      co2Total([
        { quantity: 3, co2KgPerTree: 0.1 },
        { quantity: 1, co2KgPerTree: 0.2 },
        { quantity: 2, co2KgPerTree: 1000 },
      ]),
    ).toBe(2000.5);
  });
});

describe("formatting per language", () => {
  const date = new Date("2026-03-04T00:00:00Z");
  it("writes dates the way each language does, keeping the calendar day", () => {
    expect(formatCalendarDate(date, "fr")).toBe("4 mars 2026");
    expect(formatCalendarDate(date, "nl")).toBe("4 maart 2026");
    expect(formatCalendarDate(date, "en")).toBe("4 March 2026");
    expect(formatCalendarDate(date, "de")).toBe("4. März 2026");
  });
  it("groups digits and writes units per language", () => {
    expect(formatNumber(12345, "en")).toBe("12,345");
    expect(formatNumber(12345, "de")).toBe("12.345");
    expect(formatUnit(1000, "kilogram", "en")).toBe("1,000 kg");
    expect(formatUnit(800, "year", "fr")).toBe("800 ans");
    expect(formatUnit(40, "meter", "nl")).toBe("40 m");
  });
});

describe("site map geometry", () => {
  it("places sites inside Western Europe's frame, west left of east and north above south", () => {
    const frame = mapFrame([]);
    const [brusselsX, brusselsY] = frame.project(4.35, 50.85);
    const [brestX] = frame.project(-4.5, 48.4);
    const [, marseilleY] = frame.project(5.37, 43.3);
    expect(brestX).toBeLessThan(brusselsX);
    expect(marseilleY).toBeGreaterThan(brusselsY);
    expect(brusselsX).toBeGreaterThan(0);
    expect(brusselsX).toBeLessThan(frame.width);
    expect(outlinePath(frame)).toMatch(/^M[\d. ]+L/);
  });
  it("widens the frame to show a site outside Western Europe", () => {
    const frame = mapFrame([{ latitude: 64.1, longitude: -21.9 }]);
    const [x, y] = frame.project(-21.9, 64.1);
    expect(x).toBeGreaterThan(0);
    expect(y).toBeGreaterThan(0);
    expect(x).toBeLessThan(frame.width);
  });
});

describe("html (the confirmation page's HTML)", () => {
  it("escapes every interpolated value", () => {
    expect(escapeHtml(`<script>"&'`)).toBe("&lt;script&gt;&quot;&amp;&#39;");
    expect(html`<p>${"<b>x</b>"}</p>`.value).toBe("<p>&lt;b&gt;x&lt;/b&gt;</p>");
    expect(html`<ul>${[html`<li>${"<i>"}</li>`]}</ul>`.value).toBe("<ul><li>&lt;i&gt;</li></ul>");
  });
  it("renders user text of the confirmation page as text", () => {
    const page = confirmPage(
      {
        state: "pending",
        token: 'a"b',
        title: "<script>alert(1)</script>",
        operatorName: "PF <b>",
        familyName: "O'Brien",
        expiresAt: new Date("2026-01-15T12:00:00Z"),
      },
      "en",
      "n0nce",
      "/confirm/x",
    );
    expect(page).not.toContain("<script>alert");
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("O&#39;Brien");
    expect(page).toContain('action="/confirm/a%22b?lang=en"');
    expect(page).toContain('<html lang="en">');
    // The confirmation's button, and the family's "no" posting to its own address.
    expect(page.match(/<button/g)).toHaveLength(2);
    expect(page).toContain('action="/confirm/a%22b/decline?lang=en"');
  });
});
