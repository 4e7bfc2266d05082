// The e-mail that asks a family to confirm a memorial, in the four languages.
import { escapeHtml } from "@/lib/html";
import type { Language } from "@/lib/i18n/languages";
import { cut } from "@/lib/memorials/policy";

/** outgoing_email.subject is VARCHAR(400): a subject is cut to fit, whatever the title. */
export const SUBJECT_MAX = 400;

const TEXTS: Record<
  Language,
  { subject: (t: string) => string; body: (t: string, o: string) => string; button: string; ignore: string }
> = {
  fr: {
    subject: (t) => `Confirmez le mémorial de ${t}`,
    body: (t, o) =>
      `${o} souhaite planter un arbre en mémoire de ${t}. Le mémorial sera publié et le premier arbre planté dès que vous l'aurez confirmé.`,
    button: "Confirmer le mémorial",
    ignore: "Si vous ne souhaitez pas ce mémorial, ignorez simplement ce message.",
  },
  nl: {
    subject: (t) => `Bevestig het gedenkteken voor ${t}`,
    body: (t, o) =>
      `${o} wil een boom planten ter nagedachtenis aan ${t}. Het gedenkteken wordt gepubliceerd en de eerste boom geplant zodra u het bevestigt.`,
    button: "Gedenkteken bevestigen",
    ignore: "Wilt u dit gedenkteken niet, negeer dit bericht dan gewoon.",
  },
  en: {
    subject: (t) => `Confirm the memorial for ${t}`,
    body: (t, o) =>
      `${o} would like to plant a tree in memory of ${t}. The memorial will be published and its first tree planted as soon as you confirm.`,
    button: "Confirm the memorial",
    ignore: "If you do not want this memorial, simply ignore this message.",
  },
  de: {
    subject: (t) => `Bestätigen Sie die Gedenkseite für ${t}`,
    body: (t, o) =>
      `${o} möchte in Erinnerung an ${t} einen Baum pflanzen. Die Gedenkseite wird veröffentlicht und der erste Baum gepflanzt, sobald Sie bestätigen.`,
    button: "Gedenkseite bestätigen",
    ignore: "Wenn Sie diese Gedenkseite nicht wünschen, ignorieren Sie diese Nachricht einfach.",
  },
};

export function confirmationEmail(input: {
  language: Language;
  title: string;
  operatorName: string;
  link: string;
}) {
  const t = TEXTS[input.language];
  const subject = cut(t.subject(input.title).replace(/[\r\n]+/g, " "), SUBJECT_MAX);
  const body = t.body(input.title, input.operatorName);
  const text = `${body}\n\n${t.button}: ${input.link}\n\n${t.ignore}\n`;
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Georgia,serif;color:#1c1917">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(input.link)}" style="background:#245533;color:#fff;padding:10px 16px;text-decoration:none;border-radius:6px">${escapeHtml(t.button)}</a></p>
<p style="color:#57534e">${escapeHtml(t.ignore)}</p></body></html>`;
  return { subject, text, html };
}
