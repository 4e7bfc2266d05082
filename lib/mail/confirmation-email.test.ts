import { LANGUAGES, type Language } from "@memorial/lib/i18n/languages";
import { familyLanguage } from "@memorial/lib/memorials/family";
import { describe, expect, it } from "vitest";
import { confirmationEmail, manageEmail } from "./confirmation-email";
import type { FamilyLetter } from "./family-letter";

const letter = (language: Language, over: Partial<FamilyLetter> = {}): FamilyLetter => ({
  language,
  title: "Anne Lambert",
  deceasedName: "Anne Lambert",
  familyName: "Famille Lambert",
  requester: "Funérarium Durand Namur",
  ...over,
});

// The words a family reads in each language: greeting, condolence, signature, footer.
const EXPECTED: Record<Language, { greeting: string; condolence: string; closing: string; site: string }> = {
  fr: {
    greeting: "Bonjour Famille Lambert,",
    condolence: "sincères condoléances",
    closing: "Avec toute notre sympathie,\nFunérarium Durand Namur\n",
    site: "Arbres du souvenir",
  },
  nl: {
    greeting: "Beste Famille Lambert,",
    condolence: "oprechte deelneming",
    closing: "Met oprechte deelneming,\nFunérarium Durand Namur\n",
    site: "Herdenkingsbomen",
  },
  en: {
    greeting: "Dear Famille Lambert,",
    condolence: "sincere condolences",
    closing: "With our deepest sympathy,\nFunérarium Durand Namur\n",
    site: "Memorial trees",
  },
  de: {
    greeting: "Guten Tag Famille Lambert,",
    condolence: "aufrichtiges Beileid",
    closing: "Mit aufrichtiger Anteilnahme\nFunérarium Durand Namur\n",
    site: "Gedenkbäume",
  },
};

// What a family that does not answer learns, and the words of its rights, in each language.
const TRUTH: Record<Language, { noAnswer: RegExp; decline: string; rights: RegExp[] }> = {
  fr: {
    noAnswer: /Sans réponse de votre part, vous recevrez des rappels/,
    decline: "Je ne souhaite pas ce mémorial",
    rights: [/télécharger tout ce qu'il contient/, /le retirer du site/, /le faire effacer/],
  },
  nl: {
    noAnswer: /Zonder antwoord van u ontvangt u herinneringen/,
    decline: "Ik wil deze gedenkpagina niet",
    rights: [/alles wat ze bevat downloaden/, /offline halen/, /laten wissen/],
  },
  en: {
    noAnswer: /Without an answer from you, you will receive reminders/,
    decline: "I do not wish this memorial",
    rights: [/download everything it holds/, /take it offline/, /have it erased/],
  },
  de: {
    noAnswer: /Ohne Ihre Antwort erhalten Sie Erinnerungen/,
    decline: "Ich wünsche diese Gedenkseite nicht",
    rights: [/alles herunterladen, was sie enthält/, /offline nehmen/, /löschen lassen/],
  },
};

describe("the family's e-mails", () => {
  for (const language of LANGUAGES) {
    it(`in ${language}: the confirmation e-mail reads as a letter from the funeral home`, async () => {
      const mail = await confirmationEmail({
        ...letter(language),
        link: "https://trees.example/confirm/abc",
        manageLink: "https://trees.example/manage/def",
        days: 14,
      });
      const e = EXPECTED[language];
      expect(mail.text.startsWith(`${e.greeting}\n\n`)).toBe(true);
      expect(mail.text).toContain(e.condolence);
      expect(mail.text).toContain("Funérarium Durand Namur");
      expect(mail.text).toContain(e.closing);
      expect(mail.text).toContain(e.site);
      expect(mail.text).toContain(": https://trees.example/confirm/abc\n");
      expect(mail.text).toContain(": https://trees.example/manage/def\n");
      expect(mail.text).toContain("14");
      expect(mail.html).toContain(`<html dir="ltr" lang="${language}">`);
      expect(mail.html).toMatch(new RegExp(`<p style="[^"]*">${e.greeting}</p>`));
      expect(mail.html).toContain('href="https://trees.example/manage/def"');
      expect(mail.html).toContain("Funérarium Durand Namur</p>");
    });

    it(`in ${language}: the confirmation e-mail says what happens without an answer, how to decline, and the family's rights`, async () => {
      const mail = await confirmationEmail({
        ...letter(language),
        link: "https://trees.example/confirm/abc?lang=fr",
        manageLink: "https://trees.example/manage/def",
        days: 14,
      });
      const truth = TRUTH[language];
      expect(mail.text).toMatch(truth.noAnswer);
      // Not the old advice: ignoring the message brings reminders, not silence.
      expect(mail.text).not.toMatch(/ignore|negeer|ignorieren/i);
      expect(mail.text).toContain(`${truth.decline}: https://trees.example/confirm/abc?lang=fr#decline\n`);
      expect(mail.html).toContain('href="https://trees.example/confirm/abc?lang=fr#decline"');
      for (const right of truth.rights) expect(mail.text).toMatch(right);
    });

    it(`in ${language}: the management e-mail has the same greeting and signature`, async () => {
      const mail = await manageEmail({
        ...letter(language),
        link: "https://trees.example/manage/def",
        days: 365,
      });
      const e = EXPECTED[language];
      expect(mail.text.startsWith(`${e.greeting}\n\n`)).toBe(true);
      expect(mail.text).toContain(e.closing);
      expect(mail.text).toContain("365");
      expect(mail.text).toContain(": https://trees.example/manage/def\n");
      for (const right of TRUTH[language].rights) expect(mail.text).toMatch(right);
    });

    it(`in ${language}: without a family name or a deceased to name, nobody is misnamed`, async () => {
      const mail = await confirmationEmail({
        ...letter(language, { title: "4711", deceasedName: null, familyName: null }),
        link: "l",
        days: 14,
      });
      const body = mail.text.split("\n\n").slice(0, 3).join("\n\n");
      expect(body).not.toContain("4711");
      expect(body).not.toContain("null");
      expect(mail.subject).toContain("4711");
    });
  }

  it("elides French 'de' before a vowel", async () => {
    const mail = await confirmationEmail({ ...letter("fr"), link: "l", days: 14 });
    expect(mail.subject).toBe("Confirmez le mémorial d'Anne Lambert");
    expect(mail.text).toContain("le décès d'Anne Lambert");
    const other = await confirmationEmail({
      ...letter("fr", { title: "Marie Dupont", deceasedName: "Marie Dupont" }),
      link: "l",
      days: 14,
    });
    expect(other.subject).toBe("Confirmez le mémorial de Marie Dupont");
  });

  it("keeps names on their line and escapes them in HTML", async () => {
    const mail = await confirmationEmail({
      ...letter("en", { familyName: "Eve\r\nBcc: x@y.z", requester: "<b>Home</b>" }),
      link: "l",
      days: 14,
    });
    expect(mail.text.split("\n")[0]).toBe("Dear Eve Bcc: x@y.z,");
    expect(mail.html).toContain("&lt;b&gt;Home&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Home</b>");
  });
});

describe("familyLanguage", () => {
  it("is Famille.Langue, else the memorial's language", () => {
    expect(familyLanguage({ language: "fr", family: { language: "nl" } })).toBe("nl");
    expect(familyLanguage({ language: "de", family: { language: null } })).toBe("de");
    expect(familyLanguage({ language: "en", family: null })).toBe("en");
    expect(familyLanguage({ language: "xx" })).toBe("fr");
  });
});
