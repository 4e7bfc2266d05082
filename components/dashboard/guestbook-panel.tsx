// The guestbook of a memorial as its operator sees it on the dashboard: the family's
// mode and every message with its status; the operator may hide an abusive one. A server
// component: the messages are read here, the hide button is the only client part.

import { formatDateTime } from "@memorial/lib/dashboard/format";
import { GUESTBOOK_MODE_LABEL, GUESTBOOK_STATUS_LABEL } from "@memorial/lib/guestbook/labels";
import { operatorGuestbook } from "@memorial/lib/guestbook/queries";
import type { Language } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import type { OperatorScope } from "@memorial/lib/scope";
import { GuestbookHideButton } from "./guestbook-hide-button";

export async function GuestbookPanel(props: {
  scope: OperatorScope;
  memorialId: number;
  language: Language;
}) {
  const guestbook = await operatorGuestbook(props.scope, props.memorialId);
  if (!guestbook) return null;
  const t = translator(props.language, "guestbook");
  return (
    <section aria-labelledby="guestbook-title" className="space-y-3" data-testid="dashboard-guestbook">
      <h2 id="guestbook-title" className="text-xl font-semibold">
        {t("dashHeading")}
      </h2>
      <p className="text-sm text-stone-700">
        {t("dashMode", { mode: t(GUESTBOOK_MODE_LABEL[guestbook.mode]) })}. {t("dashHelp")}
      </p>
      {guestbook.entries.length === 0 ? (
        <p className="text-sm">{t("manageNone")}</p>
      ) : (
        <ul className="space-y-3">
          {guestbook.entries.map((entry) => (
            <li
              key={entry.id}
              className="rounded border border-stone-200 bg-white p-3"
              data-testid="dashboard-guestbook-entry"
              data-status={entry.status}
            >
              <p className="whitespace-pre-line">{entry.message}</p>
              <p className="mt-1 text-sm text-stone-700">
                <span className="font-semibold">{entry.authorName}</span> ·{" "}
                {formatDateTime(entry.createdAt.toISOString(), props.language)} ·{" "}
                {t(GUESTBOOK_STATUS_LABEL[entry.status])}
              </p>
              {entry.status === "hidden" ? null : (
                <p className="mt-2">
                  <GuestbookHideButton memorialId={props.memorialId} entryId={entry.id} label={t("hide")} />
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
