// The e-mails to a family, in the four languages: the one that asks to confirm a memorial, and the
// one that carries the link of the management page (/manage/{token}). They read as a letter from
// the funeral home (whoever asked: lib/memorials/family.ts): a greeting, a word of condolence, what
// is asked and what happens next, a signature. One vocabulary per language, shared with the
// confirmation page and the memorial page: mémorial, gedenkpagina, memorial, Gedenkseite. These
// components are the only place the texts are written: the outbox stores what they render, and the
// dashboard's preview shows what they render (lib/dashboard/emails.ts). Their words are the email.*
// texts of the catalogues (lib/i18n/catalogues); their blocks the kit's (lib/mail/kit).
import { Button, LinkNote, Note, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { type FamilyLetter, initial, letterParts } from "./family-letter";
import { FamilyLetterLayout } from "./family-letter-layout";

export interface ConfirmationEmailProps extends FamilyLetter {
  link: string;
  /** Days the confirmation link is valid (CONFIRMATION_TTL_DAYS). */
  days: number;
  /** The family's management link, sent with the confirmation (/manage/{token}). */
  manageLink?: string;
}

/** The e-mail that asks the family to confirm a memorial, with its management link. */
function ConfirmationEmail(props: ConfirmationEmailProps) {
  const { t, requester, title, deceased, ...letter } = letterParts(props);
  return (
    <FamilyLetterLayout letter={letter} subject={t("subject", { title, titleInitial: initial(title) })}>
      <Paragraph>
        {deceased ? t("condolence", { deceased, deceasedInitial: initial(deceased) }) : t("condolenceNoName")}
      </Paragraph>
      <Paragraph>
        {deceased
          ? t("ask", { requester, deceased, deceasedInitial: initial(deceased) })
          : t("askNoName", { requester })}
      </Paragraph>
      <Button href={props.link}>{t("button")}</Button>
      <Note>{t("valid", { days: props.days })}</Note>
      {props.manageLink ? (
        <LinkNote href={props.manageLink} label={t("manageButton")}>
          {t("manageLine")}
        </LinkNote>
      ) : null}
      {/* The management link is where the family approves the photos visitors share. */}
      {props.manageLink ? <Note>{t("managePhotos")}</Note> : null}
      <Note>{t("noAnswer")}</Note>
      {/* The confirmation page's form to decline (web/public-pages/confirm-page.ts, #decline). */}
      <LinkNote href={declineLink(props.link)} label={t("declineButton")}>
        {t("declineLine")}
      </LinkNote>
    </FamilyLetterLayout>
  );
}

/** The confirmation page, at its form to decline the memorial. */
function declineLink(link: string): string {
  return `${link.replace(/#.*$/, "")}#decline`;
}

export const confirmationEmail = (props: ConfirmationEmailProps) =>
  renderEmail(<ConfirmationEmail {...props} />);

export interface ReminderEmailProps extends FamilyLetter {
  link: string;
  /** When the link stops working (the memorial is then closed as not confirmed), as the family reads it. */
  until: string;
  /** The last reminder, shortly before the link expires. */
  last: boolean;
}

/** The reminder (and the last one) to a family that has not confirmed its memorial. */
function ReminderEmail(props: ReminderEmailProps) {
  const { t, requester, title, deceased, ...letter } = letterParts(props);
  const subject = props.last ? "lastReminderSubject" : "reminderSubject";
  return (
    <FamilyLetterLayout letter={letter} subject={t(subject, { title, titleInitial: initial(title) })}>
      <Paragraph>
        {deceased
          ? t("reminderBody", { requester, deceased, deceasedInitial: initial(deceased) })
          : t("reminderBodyNoName", { requester })}
      </Paragraph>
      <Button href={props.link}>{t("button")}</Button>
      <Note>{t("reminderUntil", { date: props.until })}</Note>
      <Note>{t("reminderDecline")}</Note>
    </FamilyLetterLayout>
  );
}

export const reminderEmail = (props: ReminderEmailProps) => renderEmail(<ReminderEmail {...props} />);

export interface ManageEmailProps extends FamilyLetter {
  link: string;
  days: number;
}

/** The "manage your memorial" e-mail the operator sends from its dashboard. */
function ManageEmail(props: ManageEmailProps) {
  const { t, requester, title, deceased, ...letter } = letterParts(props);
  return (
    <FamilyLetterLayout letter={letter} subject={t("manageSubject", { title, titleInitial: initial(title) })}>
      <Paragraph>
        {deceased
          ? t("manageCondolence", { deceased, deceasedInitial: initial(deceased) })
          : t("manageCondolenceNoName")}
      </Paragraph>
      <Paragraph>{t("manageBody", { requester, title, titleInitial: initial(title) })}</Paragraph>
      {/* The management link is where the family approves the photos visitors share. */}
      <Paragraph>{t("managePhotos")}</Paragraph>
      <Button href={props.link}>{t("manageButton")}</Button>
      <Note>{t("manageKeep", { days: props.days })}</Note>
    </FamilyLetterLayout>
  );
}

export const manageEmail = (props: ManageEmailProps) => renderEmail(<ManageEmail {...props} />);
