// The e-mails of a family's erasure request (lib/privacy/erasure.ts), letters from the
// funeral home in the family's language: the day it is asked (when it will be carried out, and how
// to undo it: the management page, until then) and the day it is carried out. Words: email.erasure*.
import { translator } from "@memorial/lib/i18n/translate";
import { Button, Note, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { type FamilyLetter, letterParts } from "./family-letter";
import { FamilyLetterLayout } from "./family-letter-layout";

export interface ErasureRequestedProps extends FamilyLetter {
  /** The day the erasure will be carried out, written in the family's language. */
  date: string;
  /** The family's management page, where the request can be undone until then. */
  manageUrl: string;
}

function ErasureRequestedEmail(props: ErasureRequestedProps) {
  const { title, ...letter } = letterParts(props);
  const t = translator(props.language, "email");
  return (
    <FamilyLetterLayout letter={letter} subject={t("erasureRequestedSubject", { title })}>
      <Paragraph>{t("erasureRequestedBody", { title, date: props.date })}</Paragraph>
      <Paragraph>{t("erasureRequestedWhat")}</Paragraph>
      <Paragraph>{t("erasureRequestedUndo", { date: props.date })}</Paragraph>
      <Button href={props.manageUrl}>{t("erasureRequestedButton")}</Button>
    </FamilyLetterLayout>
  );
}

function ErasureDoneEmail(props: FamilyLetter) {
  const { title, ...letter } = letterParts(props);
  const t = translator(props.language, "email");
  return (
    <FamilyLetterLayout letter={letter} subject={t("erasureDoneSubject", { title })}>
      <Paragraph>{t("erasureDoneBody", { title })}</Paragraph>
      <Note>{t("erasureDoneLast")}</Note>
    </FamilyLetterLayout>
  );
}

export const erasureRequestedEmail = (props: ErasureRequestedProps) =>
  renderEmail(<ErasureRequestedEmail {...props} />);
export const erasureDoneEmail = (props: FamilyLetter) => renderEmail(<ErasureDoneEmail {...props} />);
