// A memorial created with Famille.Langue and no top-level Langue speaks to its
// family in the family's language (its e-mails, really sent over SMTP, its confirmation and
// management pages), while the memorial keeps its own language (4.1 rule 6); and the e-mails read
// as a letter from the funeral home named on the confirmation page, telling the family that the
// management link is where visitors' photos wait for its approval.

import type { Language } from "@memorial/lib/i18n/languages";
import { expect, test } from "@playwright/test";
import {
  api,
  db,
  mailDir,
  makeContext,
  makeIsolatedOperator,
  sendManageLinkAsOperator,
  uniqueEmail,
} from "../support/factories";
import { mailParts, waitForMailAbout } from "../support/smtp";

interface Expected {
  subject: string;
  greeting: string;
  condolence: string;
  closing: string;
  site: string;
  confirmTitle: string;
  manageSubject: string;
  manageTitle: string;
  /** The sentence of both e-mails that says where the family approves visitors' photos. */
  gallery: string;
}

const EXPECTED: Record<Language, Expected> = {
  nl: {
    subject: "Bevestig de gedenkpagina voor Anne Lambert",
    greeting: "Beste Famille Lambert,",
    condolence: "Met verdriet hebben wij vernomen dat Anne Lambert is overleden.",
    closing: "Met oprechte deelneming,",
    site: "Herdenkingsbomen",
    confirmTitle: "De gedenkpagina bevestigen",
    manageSubject: "De gedenkpagina voor Anne Lambert beheren",
    manageTitle: "De gedenkpagina beheren",
    gallery: "ze verschijnen pas in de galerij nadat u ze goedkeurt, op de beheerpagina.",
  },
  de: {
    subject: "Bestätigen Sie die Gedenkseite für Anne Lambert",
    greeting: "Guten Tag Famille Lambert,",
    condolence: "Mit Betroffenheit haben wir vom Tod von Anne Lambert erfahren.",
    closing: "Mit aufrichtiger Anteilnahme",
    site: "Gedenkbäume",
    confirmTitle: "Die Gedenkseite bestätigen",
    manageSubject: "Die Gedenkseite für Anne Lambert verwalten",
    manageTitle: "Die Gedenkseite verwalten",
    gallery: "Sie erscheinen erst in ihrer Galerie, wenn Sie sie auf der Verwaltungsseite freigeben.",
  },
  en: {
    subject: "Confirm the memorial for Anne Lambert",
    greeting: "Dear Famille Lambert,",
    condolence: "We were saddened to learn of the death of Anne Lambert",
    closing: "With our deepest sympathy,",
    site: "Memorial trees",
    confirmTitle: "Confirm the memorial",
    manageSubject: "Manage the memorial for Anne Lambert",
    manageTitle: "Manage the memorial",
    gallery: "they appear in its gallery only once you approve them, on the management page.",
  },
  fr: {
    subject: "Confirmez le mémorial d'Anne Lambert",
    greeting: "Bonjour Famille Lambert,",
    condolence: "Nous avons appris avec tristesse le décès d'Anne Lambert",
    closing: "Avec toute notre sympathie,",
    site: "Arbres du souvenir",
    confirmTitle: "Confirmer le mémorial",
    manageSubject: "Gérer le mémorial d'Anne Lambert",
    manageTitle: "Gérer le mémorial",
    gallery: "elles n’apparaissent dans sa galerie qu’après votre approbation, sur la page de gestion.",
  },
};

const mailTo = (address: string, subject: string) => waitForMailAbout(mailDir(), address, subject);

/** The text with its lines joined: a long sentence of an e-mail's text part may be wrapped. */
const oneLine = (text: string) => text.replace(/\s+/g, " ");

const pageLang = (html: string) => /<html lang="([a-z]{2})"/.exec(html)?.[1];

