// The guestbook's words, one table for the family's page and the dashboard: every mode and status
// has its words in each of the four languages.
import { GuestbookStatus } from "@memorial/lib/db/generated/enums";
import { LANGUAGES } from "@memorial/lib/i18n/languages";
import { t } from "@memorial/lib/i18n/translate";
import { describe, expect, it } from "vitest";
import { GUESTBOOK_MODE_LABEL, GUESTBOOK_STATUS_LABEL } from "./labels";
import { GUESTBOOK_MODES } from "./set-mode";

describe("the guestbook's labels", () => {
  it("name every mode and every status, in every language", () => {
    expect(Object.keys(GUESTBOOK_MODE_LABEL).sort()).toEqual([...GUESTBOOK_MODES].sort());
    expect(Object.keys(GUESTBOOK_STATUS_LABEL).sort()).toEqual(Object.values(GuestbookStatus).sort());
    for (const language of LANGUAGES) {
      for (const key of [...Object.values(GUESTBOOK_MODE_LABEL), ...Object.values(GUESTBOOK_STATUS_LABEL)]) {
        const words = t(language, `guestbook.${key}`);
        expect(words, `${language} ${key}`).not.toBe(`guestbook.${key}`);
        expect(words.length).toBeGreaterThan(0);
      }
    }
  });
});
