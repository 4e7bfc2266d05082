// The memorial policy's pure rules: the display title (4.1 rule 7), the 14-day Url (rule 8) and
// the approximate date (rule 9). Visibility, which is a query condition, is tested against the
// database in test/use-cases.test.ts.
import { describe, expect, it } from "vitest";
import {
  classicTitle,
  closedToTrees,
  cut,
  deceasedUrlEndsAt,
  displayTitle,
  initialsOf,
  safeHttpUrl,
  shownDeathDate,
  shownDeceasedUrl,
  specTitle,
} from "./policy";

const DAY = 86_400_000;
const base = {
  id: 42,
  title: "Marie Dupont",
  anonymousName: null,
  anonymousTitle: "name" as const,
  person: { firstName: "Marie", lastName: "Dupont" },
};

describe("displayTitle (4.1 rule 7, global memorial)", () => {
  it("names a classic memorial by its title", () => {
    expect(displayTitle({ ...base, kind: "classic" })).toBe("Marie Dupont");
  });
  it("names an anonymous memorial by MemorialAnonymeNom, never by the deceased", () => {
    expect(displayTitle({ ...base, kind: "anonymous", anonymousName: " Une amie " })).toBe("Une amie");
  });
  it("names an anonymous memorial by its id, as a number in words, when MemorialAnonymeNom is null or blank", () => {
    // The specification's id, in the reader's language, never a bare number alone.
    const unnamed = { ...base, kind: "anonymous" as const, anonymousName: null };
    expect(displayTitle(unnamed, "fr")).toBe("In memoriam · n° 42");
    expect(displayTitle({ ...unnamed, anonymousName: "   " }, "nl")).toBe("In memoriam · nr. 42");
    expect(displayTitle(unnamed, "en")).toBe("In memoriam · no. 42");
    expect(displayTitle(unnamed, "de")).toBe("In memoriam · Nr. 42");
    // Without a reader's language: the memorial's own, else French; 1234 is not grouped.
    expect(displayTitle({ ...unnamed, language: "de" })).toBe("In memoriam · Nr. 42");
    expect(displayTitle({ ...unnamed, id: 12345 })).toBe("In memoriam · n° 12345");
  });
  it("names an anonymous memorial by the initials when its family chose them", () => {
    const initials = { ...base, kind: "anonymous" as const, anonymousTitle: "initials" as const };
    expect(displayTitle({ ...initials, anonymousName: "Une amie" })).toBe("In memoriam M. D.");
    expect(displayTitle({ ...initials, person: { firstName: " élise", lastName: null } })).toBe(
      "In memoriam É.",
    );
    // No name to take initials from: the anonymous title.
    expect(displayTitle({ ...initials, anonymousName: "Une amie", person: null })).toBe("Une amie");
    // A classic memorial is named by its title whatever was chosen.
    expect(displayTitle({ ...initials, kind: "classic" })).toBe("Marie Dupont");
  });
  it("names the global memorial by its title, the operator's name", () => {
    expect(displayTitle({ ...base, kind: "global", title: "PF Dupuis", person: null })).toBe("PF Dupuis");
  });
});

describe("specTitle (the API's MemorialNom, 4.1 rule 7)", () => {
  it("is MemorialAnonymeNom, or the id when that is null or blank", () => {
    expect(specTitle({ ...base, kind: "anonymous", anonymousName: " Une amie " })).toBe("Une amie");
    expect(specTitle({ ...base, kind: "anonymous", anonymousName: null })).toBe("42");
    expect(specTitle({ ...base, kind: "classic" })).toBe("Marie Dupont");
  });
});

describe("initialsOf", () => {
  it("takes the first letter of each name, upper case, whole characters", () => {
    expect(initialsOf("anne", "Lambert")).toBe("A. L.");
    expect(initialsOf("  ", "  ")).toBe("");
    expect(initialsOf("🌳x", "Ørsted")).toBe("🌳. Ø.");
  });
});

