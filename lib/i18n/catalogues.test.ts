// The four catalogues say the same things: the same keys, every message valid ICU, the same
// arguments (names and kinds) in every language, so that a caller's values fit all four.
import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { formatMessage } from "./format-message";
import { LANGUAGES } from "./languages";
import { CATALOGUES, messagesIn, t, translator } from "./translate";

type Node = { type: number; value?: string; options?: Record<string, { value: Node[] }> };
const KIND = ["literal", "argument", "number", "date", "time", "select", "plural", "pound", "tag"];

/**
 * The arguments of a message with their kinds, plural and select branches included. A select on
 * `…Initial` ("vowel" or "other": French elides "de" before a vowel) is a hint of grammar that a
 * language may leave unused; callers give it to all four.
 */
function argumentsOf(nodes: Node[], found = new Set<string>()): Set<string> {
  for (const node of nodes) {
    const grammar = node.type === 5 && /Initial$/.test(node.value ?? "");
    if (node.value !== undefined && node.type !== 0 && node.type !== 7 && !grammar)
      found.add(`${node.value}:${KIND[node.type]}`);
    for (const option of Object.values(node.options ?? {})) argumentsOf(option.value, found);
  }
  return found;
}

const reference = Object.keys(CATALOGUES.fr).sort();

describe("the catalogues", () => {
  it.each(LANGUAGES)("%s has every key of the French reference and no other", (lang) => {
    expect(Object.keys(CATALOGUES[lang]).sort()).toEqual(reference);
  });

  it.each(LANGUAGES)("every %s message parses and has the arguments of the French one", (lang) => {
    const catalogue = CATALOGUES[lang] as Record<string, string>;
    const french = CATALOGUES.fr as Record<string, string>;
    for (const key of reference) {
      const ast = new IntlMessageFormat(catalogue[key], lang, undefined, { ignoreTag: true }).getAst();
      const args = [...argumentsOf(ast as Node[])].sort();
      const frenchArgs = [...argumentsOf(new IntlMessageFormat(french[key], "fr").getAst() as Node[])].sort();
      expect(args, `${lang} ${key}`).toEqual(frenchArgs);
    }
  });

  it("has namespaced keys", () => {
    for (const key of reference)
      expect(key).toMatch(
        /^(page|certificate|share|dashboard|email|trees|closing|printkit|home|reminders|guestbook|plant|plantRefusal|move|duplicates|subjectRights|subjectSources|subjectFields|gallery)\.(trees\.)?[A-Za-z0-9_]+$/,
      );
  });

  it("has every context kind in words in every language, and no API path in the dashboard", () => {
    for (const lang of LANGUAGES) {
      expect(t(lang, "dashboard.kind_Epf")).not.toBe("Epf");
      for (const text of Object.values(messagesIn(lang, "dashboard")))
        expect(text).not.toMatch(/\b(PUT|POST|GET) \//);
    }
  });
});

describe("t", () => {
  it("chooses the plural form of each language and formats # in its numbers", () => {
    expect(t("en", "dashboard.linesTotal", { count: 1 })).toBe("1 line");
    expect(t("en", "dashboard.linesTotal", { count: 2 })).toBe("2 lines");
    expect(t("en", "dashboard.linesTotal", { count: 0 })).toBe("0 lines");
    // French: 0 and 1 are singular.
    expect(t("fr", "dashboard.linesTotal", { count: 0 })).toBe("0 ligne");
    expect(t("fr", "dashboard.linesTotal", { count: 1 })).toBe("1 ligne");
    expect(t("fr", "dashboard.linesTotal", { count: 1234 })).toBe("1\u202f234 lignes");
    expect(t("nl", "dashboard.linesTotal", { count: 1 })).toBe("1 regel");
    expect(t("de", "dashboard.linesTotal", { count: 3 })).toBe("3 Zeilen");
  });

  it("keeps an exact form before the language's rule (Dutch says '0 boom' on a shared link)", () => {
    const nl = translator("nl", "share");
    expect(nl("descriptionAnonymous", { trees: 0 })).toBe(
      "0 boom geplant ter nagedachtenis aan een dierbare.",
    );
    expect(nl("descriptionAnonymous", { trees: 2 })).toBe(
      "2 bomen geplant ter nagedachtenis aan een dierbare.",
    );
    expect(t("nl", "page.mapSiteTrees", { n: 0 })).toBe("0 bomen");
  });

  it("fills arguments as given, braces, apostrophes and '<' included", () => {
    expect(
      formatMessage("en", "{name}: {n, plural, =0 {nothing} one {# tree} other {# trees}}", {
        name: "A",
        n: 0,
      }),
    ).toBe("A: nothing");
    expect(t("en", "page.portraitAlt", { name: "<O'Brien {x}>" })).toBe("Portrait of <O'Brien {x}>");
    expect(t("en", "page.deceasedLinkNote")).toBe("on the partner's website");
  });

  it("elides French 'de' before a vowel, as the letters always did", () => {
    const fr = translator("fr", "email");
    expect(fr("subject", { title: "Anne Lambert", titleInitial: "vowel" })).toBe(
      "Confirmez le mémorial d'Anne Lambert",
    );
    expect(fr("subject", { title: "Marie Dupont", titleInitial: "other" })).toBe(
      "Confirmez le mémorial de Marie Dupont",
    );
    expect(t("en", "email.subject", { title: "Anne Lambert", titleInitial: "vowel" })).toBe(
      "Confirm the memorial for Anne Lambert",
    );
  });

  it("refuses a missing argument instead of showing a placeholder", () => {
    expect(() => t("en", "page.portraitAlt")).toThrow(/name/);
  });
});
