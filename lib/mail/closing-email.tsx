// The e-mail of the family's closing summary: a letter from the funeral home, in the
// family's language, with the summary's PDF and the planters' CSV attached (the outbox carries
// them, outgoing_email_attachment). Its words are the closing.* and email.* texts.
import { translator } from "@memorial/lib/i18n/translate";
import { Button, Note, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { Layout } from "@memorial/lib/mail/kit/layout";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { type FamilyLetter, letterParts } from "./family-letter";

export interface ClosingEmailProps extends FamilyLetter {
  url: string;
  trees: number;
  planters: number;
  co2: string;
}

function ClosingEmail(props: ClosingEmailProps) {
  const { title, greeting, layout } = letterParts(props);
  const c = translator(props.language, "closing");
  return (
    <Layout {...layout} subject={c("subject", { title })}>
      <Paragraph>{greeting}</Paragraph>
      <Paragraph>
        {c("lead", { title, trees: props.trees, planters: props.planters, co2: props.co2 })}
      </Paragraph>
      <Paragraph>{c("attachments")}</Paragraph>
      <Button href={props.url}>{c("pageLink")}</Button>
      <Note>{c("once")}</Note>
    </Layout>
  );
}

export const closingEmail = (props: ClosingEmailProps) => renderEmail(<ClosingEmail {...props} />);
