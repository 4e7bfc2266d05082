import { describe, expect, it } from "vitest";
import { parseLanguage } from "./languages";
import { langParam, memorialPageLanguage, resolveLanguage } from "./resolve-language";

describe("resolveLanguage", () => {
  it("prefers the visitor's choice, then the memorial's language, then the browser's", () => {
    expect(resolveLanguage({ lang: "de", acceptLanguage: "nl" }, "fr")).toBe("de");
    expect(resolveLanguage({ lang: "NL-be" }, "fr")).toBe("nl");
    expect(resolveLanguage({ lang: "xx", acceptLanguage: "de" }, "fr")).toBe("fr");
    expect(resolveLanguage({ acceptLanguage: "es-ES,en;q=0.8" }, null)).toBe("en");
    expect(resolveLanguage({})).toBe("fr");
  });

  it("takes the dashboard's cookie before the operator's language, and fallbacks in their order", () => {
    expect(resolveLanguage({ cookie: "nl", acceptLanguage: "de" }, "fr")).toBe("nl");
    expect(resolveLanguage({ cookie: "zz", acceptLanguage: "de" }, "en")).toBe("en");
    expect(resolveLanguage({ lang: "de", cookie: "nl" })).toBe("de");
    expect(resolveLanguage({ acceptLanguage: "de" }, null, "xx", "nl-BE")).toBe("nl");
    expect(resolveLanguage({ acceptLanguage: "de" }, undefined, "")).toBe("de");
  });
});

describe("langParam", () => {
  it("keeps only the characters of a language tag", () => {
    expect(langParam("fr-BE")).toBe("fr-BE");
    expect(langParam("n\u0000l\r\n€")).toBe("nl");
    expect(langParam("")).toBeNull();
    expect(langParam(null)).toBeNull();
  });
});

describe("memorialPageLanguage", () => {
  const memorial = { language: "fr", familyLanguage: "nl" };
  const page = (acceptLanguage: string, lang?: string) =>
    memorialPageLanguage({ lang, acceptLanguage }, memorial);
  it("opens in the family's language when the browser asks for it before the memorial's", () => {
    expect(page("nl-BE,nl;q=0.9")).toBe("nl");
    expect(page("en-GB,en;q=0.9,nl;q=0.8")).toBe("nl");
    expect(page("fr-BE,fr;q=0.9,nl;q=0.8")).toBe("fr");
  });
  it("keeps the memorial's language otherwise, and ?lang= wins", () => {
    expect(page("en-GB,en;q=0.9")).toBe("fr");
    expect(page("")).toBe("fr");
    expect(page("nl;q=0")).toBe("fr");
    expect(page("nl", "de")).toBe("de");
    expect(memorialPageLanguage({ acceptLanguage: "nl" }, { language: "fr", familyLanguage: null })).toBe(
      "fr",
    );
    expect(memorialPageLanguage({ acceptLanguage: "nl" }, { language: "nl", familyLanguage: "nl" })).toBe(
      "nl",
    );
  });
});

describe("parseLanguage", () => {
  it("reads fr, nl, en and de in any case, with a region, a script or a variant", () => {
    for (const [tag, lang] of [
      ["fr", "fr"],
      ["FR", "fr"],
      ["fr-BE", "fr"],
      ["fr_BE", "fr"],
      ["nl-Latn-BE", "nl"],
      ["de-CH-1996", "de"],
      [" en ", "en"],
    ]) {
      expect(parseLanguage(tag), tag).toBe(lang);
    }
  });

  it("refuses another language and a tag that is not one", () => {
    for (const tag of ["es", "french", "fr-", "nl-", "FR-be-x", "fr--BE", "f", "", "*"]) {
      expect(parseLanguage(tag), tag).toBeNull();
    }
  });
});
