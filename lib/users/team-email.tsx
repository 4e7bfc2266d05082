// The dashboard's e-mails to people of an operator's team, in the four languages: the invitation
// of a colleague (sent in the inviting user's dashboard language) and the password reset link.
// Their words are the email.* texts of the catalogues; their blocks the kit's (lib/mail/kit).
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { Button, Note, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { Layout } from "@memorial/lib/mail/kit/layout";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import type { Role } from "@memorial/lib/users/roles";

export interface InvitationEmailProps {
  language: Language;
  operatorName: string;
  inviter: string;
  role: Role;
  link: string;
  days: number;
}

function InvitationEmail(props: InvitationEmailProps) {
  const t = translator(props.language, "email");
  return (
    <Layout language={props.language} subject={t("inviteSubject", { operator: props.operatorName })}>
      <Paragraph>
        {t("inviteBody", {
          operator: props.operatorName,
          inviter: props.inviter,
          role: t(`role_${props.role}`),
        })}
      </Paragraph>
      <Button href={props.link}>{t("inviteButton")}</Button>
      <Note>{t("inviteExpires", { days: props.days })}</Note>
      <Note>{t("teamIgnore")}</Note>
    </Layout>
  );
}

export const invitationEmail = (props: InvitationEmailProps) => renderEmail(<InvitationEmail {...props} />);

export interface PasswordResetEmailProps {
  language: Language;
  operatorName: string;
  link: string;
  minutes: number;
}

function PasswordResetEmail(props: PasswordResetEmailProps) {
  const t = translator(props.language, "email");
  return (
    <Layout language={props.language} subject={t("resetSubject")}>
      <Paragraph>{t("resetBody", { operator: props.operatorName })}</Paragraph>
      <Button href={props.link}>{t("resetButton")}</Button>
      <Note>{t("resetExpires", { minutes: props.minutes })}</Note>
      <Note>{t("teamIgnore")}</Note>
    </Layout>
  );
}

export const passwordResetEmail = (props: PasswordResetEmailProps) =>
  renderEmail(<PasswordResetEmail {...props} />);
