import { describe, expect, it } from "vitest";
import { langParam, resolveLanguage } from "./resolve-language";

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
