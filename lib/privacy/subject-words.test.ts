import { LANGUAGES } from "@memorial/lib/i18n/languages";
import { describe, expect, it } from "vitest";
import { SUBJECT_SOURCES } from "./subject-find";
import { FIELD_WORDS, SOURCE_WORDS, subjectWords } from "./subject-words";

describe("the words of a person's data", () => {
  it("name every source and every personal field, so the dashboard never shows a table or column", () => {
    expect(Object.keys(SOURCE_WORDS).sort()).toEqual([...new Set(SUBJECT_SOURCES.map((s) => s.key))].sort());
    const fields = new Set(SUBJECT_SOURCES.flatMap((s) => s.personal));
    expect([...FIELD_WORDS].sort()).toEqual([...fields].sort());
  });

  it("are words of each language, never the keys", () => {
    for (const language of LANGUAGES) {
      const words = subjectWords(language);
      for (const word of [...Object.values(words.sources), ...Object.values(words.fields)]) {
        expect(word, language).not.toMatch(/_|\.|subjectSources|subjectFields/);
      }
    }
    expect(subjectWords("fr").sources["outgoing_email.to_address (sent)"]).toBe("les e-mails envoyés");
    expect(subjectWords("fr").fields.to_address).toBe("destinataire");
  });
});
