// The e-mails of anniversary reminders, in the subscriber's language: the confirmation of a
// subscription (double opt-in) and the reminder itself, with the trees' status, the funeral home to
// ask for another tree (the memorial page cannot plant one), a link to the memorial page
// its unsubscribe link, which the reminder also carries as List-Unsubscribe (RFC 2369) with List-Unsubscribe-Post (RFC 8058),
// and the link to the page of all the address's reminders.
// Their words are the reminders.* texts of the catalogues; their blocks the kit's (lib/mail/kit).
import type { Language } from "@memorial/lib/i18n/languages";
import { t as text, translator } from "@memorial/lib/i18n/translate";
import { Button, LinkNote, List, Note, Paragraph } from "@memorial/lib/mail/kit/blocks";
import { Layout } from "@memorial/lib/mail/kit/layout";
import { renderEmail } from "@memorial/lib/mail/kit/render";
import { inline } from "@memorial/lib/mail/kit/text";
import type { TreeStatus } from "@memorial/lib/trees/transitions";
import type { ReminderKind } from "./anniversaries";

/** The visitor's e-mails are signed by the service, not by a funeral home. */
const footer = (language: Language) =>
  translator(language, "reminders")("footer", { site: text(language, "page.siteName") });

export interface SubscriptionEmailProps {
  language: Language;
  title: string;
  confirmLink: string;
  /** The page of every subscription of this address (lib/reminders/address-page.ts). */
  myRemindersLink: string;
  deathAnniversary: boolean;
  birthday: boolean;
}

/** The e-mail that asks a subscriber to confirm their address (double opt-in). */
function SubscriptionEmail(props: SubscriptionEmailProps) {
  const t = translator(props.language, "reminders");
  const title = inline(props.title);
  const days = [
    ...(props.deathAnniversary ? [t("kindDeath")] : []),
    ...(props.birthday ? [t("kindBirthday")] : []),
  ];
  return (
    <Layout
      language={props.language}
      subject={t("confirmSubject", { title })}
      footer={footer(props.language)}
    >
      <Paragraph>{t("hello")}</Paragraph>
      <Paragraph>{t("confirmBody", { title })}</Paragraph>
      <List items={days} />
      <Button href={props.confirmLink}>{t("confirmButton")}</Button>
      <Note>{t("confirmIgnore")}</Note>
      <LinkNote href={props.myRemindersLink} label={t("mineLink")}>
        {t("mineLine")}
      </LinkNote>
    </Layout>
  );
}

export const confirmationEmail = (props: SubscriptionEmailProps) =>
  renderEmail(<SubscriptionEmail {...props} />);

export type TreeStatusCounts = Partial<Record<TreeStatus, number>>;

export interface ReminderEmailProps {
  language: Language;
  kind: ReminderKind;
  title: string;
  /** Years since the date. */
  years: number;
  trees: TreeStatusCounts;
  requester: string;
  memorialLink: string;
  unsubscribeLink: string;
  /** The page of every subscription of this address (lib/reminders/address-page.ts). */
  myRemindersLink: string;
  /**
   * Where visitors may plant from the memorial page, its planting form (and whether
   * they may pay online there); null: they ask the funeral home.
   */
  visitorPlanting: { formLink: string; payment: boolean } | null;
}

/** The reminder of the day. */
function ReminderEmail(props: ReminderEmailProps) {
  const t = translator(props.language, "reminders");
  const title = inline(props.title);
  const total = Object.values(props.trees).reduce((sum, n) => sum + (n ?? 0), 0);
  const statuses = (["in_ground", "monitored", "ordered", "dead", "replaced"] as const)
    .filter((status) => (props.trees[status] ?? 0) > 0)
    .map((status) => t(`status_${status}`, { n: props.trees[status] ?? 0 }));
  const death = props.kind === "death_anniversary";
  return (
    <Layout
      language={props.language}
      subject={death ? t("subjectDeath", { title }) : t("subjectBirthday", { title })}
      footer={footer(props.language)}
    >
      <Paragraph>{t("hello")}</Paragraph>
      <Paragraph>
        {death
          ? t("todayDeath", { title, years: props.years })
          : t("todayBirthday", { title, years: props.years })}
      </Paragraph>
      {total > 0 ? (
        <>
          <Paragraph>{t("treesIntro", { n: total })}</Paragraph>
          <List items={statuses} />
        </>
      ) : (
        <Paragraph>{t("noTrees")}</Paragraph>
      )}
      {props.visitorPlanting ? (
        <>
          <Paragraph>
            {t(props.visitorPlanting.payment ? "plantYourselfOnline" : "plantYourselfCode", {
              requester: inline(props.requester),
            })}
          </Paragraph>
          <Button href={props.visitorPlanting.formLink}>{t("plantYourselfButton")}</Button>
        </>
      ) : (
        <>
          <Paragraph>{t("plantAnother", { requester: inline(props.requester) })}</Paragraph>
          <Button href={props.memorialLink}>{t("plantButton")}</Button>
        </>
      )}
      <LinkNote href={props.unsubscribeLink} label={t("unsubscribeLink")}>
        {t("unsubscribeLine")}
      </LinkNote>
      <LinkNote href={props.myRemindersLink} label={t("mineLink")}>
        {t("mineLine")}
      </LinkNote>
    </Layout>
  );
}

/** The reminder of the day, with its List-Unsubscribe headers. */
export async function reminderEmail(props: ReminderEmailProps) {
  return {
    ...(await renderEmail(<ReminderEmail {...props} />)),
    headers: {
      // An https URL only: the service reads no mailbox, so it offers no mailto: address.
      "List-Unsubscribe": `<${props.unsubscribeLink}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
