// The e-mail to a guestbook author who left their address: their message was received
// (published, or waiting for the family), and the link that withdraws it, valid until a day, in
// the page's language, signed by the funeral home. Written by withdraw-entry.ts.

import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { signedLayout } from "@memorial/lib/mail/family-letter";
import { Button, Note, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { Layout } from "@memorial/lib/mail/kit/layout";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { inline } from "@memorial/lib/mail/kit/text";
import { formatCalendarDate } from "@memorial/lib/memorials/public-page";

export interface WithdrawEmailProps {
  language: Language;
  /** The author's name, as typed. */
  author: string;
  /** The memorial's shown title, in the author's language. */
  title: string;
  /** The funeral home (the memorial's context), else the operator. */
  requester: string;
  /** The message waits for the family's approval. */
  pending: boolean;
  withdrawUrl: string;
  expiresAt: Date;
}

function WithdrawEmail(props: WithdrawEmailProps) {
  const t = translator(props.language, "guestbook");
  const title = inline(props.title);
  return (
    <Layout
      {...signedLayout(props.language, inline(props.requester), t("withdrawClosing"))}
      subject={t("withdrawSubject", { title })}
    >
      <Paragraph>{t("withdrawGreeting", { author: inline(props.author) })}</Paragraph>
      <Paragraph>{t(props.pending ? "withdrawPending" : "withdrawPublished", { title })}</Paragraph>
      <Paragraph>{t("withdrawExplain")}</Paragraph>
      <Button href={props.withdrawUrl}>{t("withdrawButton")}</Button>
      <Note>{t("withdrawValid", { date: formatCalendarDate(props.expiresAt, props.language) })}</Note>
    </Layout>
  );
}

export const withdrawEmail = (props: WithdrawEmailProps) => renderEmail(<WithdrawEmail {...props} />);
