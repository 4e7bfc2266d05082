// The e-mails to a family, in the four languages: the one that asks to confirm a memorial, and the
// one that carries the link of the management page (/manage/{token}). They read as a letter from
// the funeral home (whoever asked: lib/memorials/family.ts): a greeting, a word of condolence, what
// is asked and what happens next, a signature. One vocabulary per language, shared with the
// confirmation page and the memorial page: mémorial, gedenkpagina, memorial, Gedenkseite. These
// functions are the only place the texts are written: the outbox stores what they return, and the
// dashboard's preview shows what they return (lib/dashboard/emails.ts).
import { escapeHtml } from "@/lib/html";
import type { Language } from "@/lib/i18n/languages";
import { t as text } from "@/lib/i18n/translate";
import { cut } from "@/lib/memorials/policy";

/** outgoing_email.subject is VARCHAR(400): a subject is cut to fit, whatever the title. */
export const SUBJECT_MAX = 400;

/** Who writes to whom, about which memorial: the same for every e-mail to a family. */
export interface FamilyLetter {
  language: Language;
  /** The memorial's shown title (displayTitle). */
  title: string;
  /** The deceased's name when the memorial may name them (a classic memorial), else null. */
  deceasedName: string | null;
  /** Famille.FamilleNom, to greet the family by it. */
  familyName: string | null;
  /** Who asks, as the confirmation page names them: the funeral home, else the operator. */
  requester: string;
}

interface Texts {
  greeting: (family: string | null) => string;
  condolence: (deceased: string | null) => string;
  subject: (title: string) => string;
  ask: (requester: string, deceased: string | null) => string;
  button: string;
  valid: (days: number) => string;
  manageLine: string;
  manageButton: string;
  ignore: string;
  manageSubject: (title: string) => string;
  manageCondolence: (deceased: string | null) => string;
  manageBody: (requester: string, title: string) => string;
  manageKeep: (days: number) => string;
  closing: string;
  footer: (site: string, requester: string) => string;
}

/** French elides "de" before a vowel: "d'Anne Lambert", "de Marie Dupont". */
const de = (name: string) => (/^[aeiouyàâäéèêëîïôöùûü]/i.test(name) ? `d'${name}` : `de ${name}`);

