// The dashboard's e-mails to people of an operator's team, in the four languages: the invitation
// of a colleague (sent in the inviting user's dashboard language) and the password reset link.
import { escapeHtml } from "@/lib/html";
import type { Language } from "@/lib/i18n/languages";
import { cut } from "@/lib/memorials/policy";
import type { Role } from "@/lib/users/roles";
import { SUBJECT_MAX } from "./confirmation-email";

interface Texts {
  inviteSubject: (operator: string) => string;
  inviteBody: (operator: string, inviter: string, role: string) => string;
  inviteButton: string;
  inviteExpires: (days: number) => string;
  role: Record<Role, string>;
  resetSubject: string;
  resetBody: (operator: string) => string;
  resetButton: string;
  resetExpires: (minutes: number) => string;
  ignore: string;
}

const TEXTS: Record<Language, Texts> = {
  fr: {
    inviteSubject: (o) => `Invitation au tableau de bord de ${o}`,
    inviteBody: (o, i, r) =>
      `${i} vous invite à rejoindre le tableau de bord de ${o} (Memorial trees) en tant que ${r}. Choisissez votre mot de passe pour activer votre compte.`,
    inviteButton: "Choisir mon mot de passe",
    inviteExpires: (d) => `Ce lien ne fonctionne qu'une fois et expire dans ${d} jours.`,
    role: { admin: "administrateur", staff: "collaborateur" },
    resetSubject: "Réinitialiser votre mot de passe",
    resetBody: (o) =>
      `Une réinitialisation du mot de passe de votre compte du tableau de bord de ${o} a été demandée.`,
    resetButton: "Choisir un nouveau mot de passe",
    resetExpires: (m) => `Ce lien ne fonctionne qu'une fois et expire dans ${m} minutes.`,
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement ce message.",
  },
  nl: {
    inviteSubject: (o) => `Uitnodiging voor het dashboard van ${o}`,
    inviteBody: (o, i, r) =>
      `${i} nodigt u uit voor het dashboard van ${o} (Memorial trees) als ${r}. Kies uw wachtwoord om uw account te activeren.`,
    inviteButton: "Mijn wachtwoord kiezen",
    inviteExpires: (d) => `Deze link werkt één keer en verloopt over ${d} dagen.`,
    role: { admin: "beheerder", staff: "medewerker" },
    resetSubject: "Uw wachtwoord opnieuw instellen",
    resetBody: (o) =>
      `Er werd gevraagd het wachtwoord van uw account voor het dashboard van ${o} opnieuw in te stellen.`,
    resetButton: "Een nieuw wachtwoord kiezen",
    resetExpires: (m) => `Deze link werkt één keer en verloopt over ${m} minuten.`,
    ignore: "Hebt u dit niet gevraagd, negeer dit bericht dan gewoon.",
  },
  en: {
    inviteSubject: (o) => `Invitation to the ${o} dashboard`,
    inviteBody: (o, i, r) =>
      `${i} invites you to the dashboard of ${o} (Memorial trees) as ${r}. Choose your password to activate your account.`,
    inviteButton: "Choose my password",
    inviteExpires: (d) => `This link works once and expires in ${d} days.`,
    role: { admin: "administrator", staff: "staff member" },
    resetSubject: "Reset your password",
    resetBody: (o) => `A reset of the password of your ${o} dashboard account was requested.`,
    resetButton: "Choose a new password",
    resetExpires: (m) => `This link works once and expires in ${m} minutes.`,
    ignore: "If you did not ask for this, simply ignore this message.",
  },
  de: {
    inviteSubject: (o) => `Einladung zum Dashboard von ${o}`,
    inviteBody: (o, i, r) =>
      `${i} lädt Sie als ${r} zum Dashboard von ${o} (Memorial trees) ein. Wählen Sie Ihr Passwort, um Ihr Konto zu aktivieren.`,
    inviteButton: "Mein Passwort wählen",
    inviteExpires: (d) => `Dieser Link funktioniert einmal und läuft in ${d} Tagen ab.`,
    role: { admin: "Administrator", staff: "Mitarbeiter" },
    resetSubject: "Ihr Passwort zurücksetzen",
    resetBody: (o) => `Für Ihr Konto im Dashboard von ${o} wurde das Zurücksetzen des Passworts angefordert.`,
    resetButton: "Ein neues Passwort wählen",
    resetExpires: (m) => `Dieser Link funktioniert einmal und läuft in ${m} Minuten ab.`,
    ignore: "Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht einfach.",
  },
};

const BUTTON_STYLE = "background:#245533;color:#fff;padding:10px 16px;text-decoration:none;border-radius:6px";
const oneLine = (text: string) => cut(text.replace(/[\r\n]+/g, " "), SUBJECT_MAX);

function compose(
  language: Language,
  subject: string,
  body: string,
  button: string,
  link: string,
  notes: string[],
) {
  const text = `${body}\n\n${button}: ${link}\n\n${notes.join("\n")}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Georgia,serif;color:#1c1917">
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="${BUTTON_STYLE}">${escapeHtml(button)}</a></p>
${notes.map((n) => `<p style="color:#57534e">${escapeHtml(n)}</p>`).join("\n")}</body></html>`;
  return { subject: oneLine(subject), text, html };
}

export function invitationEmail(input: {
  language: Language;
  operatorName: string;
  inviter: string;
  role: Role;
  link: string;
  days: number;
}) {
  const t = TEXTS[input.language];
  return compose(
    input.language,
    t.inviteSubject(input.operatorName),
    t.inviteBody(input.operatorName, input.inviter, t.role[input.role]),
    t.inviteButton,
    input.link,
    [t.inviteExpires(input.days), t.ignore],
  );
}

export function passwordResetEmail(input: {
  language: Language;
  operatorName: string;
  link: string;
  minutes: number;
}) {
  const t = TEXTS[input.language];
  return compose(input.language, t.resetSubject, t.resetBody(input.operatorName), t.resetButton, input.link, [
    t.resetExpires(input.minutes),
    t.ignore,
  ]);
}
