import { describe, expect, it } from "vitest";
import { DASHBOARD_MESSAGES, fill } from "./dashboard-messages";

describe("fill", () => {
  it("chooses the plural form of each language", () => {
    expect(fill(DASHBOARD_MESSAGES.en.linesTotal, { count: 1 }, "en")).toBe("1 line");
    expect(fill(DASHBOARD_MESSAGES.en.linesTotal, { count: 2 }, "en")).toBe("2 lines");
    expect(fill(DASHBOARD_MESSAGES.en.linesTotal, { count: 0 }, "en")).toBe("0 lines");
    // French: 0 and 1 are singular.
    expect(fill(DASHBOARD_MESSAGES.fr.linesTotal, { count: 0 }, "fr")).toBe("0 ligne");
    expect(fill(DASHBOARD_MESSAGES.fr.linesTotal, { count: 1 }, "fr")).toBe("1 ligne");
    expect(fill(DASHBOARD_MESSAGES.fr.linesTotal, { count: 1234 }, "fr")).toBe("1\u202f234 lignes");
    expect(fill(DASHBOARD_MESSAGES.nl.linesTotal, { count: 1 }, "nl")).toBe("1 regel");
    expect(fill(DASHBOARD_MESSAGES.de.linesTotal, { count: 3 }, "de")).toBe("3 Zeilen");
  });

  it("prefers an exact form, and fills plain placeholders alongside", () => {
    const template = "{name}: {n, plural, =0 {nothing} one {# tree} other {# trees}}";
    expect(fill(template, { name: "A", n: 0 }, "en")).toBe("A: nothing");
    expect(fill(template, { name: "A", n: 1 }, "en")).toBe("A: 1 tree");
    expect(fill(template, { name: "A", n: 7 }, "en")).toBe("A: 7 trees");
    expect(fill("{missing}", {}, "en")).toBe("{missing}");
  });

  it("has every context kind in words in every language, and no API path", () => {
    for (const messages of Object.values(DASHBOARD_MESSAGES)) {
      expect(messages.kind_Epf).not.toBe("Epf");
      for (const text of Object.values(messages)) expect(text).not.toMatch(/\b(PUT|POST|GET) \//);
    }
  });
});
