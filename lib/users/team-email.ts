// The dashboard's e-mails to people of an operator's team, in the four languages: the invitation
// of a colleague (sent in the inviting user's dashboard language) and the password reset link.
import { escapeHtml } from "@memorial/lib/html";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { SUBJECT_MAX } from "@memorial/lib/mail/confirmation-email";
import { cut } from "@memorial/lib/memorials/policy";
import type { Role } from "@memorial/lib/users/roles";

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
  const t = translator(input.language, "email");
  return compose(
    input.language,
    t("inviteSubject", { operator: input.operatorName }),
    t("inviteBody", { operator: input.operatorName, inviter: input.inviter, role: t(`role_${input.role}`) }),
    t("inviteButton"),
    input.link,
    [t("inviteExpires", { days: input.days }), t("teamIgnore")],
  );
}

export function passwordResetEmail(input: {
  language: Language;
  operatorName: string;
  link: string;
  minutes: number;
}) {
  const t = translator(input.language, "email");
  return compose(
    input.language,
    t("resetSubject"),
    t("resetBody", { operator: input.operatorName }),
    t("resetButton"),
    input.link,
    [t("resetExpires", { minutes: input.minutes }), t("teamIgnore")],
  );
}
