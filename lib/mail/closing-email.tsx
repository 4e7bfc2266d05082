// The e-mail of the family's closing summary: a letter from the funeral home, in the
// family's language, with the summary's PDF and the planters' CSV attached (the outbox carries
// them, outgoing_email_attachment). Its words are the closing.* and email.* texts.
import { translator } from "@memorial/lib/i18n/translate";
import { Button, Note, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { type FamilyLetter, letterParts } from "./family-letter";
import { FamilyLetterLayout } from "./family-letter-layout";

export interface ClosingEmailProps extends FamilyLetter {
  url: string;
  trees: number;
  planters: number;
  co2: string;
}

function ClosingEmail(props: ClosingEmailProps) {
  const { title, ...letter } = letterParts(props);
  const c = translator(props.language, "closing");
  return (
    <FamilyLetterLayout letter={letter} subject={c("subject", { title })}>
      <Paragraph>
        {c("lead", { title, trees: props.trees, planters: props.planters, co2: props.co2 })}
      </Paragraph>
      <Paragraph>{c("attachments")}</Paragraph>
      <Button href={props.url}>{c("pageLink")}</Button>
      <Note>{c("once")}</Note>
    </FamilyLetterLayout>
  );
}

export const closingEmail = (props: ClosingEmailProps) => renderEmail(<ClosingEmail {...props} />);
