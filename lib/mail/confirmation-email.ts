// The e-mails to a family, in the four languages: the one that asks to confirm a memorial, and the
// one that carries the link of the management page (/manage/{token}). One vocabulary per language,
// shared with the confirmation page and the memorial page: mémorial, gedenkpagina, memorial,
// Gedenkseite.
import { escapeHtml } from "@/lib/html";
import type { Language } from "@/lib/i18n/languages";
import { cut } from "@/lib/memorials/policy";

/** outgoing_email.subject is VARCHAR(400): a subject is cut to fit, whatever the title. */
export const SUBJECT_MAX = 400;

interface Texts {
  subject: (t: string) => string;
  body: (t: string, o: string) => string;
  button: string;
  ignore: string;
  manageLine: string;
  manageButton: string;
  manageSubject: (t: string) => string;
  manageBody: (t: string, o: string) => string;
  manageKeep: (days: number) => string;
}

const TEXTS: Record<Language, Texts> = {
  fr: {
    subject: (t) => `Confirmez le mémorial de ${t}`,
    body: (t, o) =>
      `${o} souhaite planter un arbre en mémoire de ${t}. Le mémorial sera publié et le premier arbre planté dès que vous l'aurez confirmé.`,
    button: "Confirmer le mémorial",
    ignore: "Si vous ne souhaitez pas ce mémorial, ignorez simplement ce message.",
    manageLine:
      "Plus tard, vous pourrez masquer le mémorial, le rendre anonyme ou masquer le message d'un planteur depuis ce lien personnel :",
    manageButton: "Gérer le mémorial",
    manageSubject: (t) => `Gérer le mémorial de ${t}`,
    manageBody: (t, o) =>
      `${o} vous envoie le lien personnel de gestion du mémorial de ${t} : vous pouvez y masquer le mémorial, le rendre anonyme ou masquer le message d'un planteur.`,
    manageKeep: (d) =>
      `Gardez ce message : le lien est valable ${d} jours et remplace les liens envoyés avant.`,
  },
  nl: {
    subject: (t) => `Bevestig de gedenkpagina voor ${t}`,
    body: (t, o) =>
      `${o} wil een boom planten ter nagedachtenis aan ${t}. De gedenkpagina wordt gepubliceerd en de eerste boom geplant zodra u ze bevestigt.`,
    button: "Gedenkpagina bevestigen",
    ignore: "Wilt u deze gedenkpagina niet, negeer dit bericht dan gewoon.",
    manageLine:
      "Later kunt u de gedenkpagina verbergen, anoniem maken of het bericht van een planter verbergen via deze persoonlijke link:",
    manageButton: "De gedenkpagina beheren",
    manageSubject: (t) => `De gedenkpagina voor ${t} beheren`,
    manageBody: (t, o) =>
      `${o} stuurt u de persoonlijke beheerlink van de gedenkpagina voor ${t}: u kunt er de gedenkpagina verbergen, anoniem maken of het bericht van een planter verbergen.`,
    manageKeep: (d) =>
      `Bewaar dit bericht: de link is ${d} dagen geldig en vervangt de links die eerder verstuurd werden.`,
  },
  en: {
    subject: (t) => `Confirm the memorial for ${t}`,
    body: (t, o) =>
      `${o} would like to plant a tree in memory of ${t}. The memorial will be published and its first tree planted as soon as you confirm.`,
    button: "Confirm the memorial",
    ignore: "If you do not want this memorial, simply ignore this message.",
    manageLine:
      "Later, you can hide the memorial, make it anonymous or hide a planter's message from this personal link:",
    manageButton: "Manage the memorial",
    manageSubject: (t) => `Manage the memorial for ${t}`,
    manageBody: (t, o) =>
      `${o} sends you the personal link to manage the memorial for ${t}: there you can hide the memorial, make it anonymous or hide a planter's message.`,
    manageKeep: (d) =>
      `Keep this message: the link is valid for ${d} days and replaces the links sent before.`,
  },
  de: {
    subject: (t) => `Bestätigen Sie die Gedenkseite für ${t}`,
    body: (t, o) =>
      `${o} möchte in Erinnerung an ${t} einen Baum pflanzen. Die Gedenkseite wird veröffentlicht und der erste Baum gepflanzt, sobald Sie bestätigen.`,
    button: "Gedenkseite bestätigen",
    ignore: "Wenn Sie diese Gedenkseite nicht wünschen, ignorieren Sie diese Nachricht einfach.",
    manageLine:
      "Später können Sie die Gedenkseite über diesen persönlichen Link verbergen, anonymisieren oder die Nachricht eines Pflanzenden ausblenden:",
    manageButton: "Die Gedenkseite verwalten",
    manageSubject: (t) => `Die Gedenkseite für ${t} verwalten`,
    manageBody: (t, o) =>
      `${o} sendet Ihnen den persönlichen Verwaltungslink der Gedenkseite für ${t}: Dort können Sie die Gedenkseite verbergen, anonymisieren oder die Nachricht eines Pflanzenden ausblenden.`,
    manageKeep: (d) =>
      `Bewahren Sie diese Nachricht auf: Der Link ist ${d} Tage gültig und ersetzt die zuvor gesendeten Links.`,
  },
};

const BUTTON_STYLE = "background:#245533;color:#fff;padding:10px 16px;text-decoration:none;border-radius:6px";

const oneLine = (text: string) => cut(text.replace(/[\r\n]+/g, " "), SUBJECT_MAX);

export function confirmationEmail(input: {
  language: Language;
  title: string;
  operatorName: string;
  link: string;
  /** The family's management link, sent with the confirmation (/manage/{token}). */
  manageLink?: string;
}) {
  const t = TEXTS[input.language];
  const subject = oneLine(t.subject(input.title));
  const body = t.body(input.title, input.operatorName);
  const manageText = input.manageLink ? `${t.manageLine}\n${t.manageButton}: ${input.manageLink}\n\n` : "";
  const text = `${body}\n\n${t.button}: ${input.link}\n\n${manageText}${t.ignore}\n`;
  const manageHtml = input.manageLink
    ? `<p style="color:#57534e">${escapeHtml(t.manageLine)} <a href="${escapeHtml(input.manageLink)}">${escapeHtml(t.manageButton)}</a></p>\n`
    : "";
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Georgia,serif;color:#1c1917">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(input.link)}" style="${BUTTON_STYLE}">${escapeHtml(t.button)}</a></p>
${manageHtml}<p style="color:#57534e">${escapeHtml(t.ignore)}</p></body></html>`;
  return { subject, text, html };
}

/** The "manage your memorial" e-mail the operator sends from its dashboard. */
export function manageEmail(input: {
  language: Language;
  title: string;
  operatorName: string;
  link: string;
  days: number;
}) {
  const t = TEXTS[input.language];
  const subject = oneLine(t.manageSubject(input.title));
  const body = t.manageBody(input.title, input.operatorName);
  const keep = t.manageKeep(input.days);
  const text = `${body}\n\n${t.manageButton}: ${input.link}\n\n${keep}\n`;
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Georgia,serif;color:#1c1917">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(input.link)}" style="${BUTTON_STYLE}">${escapeHtml(t.manageButton)}</a></p>
<p style="color:#57534e">${escapeHtml(keep)}</p></body></html>`;
  return { subject, text, html };
}
