// The guestbook of a memorial page: the published messages, newest first, and the
// form that leaves one (a plain HTML form POSTed to /memorial/{id}/guestbook: it works without
// JavaScript; the route redirects back here with ?guestbook=published|pending). Every visitor's
// word is rendered by React, so escaped: a message is text, never HTML. The family's mode decides
// what the form says (open, approval) or whether it is there at all (closed).
import { publicGuestbook } from "@memorial/lib/guestbook/queries";
import { HONEYPOT_FIELD, MESSAGE_MAX, NAME_MAX } from "@memorial/lib/guestbook/rules";
import { EMAIL_FIELD, EMAIL_MAX } from "@memorial/lib/guestbook/withdraw-entry";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { formatCalendarDate } from "@memorial/lib/memorials/public-page";

export async function GuestbookSection(props: { memorialId: number; language: Language; status?: string }) {
  const { memorialId, language } = props;
  const t = translator(language, "guestbook");
  const { mode, entries } = await publicGuestbook(memorialId);
  const sent = props.status === "published" || props.status === "pending" ? props.status : null;
  const input =
    "mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 text-stone-900 focus:outline-2 focus:outline-forest-600";
  return (
    <section aria-labelledby="guestbook-heading" className="py-6" id="guestbook" data-testid="guestbook">
      <h2 id="guestbook-heading" className="font-serif text-2xl text-forest-800">
        {t("heading")}
      </h2>
      {sent ? (
        <p
          role="status"
          className="mt-4 rounded-xl border-l-4 border-forest-600 bg-forest-100 px-4 py-3 text-stone-900"
          data-testid="guestbook-sent"
        >
          {sent === "published" ? t("sentPublished") : t("sentPending")}
        </p>
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
          <div>
            <label htmlFor="guestbook-name" className="font-semibold text-stone-900">
              {t("nameLabel")}
            </label>
            <input
              id="guestbook-name"
              name="name"
              type="text"
              required
              maxLength={NAME_MAX}
              autoComplete="name"
              className={input}
            />
          </div>
          <div>
            <label htmlFor="guestbook-message" className="font-semibold text-stone-900">
              {t("messageLabel")}
            </label>
            <textarea
              id="guestbook-message"
              name="message"
              required
              rows={4}
              maxLength={MESSAGE_MAX}
              aria-describedby="guestbook-hint"
              className={input}
            />
            <p id="guestbook-hint" className="mt-1 text-sm text-stone-700">
              {t("limitsHint")}
            </p>
          </div>
          {/* Optional; the e-mail it gets holds the link that withdraws the message. */}
          <div>
            <label htmlFor="guestbook-email" className="font-semibold text-stone-900">
              {t("emailLabel")}
            </label>
            <input
              id="guestbook-email"
              name={EMAIL_FIELD}
              type="email"
              maxLength={EMAIL_MAX}
              autoComplete="email"
              aria-describedby="guestbook-email-hint"
              className={input}
            />
            <p id="guestbook-email-hint" className="mt-1 text-sm text-stone-700">
              {t("emailHint")}
            </p>
          </div>
          {/* The honeypot: out of sight and out of the tab order; people leave it empty. */}
          <div className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden" aria-hidden="true">
            <label htmlFor="guestbook-website">{t("honeypotLabel")}</label>
            <input
              id="guestbook-website"
              name={HONEYPOT_FIELD}
              type="text"
              tabIndex={-1}
              autoComplete="off"
            />
          </div>
          <button
            type="submit"
            className="rounded-lg bg-forest-800 px-4 py-2 font-semibold text-white hover:bg-forest-900 focus:outline-2 focus:outline-offset-2 focus:outline-forest-600"
          >
            {t("submit")}
          </button>
        </form>
      )}
    </section>
  );
}