const TEXTS: Record<Language, Texts> = {
  fr: {
    greeting: (f) => (f ? `Bonjour ${f},` : "Bonjour,"),
    condolence: (d) =>
      d
        ? `Nous avons appris avec tristesse le décès ${de(d)} et vous présentons nos sincères condoléances.`
        : "Nous avons appris avec tristesse la perte de votre proche et vous présentons nos sincères condoléances.",
    subject: (t) => `Confirmez le mémorial ${de(t)}`,
    ask: (r, d) =>
      `${r} souhaite planter un arbre en mémoire ${d ? de(d) : "de votre proche"} et lui consacrer un mémorial en ligne. Nous attendons pour cela votre accord : dès que vous aurez confirmé, le mémorial sera publié et le premier arbre planté. Rien n'est publié sans votre confirmation.`,
    button: "Confirmer le mémorial",
    valid: (n) => `Ce lien est valable ${n} jours.`,
    manageLine:
      "Plus tard, vous pourrez masquer le mémorial, le rendre anonyme ou masquer le message d'un planteur depuis ce lien personnel :",
    manageButton: "Gérer le mémorial",
    ignore: "Si vous ne souhaitez pas ce mémorial, ignorez simplement ce message : rien ne sera publié.",
    manageSubject: (t) => `Gérer le mémorial ${de(t)}`,
    manageCondolence: (d) =>
      d
        ? `Nous vous renouvelons nos sincères condoléances pour le décès ${de(d)}.`
        : "Nous vous renouvelons nos sincères condoléances.",
    manageBody: (r, t) =>
      `${r} vous envoie le lien personnel de gestion du mémorial ${de(t)} : vous pouvez y masquer le mémorial, le rendre anonyme ou masquer le message d'un planteur. Chacun de ces choix peut être annulé à tout moment.`,
    manageKeep: (n) =>
      `Gardez ce message : le lien est valable ${n} jours et remplace les liens envoyés avant.`,
    closing: "Avec toute notre sympathie,",
    footer: (s, r) => `Ce message vous est envoyé par ${s} à la demande de ${r}.`,
  },
  nl: {
    greeting: (f) => (f ? `Beste ${f},` : "Goedendag,"),
    condolence: (d) =>
      d
        ? `Met verdriet hebben wij vernomen dat ${d} is overleden. Wij bieden u onze oprechte deelneming aan.`
        : "Met verdriet hebben wij vernomen dat u een dierbare hebt verloren. Wij bieden u onze oprechte deelneming aan.",
    subject: (t) => `Bevestig de gedenkpagina voor ${t}`,
    ask: (r, d) =>
      `${r} wil graag een boom planten ter nagedachtenis aan ${d ?? "uw dierbare"} en een online gedenkpagina aanmaken. Daarvoor wachten wij op uw toestemming: zodra u bevestigt, wordt de gedenkpagina gepubliceerd en de eerste boom geplant. Zonder uw bevestiging wordt niets gepubliceerd.`,
    button: "Gedenkpagina bevestigen",
    valid: (n) => `Deze link is ${n} dagen geldig.`,
    manageLine:
      "Later kunt u de gedenkpagina verbergen, anoniem maken of het bericht van een planter verbergen via deze persoonlijke link:",
    manageButton: "De gedenkpagina beheren",
    ignore: "Wilt u deze gedenkpagina niet, negeer dit bericht dan gewoon: er wordt niets gepubliceerd.",
    manageSubject: (t) => `De gedenkpagina voor ${t} beheren`,
    manageCondolence: (d) =>
      d
        ? `Wij leven nog steeds met u mee na het overlijden van ${d}.`
        : "Wij leven nog steeds met u mee in deze moeilijke tijd.",
    manageBody: (r, t) =>
      `${r} stuurt u de persoonlijke beheerlink van de gedenkpagina voor ${t}: u kunt er de gedenkpagina verbergen, anoniem maken of het bericht van een planter verbergen. Elke keuze kunt u op elk moment ongedaan maken.`,
    manageKeep: (n) =>
      `Bewaar dit bericht: de link is ${n} dagen geldig en vervangt de links die eerder verstuurd werden.`,
    closing: "Met oprechte deelneming,",
    footer: (s, r) => `Dit bericht wordt u namens ${r} gestuurd door ${s}.`,
  },
  en: {
    greeting: (f) => (f ? `Dear ${f},` : "Hello,"),
    condolence: (d) =>
      d
        ? `We were saddened to learn of the death of ${d}, and we offer you our sincere condolences.`
        : "We were saddened to learn of your loss, and we offer you our sincere condolences.",
    subject: (t) => `Confirm the memorial for ${t}`,
    ask: (r, d) =>
      `${r} would like to plant a tree in memory of ${d ?? "your loved one"} and create an online memorial. We first need your agreement: as soon as you confirm, the memorial will be published and its first tree planted. Nothing is published without your confirmation.`,
    button: "Confirm the memorial",
    valid: (n) => `This link is valid for ${n} days.`,
    manageLine:
      "Later, you can hide the memorial, make it anonymous or hide a planter's message from this personal link:",
    manageButton: "Manage the memorial",
    ignore: "If you do not want this memorial, simply ignore this message: nothing will be published.",
    manageSubject: (t) => `Manage the memorial for ${t}`,
    manageCondolence: (d) =>
      d
        ? `Our thoughts remain with you after the death of ${d}.`
        : "Our thoughts remain with you at this difficult time.",
    manageBody: (r, t) =>
      `${r} sends you the personal link to manage the memorial for ${t}: there you can hide the memorial, make it anonymous or hide a planter's message. Each choice can be undone at any time.`,
    manageKeep: (n) =>
      `Keep this message: the link is valid for ${n} days and replaces the links sent before.`,
    closing: "With our deepest sympathy,",
    footer: (s, r) => `This message is sent to you by ${s} on behalf of ${r}.`,
  },
  de: {
    greeting: (f) => (f ? `Guten Tag ${f},` : "Guten Tag,"),
    condolence: (d) =>
      d
        ? `Mit Betroffenheit haben wir vom Tod von ${d} erfahren. Wir sprechen Ihnen unser aufrichtiges Beileid aus.`
        : "Mit Betroffenheit haben wir von Ihrem Verlust erfahren. Wir sprechen Ihnen unser aufrichtiges Beileid aus.",
    subject: (t) => `Bestätigen Sie die Gedenkseite für ${t}`,
    ask: (r, d) =>
      `${r} möchte in Erinnerung an ${d ?? "Ihren geliebten Menschen"} einen Baum pflanzen und eine Gedenkseite im Internet einrichten. Dafür bitten wir zuerst um Ihre Zustimmung: Sobald Sie bestätigen, wird die Gedenkseite veröffentlicht und der erste Baum gepflanzt. Ohne Ihre Bestätigung wird nichts veröffentlicht.`,
    button: "Gedenkseite bestätigen",
    valid: (n) => `Dieser Link ist ${n} Tage gültig.`,
    manageLine:
      "Später können Sie die Gedenkseite über diesen persönlichen Link verbergen, anonymisieren oder die Nachricht eines Pflanzenden ausblenden:",
    manageButton: "Die Gedenkseite verwalten",
    ignore:
      "Wenn Sie diese Gedenkseite nicht wünschen, ignorieren Sie diese Nachricht einfach: Es wird nichts veröffentlicht.",
    manageSubject: (t) => `Die Gedenkseite für ${t} verwalten`,
    manageCondolence: (d) =>
      d ? `Wir denken weiterhin an Sie und an ${d}.` : "Wir denken in dieser schweren Zeit weiterhin an Sie.",
    manageBody: (r, t) =>
      `${r} sendet Ihnen den persönlichen Verwaltungslink der Gedenkseite für ${t}: Dort können Sie die Gedenkseite verbergen, anonymisieren oder die Nachricht eines Pflanzenden ausblenden. Jede Entscheidung können Sie jederzeit rückgängig machen.`,
    manageKeep: (n) =>
      `Bewahren Sie diese Nachricht auf: Der Link ist ${n} Tage gültig und ersetzt die zuvor gesendeten Links.`,
    // A German letter's closing has no comma.
    closing: "Mit aufrichtiger Anteilnahme",
    footer: (s, r) => `Diese Nachricht wird Ihnen von ${s} im Auftrag von ${r} gesendet.`,
  },
};

