// The visitor's receipt: the tree a visitor planted in a memorial (with a claim code or
// a payment), in the visitor's language (visitor_planting.language): the tree (species, site), the
// amount paid, whether the visitor's words wait for the family's approval, the memorial page and
// the certificate, signed by the funeral home that planted it. Written by receipt-consumer.ts.
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { signedLayout } from "@memorial/lib/mail/family-letter";
import { Button, LinkNote, List, Note, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { Layout } from "@memorial/lib/mail/kit/layout";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { inline } from "@memorial/lib/mail/kit/text";

export interface ReceiptEmailProps {
  language: Language;
  /** The visitor's name, as typed. */
  planter: string;
  /** The memorial's shown title, in the visitor's language. */
  title: string;
  /** The funeral home that planted the tree (the memorial's context), else the operator. */
  requester: string;
  /** The tree's species (in the visitor's language), site and the site's country. */
  species: string;
  site: string;
  country: string;
  /** The tree waited in the planting queue before it was planted. */
  waited: boolean;
  /** The amount paid, formatted ("15,00 €"), or null for a claim code. */
  amount: string | null;
  /** The visitor's words wait for the family's approval. */
  pending: boolean;
  /** The memorial page and its certificate, or null while the public may not see them. */
  pageUrl: string | null;
  certificateUrl: string | null;
  /** The page of the reminders asked with the visitor's address. */
  myRemindersUrl: string;
}

function ReceiptEmail(props: ReceiptEmailProps) {
  const t = translator(props.language, "plant");
  const reminders = translator(props.language, "reminders");
  const title = inline(props.title);
  const requester = inline(props.requester);
  return (
    <Layout
      {...signedLayout(props.language, requester, t("receiptClosing"))}
      subject={t("receiptSubject", { title })}
    >
      <Paragraph>{t("receiptGreeting", { planter: inline(props.planter) })}</Paragraph>
      <Paragraph>{t(props.waited ? "receiptQueued" : "receiptBody", { title, requester })}</Paragraph>
      <List
        items={[
          t("receiptTree", {
            species: inline(props.species),
            site: inline(props.site),
            country: inline(props.country),
          }),
        ]}
      />
      {props.amount ? <Paragraph>{t("receiptPaid", { amount: props.amount })}</Paragraph> : null}
      {props.pending ? <Note>{t("receiptPending")}</Note> : null}
      {props.pageUrl ? <Button href={props.pageUrl}>{t("receiptPageButton")}</Button> : null}
      {props.certificateUrl ? (
        <LinkNote href={props.certificateUrl} label={t("receiptCertificateLink")}>
          {t("receiptCertificate")}
        </LinkNote>
      ) : null}
      <LinkNote href={props.myRemindersUrl} label={reminders("mineLink")}>
        {reminders("mineReceiptLine")}
      </LinkNote>
    </Layout>
  );
}

export const receiptEmail = (props: ReceiptEmailProps) => renderEmail(<ReceiptEmail {...props} />);
