// The guestbook of a memorial page: the published messages, newest first, and the
// form that leaves one (a plain HTML form POSTed to /memorial/{id}/guestbook: it works without
// JavaScript; the route redirects back here with ?guestbook=published|pending). Every visitor's
// word is rendered by React, so escaped: a message is text, never HTML. The family's mode decides
// what the form says (open, approval) or whether it is there at all (closed).
import { publicGuestbook } from "@memorial/lib/guestbook/queries";
import { EMAIL_FIELD, EMAIL_MAX } from "@memorial/lib/guestbook/withdraw-entry";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { formatCalendarDate } from "@memorial/lib/memorials/public-page";
import {
  AuthorNameInput,
  Field,
  Hint,
  Honeypot,
  InputField,
  MessageArea,
  SentNotice,
  SubmitButton,
} from "@/components/public/form-parts";
import { PageSection } from "@/components/public/page-parts";

export async function GuestbookSection(props: { memorialId: number; language: Language; status?: string }) {
  const { memorialId, language } = props;
  const t = translator(language, "guestbook");
  const { mode, entries } = await publicGuestbook(memorialId);
  const sent = props.status === "published" || props.status === "pending" ? props.status : null;
  return (
    <PageSection name="guestbook" heading={t("heading")} id="guestbook" testId="guestbook">
      {sent ? (
        <SentNotice testId="guestbook-sent">
          {sent === "published" ? t("sentPublished") : t("sentPending")}
        </SentNotice>
      ) : null}
      {entries.length === 0 ? (
        <p className="mt-4" data-testid="guestbook-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className="mt-4 space-y-4" aria-label={t("listLabel")}>
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="rounded-xl bg-white p-4 ring-1 ring-forest-100"
              data-testid="guestbook-entry"
            >
              <p className="whitespace-pre-line text-stone-900">{entry.message}</p>
              <p className="mt-2 text-sm text-stone-700">
                <span className="font-semibold">{entry.authorName}</span> ·{" "}
                <time dateTime={entry.createdAt.toISOString()}>
                  {formatCalendarDate(entry.createdAt, language)}
                </time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {mode === "closed" ? (
        <p className="mt-4 text-stone-800" data-testid="guestbook-closed">
          {t("closedText")}
        </p>
      ) : (
        <form
          method="post"
          action={`/memorial/${memorialId}/guestbook`}
          className="relative mt-6 space-y-4 rounded-xl bg-white p-4 ring-1 ring-forest-100 sm:max-w-2xl"
          data-testid="guestbook-form"
        >
          <p className="text-stone-800">{mode === "open" ? t("introOpen") : t("intro")}</p>
          <input type="hidden" name="lang" value={language} />
          <Field id="guestbook-name" label={t("nameLabel")}>
            <AuthorNameInput id="guestbook-name" name="name" />
          </Field>
          <Field id="guestbook-message" label={t("messageLabel")}>
            <MessageArea id="guestbook-message" describedBy="guestbook-hint" />
            <Hint id="guestbook-hint">{t("limitsHint")}</Hint>
          </Field>
          {/* Optional; the e-mail it gets holds the link that withdraws the message. */}
          <InputField
            id="guestbook-email"
            label={t("emailLabel")}
            name={EMAIL_FIELD}
            type="email"
            maxLength={EMAIL_MAX}
            autoComplete="email"
            aria-describedby="guestbook-email-hint"
          >
            <Hint id="guestbook-email-hint">{t("emailHint")}</Hint>
          </InputField>
          <Honeypot id="guestbook-website" label={t("honeypotLabel")} />
          <SubmitButton>{t("submit")}</SubmitButton>
        </form>
      )}
    </PageSection>
  );
}