describe("classicTitle", () => {
  it("joins the given name and the family name", () => {
    expect(classicTitle(" Marie ", "Dupont")).toBe("Marie Dupont");
    expect(classicTitle(null, "Dupont")).toBe("Dupont");
  });
  it("cuts to the 400 characters of its column, never inside a character", () => {
    expect(classicTitle("a".repeat(200), "b".repeat(200))).toHaveLength(400);
    const emoji = "🌳".repeat(200);
    expect(Array.from(classicTitle(emoji, emoji))).toHaveLength(400);
    expect(cut("🌳🌳", 1)).toBe("🌳");
  });
});

describe("shownDeceasedUrl (4.1 rule 8)", () => {
  const created = new Date("2026-01-01T10:00:00Z");
  const url = "https://pf.example/avis/12";
  it("links during the 14 days after creation", () => {
    expect(shownDeceasedUrl(created, created, url)).toBe(url);
    expect(shownDeceasedUrl(created, new Date(created.getTime() + 13 * DAY), url)).toBe(url);
    expect(shownDeceasedUrl(created, new Date(created.getTime() + 14 * DAY - 1), url)).toBe(url);
  });
  it("stops linking once 14 days have passed", () => {
    expect(shownDeceasedUrl(created, new Date(created.getTime() + 14 * DAY), url)).toBeNull();
    expect(shownDeceasedUrl(created, new Date(created.getTime() + 15 * DAY), url)).toBeNull();
  });
  it("never links a null or blank URL", () => {
    expect(shownDeceasedUrl(created, created, null)).toBeNull();
    expect(shownDeceasedUrl(created, created, undefined)).toBeNull();
    expect(shownDeceasedUrl(created, created, "   ")).toBeNull();
  });
  it("never links anything but http(s)", () => {
    expect(shownDeceasedUrl(created, created, "javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("data:text/html,hi")).toBeNull();
    expect(safeHttpUrl("not a url")).toBeNull();
    expect(safeHttpUrl(" http://pf.example/a ")).toBe("http://pf.example/a");
  });
});

describe("shownDeathDate (4.1 rule 9)", () => {
  const date = new Date("2026-03-04T00:00:00Z");
  it("hides an approximate date of death", () => {
    expect(shownDeathDate(date, true)).toBeNull();
  });
  it("shows an exact one", () => {
    expect(shownDeathDate(date, false)).toBe(date);
  });
  it("shows an approximate one to the memorial's own operator", () => {
    expect(shownDeathDate(date, true, true)).toBe(date);
  });
});

describe("deceasedUrlEndsAt", () => {
  it("is 14 days after creation", () => {
    expect(deceasedUrlEndsAt(new Date("2026-01-01T10:00:00Z")).toISOString()).toBe(
      "2026-01-15T10:00:00.000Z",
    );
  });
});

describe("closedToTrees: one rule for a tree moved in now and for a claim code planting later", () => {
  const open = {
    status: "visible",
    hiddenAt: null,
    takenDownAt: null,
    erasureRequestedAt: null,
    erasedAt: null,
    mergedIntoId: null,
  };
  const at = new Date("2026-11-01T00:00:00Z");

  it("closes both ways to a declined or expired memorial, one taken down, being erased or merged away", () => {
    for (const memorial of [
      { ...open, status: "expired" },
      { ...open, takenDownAt: at },
      { ...open, erasureRequestedAt: at },
      { ...open, erasedAt: at },
      { ...open, mergedIntoId: 7 },
    ]) {
      expect(closedToTrees(memorial, "now")).not.toBeNull();
      expect(closedToTrees(memorial, "later")).not.toBeNull();
    }
    expect(closedToTrees({ ...open, mergedIntoId: 7 }, "later")).toBe("was merged into memorial 7");
  });

  it("lets a code wait for the family's confirmation, while a tree moved in now needs a visible page", () => {
    const awaiting = { ...open, status: "awaiting_confirmation" };
    expect(closedToTrees(awaiting, "later")).toBeNull();
    expect(closedToTrees(awaiting, "now")).toBe("awaits its family's confirmation");
    expect(closedToTrees({ ...open, hiddenAt: at }, "now")).toBe("is hidden by its family");
    expect(closedToTrees(open, "now")).toBeNull();
    expect(closedToTrees(open, "later")).toBeNull();
  });
});