const BUTTON_STYLE = "background:#245533;color:#fff;padding:10px 16px;text-decoration:none;border-radius:6px";
const NOTE_STYLE = "color:#57534e";

/** A name inside a sentence stays on its line (a stored name could hold a line break). */
const inline = (text: string) => text.replace(/[\r\n]+/g, " ").trim();
const oneLine = (text: string) => cut(inline(text), SUBJECT_MAX);

/** The words shared by both e-mails: greeting, signature, footer, with the names made inline. */
function letterParts(letter: FamilyLetter) {
  const t = TEXTS[letter.language];
  const requester = inline(letter.requester);
  const family = letter.familyName ? inline(letter.familyName) || null : null;
  const deceased = letter.deceasedName ? inline(letter.deceasedName) || null : null;
  return {
    t,
    requester,
    title: inline(letter.title),
    deceased,
    greeting: t.greeting(family),
    footer: t.footer(text(letter.language, "page.siteName"), requester),
  };
}

/** A paragraph of the text version: a line of its own, then a blank line. */
type Block = { text: string; html: string };

const para = (text: string, style?: string): Block => ({
  text,
  html: `<p${style ? ` style="${style}"` : ""}>${escapeHtml(text)}</p>`,
});

const button = (label: string, link: string): Block => ({
  text: `${label}: ${link}`,
  html: `<p><a href="${escapeHtml(link)}" style="${BUTTON_STYLE}">${escapeHtml(label)}</a></p>`,
});

const signature = (closing: string, requester: string): Block => ({
  text: `${closing}\n${requester}`,
  html: `<p>${escapeHtml(closing)}<br>${escapeHtml(requester)}</p>`,
});

function render(language: Language, blocks: Block[]) {
  const text = `${blocks.map((b) => b.text).join("\n\n")}\n`;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Georgia,serif;color:#1c1917;line-height:1.5">
${blocks.map((b) => b.html).join("\n")}
</body></html>`;
  return { text, html };
}

/** The e-mail that asks the family to confirm a memorial, with its management link. */
export function confirmationEmail(
  input: FamilyLetter & {
    link: string;
    /** Days the confirmation link is valid (CONFIRMATION_TTL_DAYS). */
    days: number;
    /** The family's management link, sent with the confirmation (/manage/{token}). */
    manageLink?: string;
  },
) {
  const { t, requester, title, deceased, greeting, footer } = letterParts(input);
  const blocks: Block[] = [
    para(greeting),
    para(t.condolence(deceased)),
    para(t.ask(requester, deceased)),
    button(t.button, input.link),
    para(t.valid(input.days), NOTE_STYLE),
  ];
  if (input.manageLink) {
    blocks.push({
      text: `${t.manageLine}\n${t.manageButton}: ${input.manageLink}`,
      html: `<p style="${NOTE_STYLE}">${escapeHtml(t.manageLine)} <a href="${escapeHtml(input.manageLink)}">${escapeHtml(t.manageButton)}</a></p>`,
    });
  }
  blocks.push(para(t.ignore, NOTE_STYLE), signature(t.closing, requester), para(footer, NOTE_STYLE));
  return { subject: oneLine(t.subject(title)), ...render(input.language, blocks) };
}

/** The "manage your memorial" e-mail the operator sends from its dashboard. */
export function manageEmail(input: FamilyLetter & { link: string; days: number }) {
  const { t, requester, title, deceased, greeting, footer } = letterParts(input);
  const blocks: Block[] = [
    para(greeting),
    para(t.manageCondolence(deceased)),
    para(t.manageBody(requester, title)),
    button(t.manageButton, input.link),
    para(t.manageKeep(input.days), NOTE_STYLE),
    signature(t.closing, requester),
    para(footer, NOTE_STYLE),
  ];
  return { subject: oneLine(t.manageSubject(title)), ...render(input.language, blocks) };
}