for (const language of ["nl", "de", "en", "fr"] as const) {
  test(`Famille.Langue ${language} without Langue: the family's e-mails and pages are in ${language}`, async () => {
    const e = EXPECTED[language];
    // The operator's language differs from the family's, so the memorial's is not the family's.
    const operatorLanguage = language === "fr" ? "de" : "fr";
    const op = await makeIsolatedOperator({ language: operatorLanguage });
    const home = await makeContext(op.operatorId, "Epf");
    const email = uniqueEmail("family");
    const created = await api("POST", "/Memorials/Creer", {
      key: op.key,
      body: {
        Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" },
        Famille: { FamilleEmail: email, FamilleNom: "Famille Lambert", Langue: language },
        AConfirmer: true,
        DeLaPartDe: "Ses enfants",
        Contexte: { ContexteEpfId: home.id },
      },
    });
    expect(created.status, created.text).toBe(200);
    const memorialId = created.json.IdMemorial as number;
    // 4.1 rule 6 is unchanged: the memorial's own language is the operator's here.
    expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).language).toBe(
      operatorLanguage,
    );

    // The confirmation e-mail: in the family's language, a letter signed by the funeral home.
    const mail = mailParts(await mailTo(email, e.subject));
    expect(mail.text.startsWith(`${e.greeting}\n\n`), mail.text).toBe(true);
    expect(mail.text).toContain(e.condolence);
    expect(mail.text).toContain(`${e.closing}\n${home.name}\n`);
    expect(mail.text).toContain(e.site);
    expect(mail.html).toContain(`<html dir="ltr" lang="${language}">`);
    expect(mail.html).toMatch(new RegExp(`<p style="[^"]*">${e.greeting}</p>`));
    // The e-mails that carry the management link say that visitors' photos wait there for approval.
    expect(oneLine(mail.text)).toContain(e.gallery);
    const confirmLink = /(http\S+\/confirm\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const manageLink = /(http\S+\/manage\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(confirmLink, mail.text).toBeTruthy();
    expect(manageLink, mail.text).toBeTruthy();

    // The confirmation page: same language, and it names the same funeral home as the e-mail.
    const confirmPage = await fetch(confirmLink as string, { headers: { "Accept-Language": "en" } });
    const confirmHtml = await confirmPage.text();
    expect(confirmPage.status).toBe(200);
    expect(pageLang(confirmHtml)).toBe(language);
    expect(confirmHtml).toContain(e.confirmTitle);
    const requestedBy = /data-testid="confirm-requested-by">([^<]*)</.exec(confirmHtml)?.[1];
    expect(requestedBy).toBe(home.name);
    // Its button keeps the family's language for the memorial page it leads to.
    expect(confirmHtml).toContain(`?lang=${language}"`);

    // The management page of the link in the e-mail.
    const managePage = await fetch(manageLink as string, { headers: { "Accept-Language": "en" } });
    const manageHtml = await managePage.text();
    expect(managePage.status).toBe(200);
    expect(pageLang(manageHtml)).toBe(language);
    expect(manageHtml).toContain(e.manageTitle);

    // The management e-mail the operator sends from the dashboard.
    await sendManageLinkAsOperator(op.operatorId, memorialId);
    const manageMail = mailParts(await mailTo(email, e.manageSubject));
    expect(manageMail.text.startsWith(`${e.greeting}\n\n`), manageMail.text).toBe(true);
    expect(manageMail.text).toContain(`${e.closing}\n${home.name}\n`);
    expect(manageMail.html).toContain(`<html dir="ltr" lang="${language}">`);
    expect(oneLine(manageMail.text)).toContain(e.gallery);
    const newManageLink = /(http\S+\/manage\/[A-Za-z0-9_-]{43})/.exec(manageMail.text)?.[1];
    const newManage = await (await fetch(newManageLink as string)).text();
    expect(pageLang(newManage)).toBe(language);
  });
}

test("without Famille.Langue the family is written to in the memorial's language, signed by the operator without a context", async () => {
  const op = await makeIsolatedOperator({ language: "en" });
  const email = uniqueEmail("family");
  const created = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      Defunt: { Nom: "Lambert", Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" },
      Famille: { FamilleEmail: email },
      AConfirmer: true,
      Langue: "nl",
    },
  });
  expect(created.status, created.text).toBe(200);
  const mail = mailParts(await mailTo(email, EXPECTED.nl.subject));
  const operator = await db.operator.findUniqueOrThrow({ where: { id: op.operatorId } });
  // No family name: a greeting without one.
  expect(mail.text.startsWith("Goedendag,\n\n"), mail.text).toBe(true);
  expect(mail.text).toContain(`${EXPECTED.nl.closing}\n${operator.name}\n`);
});
