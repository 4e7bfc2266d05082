// /dashboard/memorials/{id}: one of the operator's memorials, its person (editable), its family,
// its trees; resend the confirmation e-mail; plant one more tree. Another operator's memorial is
// not found, exactly as one that does not exist.

import { listContexts } from "@memorial/lib/dashboard/contexts";
import { confirmationPreviews, mailConfigured, memorialEmails } from "@memorial/lib/dashboard/emails";
import { historyLabel } from "@memorial/lib/dashboard/event-labels";
import { formatDate, formatDateTime, formatNumber } from "@memorial/lib/dashboard/format";
import { LANGUAGE_NAMES, parseLanguage } from "@memorial/lib/i18n/languages";
import { translator } from "@memorial/lib/i18n/translate";
import { memorialDetail, memorialTitle } from "@memorial/lib/memorials/dashboard-queries";
import { memorialHistory } from "@memorial/lib/memorials/memorial-history";
import { setUnconfirmedOutcome } from "@memorial/lib/operators/create-operator";
import { MAX_REPORT_DAYS } from "@memorial/lib/reports/limits";
import { parseId } from "@memorial/lib/validation";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { AuditLog } from "@/components/dashboard/audit-log";
import { CeremonySection } from "@/components/dashboard/ceremony-section";
import { DetailHeader } from "@/components/dashboard/detail-header";
import { GuestbookPanel } from "@/components/dashboard/guestbook-panel";
import { DashboardLink, TreeLink } from "@/components/dashboard/links";
import { MoveTreesSection } from "@/components/dashboard/move-trees-section";
import { PersonForm } from "@/components/dashboard/person-form";
// The photos visitors shared: the operator publishes or removes them too.
import { PhotosPanel } from "@/components/dashboard/photos-panel";
import { PlantForm } from "@/components/dashboard/plant-form";
import { PrintKitSection } from "@/components/dashboard/print-kit-section";
import { ResendButton } from "@/components/dashboard/resend-button";
import { TableBox, tableClass } from "@/components/dashboard/ui";
import { getOperatorSession, requireOperator } from "@/web/auth/session";
import { sendManageLinkAction } from "@/web/dashboard/actions";
import { dashboardLanguage } from "@/web/dashboard/language";
import { dashboardMessages } from "@/web/dashboard/page-title";

// The <title> is the memorial's title as people read it (displayTitle), never its bare id.
export async function generateMetadata(props: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const session = await getOperatorSession();
  const memorialId = parseId((await props.params).id);
  const title = session && memorialId !== null ? await memorialTitle(session.scope, memorialId) : null;
  return { title: title ?? (await dashboardMessages()).t("notFoundTitle") };
}

const dl = "grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]";
const th = "border-b border-stone-300 px-3 py-2 font-semibold whitespace-nowrap";
const td = "border-b border-stone-200 px-3 py-2 align-top";

export default async function MemorialPage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{
    page?: string | string[];
    manage?: string | string[];
    // The move form's target search and outcome (components/dashboard/move-trees-section.tsx).
    moveSearch?: string | string[];
    moved?: string | string[];
    movedTo?: string | string[];
    moveError?: string | string[];
    // The photos panel's outcome (components/dashboard/photos-panel.tsx).
    photos?: string | string[];
  }>;
}) {
  const session = await requireOperator();
  const { id } = await props.params;
  const query = await props.searchParams;
  const { page: rawPage, manage: manageOutcome } = query;
  const one = (value: string | string[] | undefined) => (typeof value === "string" ? value : "");
  const page = typeof rawPage === "string" && /^\d{1,7}$/.test(rawPage) ? Math.max(1, Number(rawPage)) : 1;
  const memorialId = parseId(id);
  const memorial = memorialId === null ? null : await memorialDetail(session.scope, memorialId, page);
  if (!memorial) notFound();
  const lang = await dashboardLanguage(session.operatorLanguage);
  const t = translator(lang, "dashboard");
  const plant = translator(lang, "plant");
  const familyLanguage = memorial.family?.language ? parseLanguage(memorial.family.language) : null;
  const emails = await memorialEmails(session.scope, memorial.id);
  const previews = await confirmationPreviews(session.scope, memorial.id);
  const canSend = mailConfigured();
  const contexts = await listContexts(session.operatorId);
  const history = await memorialHistory(memorial.id);
  const person = memorial.person;
  const awaiting = memorial.status === "awaiting_confirmation";
  // Closed as not confirmed (its link expired, or its family declined): no page, no tree.
  const closed = memorial.status === "expired";
  const unconfirmed = await setUnconfirmedOutcome(session.operatorId);
  const today = new Date();
  const reportStart = new Date(memorial.createdAt);
  const reportDays = Math.min(
    MAX_REPORT_DAYS,
    Math.ceil((today.getTime() - reportStart.getTime()) / 86_400_000) + 2,
  );

  return (
    <div className="space-y-8">
      <DetailHeader back="/dashboard/memorials" backLabel={t("backToList")} title={memorial.title}>
        <span>{t("memorialTitle", { id: memorial.id })}</span>
        <span
          className={`rounded px-2 py-0.5 text-xs font-medium ${awaiting ? "bg-amber-100 text-amber-900" : closed ? "bg-stone-200 text-stone-800" : "bg-forest-100 text-forest-900"}`}
          data-testid="memorial-state"
        >
          {awaiting ? t("stateAwaiting") : closed ? t("stateExpired") : t("stateVisible")}
        </span>
        {memorial.hidden ? (
          <span
            className="rounded bg-stone-200 px-2 py-0.5 text-xs font-medium"
            data-testid="memorial-hidden"
          >
            {t("familyControlsHidden")}
          </span>
        ) : null}
        <span>
          {t("colCreated")} {formatDate(memorial.createdAt, lang)}
        </span>
        {awaiting || closed ? null : (
          <a className="text-forest-700 underline" href={`/memorial/${memorial.id}`}>
            {t("publicPage")}: /memorial/{memorial.id}
          </a>
        )}
      </DetailHeader>

      {memorial.mergedIntoId !== null ? (
        // Merged into another memorial (a duplicate), undoable from the duplicates' page.
        <p className="text-sm text-stone-700" data-testid="merged-into">
          <a className="underline" href={`/dashboard/memorials/${memorial.mergedIntoId}`}>
            {translator(lang, "duplicates")("mergedInto", { id: memorial.mergedIntoId })}
          </a>{" "}
          <a className="underline" href="/dashboard/duplicates">
            {translator(lang, "duplicates")("title")}
          </a>
        </p>
      ) : null}

      {awaiting || closed ? (
        // What becomes of the waiting tree of a memorial never confirmed (the operator's setting).
        <p className="text-sm text-stone-700" data-testid="unconfirmed-outcome">
          {closed
            ? t(memorial.closedReason === "declined" ? "closedDeclined" : "closedExpired", {
                date: formatDate(memorial.closedAt ?? memorial.createdAt, lang),
              })
            : null}{" "}
          {t(unconfirmed.unconfirmedOutcome === "global" ? "unconfirmedGlobal" : "unconfirmedCredit")}
        </p>
      ) : null}

      {awaiting ? (
        <section className="rounded-lg border border-amber-300 bg-amber-50 p-4">
          {memorial.family?.email ? (
            <ResendButton memorialId={memorial.id} email={memorial.family.email} mailConfigured={canSend} />
          ) : (
            <p>{t("noFamilyEmail")}</p>
          )}
        </section>
      ) : null}

      {memorial.kind === "global" ? null : (
        <section aria-labelledby="family-title" className="space-y-3" data-testid="family-controls">
          <h2 id="family-title" className="text-xl font-semibold">
            {t("familyControlsHeading")}
          </h2>
          {memorial.family?.email ? (
            <form action={sendManageLinkAction} className="space-y-2">
              <input type="hidden" name="memorialId" value={memorial.id} />
              <p className="text-sm text-stone-700">{t("familyControlsHelp")}</p>
              <button
                type="submit"
                className="rounded-lg border border-forest-700 px-3 py-1.5 text-sm font-medium text-forest-800"
              >
                {t("familyControlsSend")}
              </button>
              {manageOutcome === "sent" ? (
                <p role="status" className="text-sm">
                  {t("familyControlsSent")}
                </p>
              ) : null}
              {manageOutcome === "host" ? (
                <p role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                  {t("errorHostNotAllowed")}
                </p>
              ) : null}
            </form>
          ) : (
            <p>{t("noFamilyEmail")}</p>
          )}
          <h3 className="font-semibold">{t("familyControlsHistory")}</h3>
          {history.length === 0 ? (
            <p className="text-sm">{t("familyControlsNone")}</p>
          ) : (
            <ul className="text-sm" data-testid="family-history">
              {history.map((entry) => (
                <li key={entry.id}>
                  {formatDateTime(entry.at.toISOString(), lang)} · {t(historyLabel(entry.type))}
                  {entry.treeId ? ` (#${entry.treeId})` : ""} ·{" "}
                  {t(entry.by === "family" ? "familyControlsByFamily" : "familyControlsByOperator")}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {/* The ceremony: set, moved or cancelled by the funeral home (none for the global memorial, nor
          for one closed unconfirmed or merged into another). */}
      {memorial.kind === "global" || closed || memorial.mergedIntoId !== null ? null : (
        <CeremonySection scope={session.scope} memorialId={memorial.id} language={lang} />
      )}
      {memorial.kind === "global" ? null : (
        <GuestbookPanel scope={session.scope} memorialId={memorial.id} language={lang} />
      )}
      {memorial.kind === "global" ? null : (
        <PhotosPanel
          scope={session.scope}
          memorialId={memorial.id}
          language={lang}
          outcome={typeof query.photos === "string" ? query.photos : undefined}
        />
      )}
      <PrintKitSection
        memorialId={memorial.id}
        publiclyVisible={!awaiting && !closed && !memorial.hidden}
        language={lang}
      />
      {memorial.family || emails.length > 0 || !canSend ? (
        <section aria-labelledby="emails-title" className="space-y-3">
          <h2 id="emails-title" className="text-xl font-semibold">
            {t("emailsTitle")}
          </h2>
          {canSend ? null : (
            <p role="note" className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="mail-off">
              {t("mailNotConfigured")}
            </p>
          )}
          <details className="rounded border border-stone-200 bg-white p-3">
            <summary className="cursor-pointer font-medium">{t("emailPreview")}</summary>
            <p className="mt-2 text-sm text-stone-600">{t("emailPreviewHint")}</p>
            {previews?.map((preview) => (
              <div
                key={preview.language}
                lang={preview.language}
                className="mt-3"
                data-testid={`email-preview-${preview.language}`}
                data-family-language={preview.isFamilyLanguage ? "true" : undefined}
              >
                <h3 className="font-semibold">
                  {LANGUAGE_NAMES[preview.language]}
                  {preview.isFamilyLanguage ? (
                    <span className="ml-2 text-sm font-normal text-stone-600">{t("emailPreviewFamily")}</span>
                  ) : null}
                </h3>
                <p>
                  <span className="text-stone-600">{t("emailSubject")}</span>{" "}
                  <span data-testid="email-preview-subject">{preview.subject}</span>
                </p>
                <pre
                  className="mt-1 whitespace-pre-wrap rounded bg-stone-50 p-2 font-serif text-sm"
                  data-testid="email-preview-text"
                >
                  {preview.text}
                </pre>
              </div>
            ))}
          </details>
          {emails.length > 0 ? (
            <ul className="space-y-2" data-testid="memorial-emails">
              {emails.map((email) => (
                <li
                  key={email.id}
                  data-state={email.state}
                  className="rounded border border-stone-200 bg-white p-3"
                >
                  <span className="font-medium">{t(`emailState_${email.state}`)}</span> · {email.subject} ·{" "}
                  {email.to} · {formatDateTime(email.sentAt ?? email.createdAt, lang)}
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="trees-title">
        <h2 id="trees-title" className="mb-3 text-xl font-semibold">
          {t("trees")} ({formatNumber(memorial.totalTrees, lang)})
        </h2>
        {memorial.waitingTrees > 0 ? (
          <p className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3" data-testid="trees-waiting">
            {t("treesWaiting", { n: formatNumber(memorial.waitingTrees, lang) })}
          </p>
        ) : null}
        {memorial.trees.length === 0 ? (
          <p>{t("noTrees")}</p>
        ) : (
          <TableBox label={t("trees")}>
            <table className={tableClass} data-testid="memorial-trees">
              <thead>
                <tr>
                  <th className={th}>{t("colDate")}</th>
                  <th className={th}>{t("colSpecies")}</th>
                  <th className={th}>{t("colSite")}</th>
                  <th className={th}>{t("colPlanter")}</th>
                  <th className={th}>{t("colMessage")}</th>
                  <th className={th}>{t("colCo2")}</th>
                  <th className={th}>{t("colFree")}</th>
                  <th className={th}>{t("trees_status")}</th>
                </tr>
              </thead>
              <tbody>
                {memorial.trees.map((tree) => (
                  <tr key={tree.id}>
                    <td className={td} data-label={t("colDate")}>
                      {formatDateTime(tree.plantedAt, lang)}
                    </td>
                    <td className={td} data-label={t("colSpecies")}>
                      {tree.speciesNames[lang]}
                    </td>
                    <td className={td} data-label={t("colSite")}>
                      {tree.site}
                    </td>
                    <td className={td} data-label={t("colPlanter")}>
                      {tree.planter}
                      {tree.visitor ? (
                        <span className="block text-xs text-stone-600" data-testid="tree-visitor">
                          {plant(tree.visitor.origin === "visitor_code" ? "originCode" : "originPayment")}
                          {tree.visitor.words === "pending" ? ` · ${plant("wordsPending")}` : ""}
                        </span>
                      ) : null}
                    </td>
                    <td className={`${td} max-w-xs break-words`} data-label={t("colMessage")}>
                      {tree.message ?? ""}
                      {tree.messageHidden ? (
                        <span className="block text-xs text-stone-600">
                          ({t("familyControlsMessageHidden")})
                        </span>
                      ) : null}
                    </td>
                    <td className={td} data-label={t("colCo2")}>
                      {formatNumber(tree.co2Kg, lang)}
                    </td>
                    <td className={td} data-label={t("colFree")}>
                      {tree.ownTree ? (tree.free ? t("yes") : t("no")) : "—"}
                    </td>
                    <td className={td} data-label={t("trees_status")}>
                      {tree.ownTree ? (
                        <TreeLink id={tree.id} data-testid="tree-link">
                          {t("trees_open", { id: tree.id, status: t(`trees_status_${tree.status}`) })}
                        </TreeLink>
                      ) : (
                        t(`trees_status_${tree.status}`)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
        {memorial.treeLines > memorial.treesPage.perPage ? (
          <nav aria-label={t("trees")} className="mt-3 flex items-center gap-4">
            {page > 1 ? (
              <DashboardLink href={`/dashboard/memorials/${memorial.id}?page=${page - 1}`}>←</DashboardLink>
            ) : null}
            <span>
              {t("pageOf", { page, pages: Math.ceil(memorial.treeLines / memorial.treesPage.perPage) })}
            </span>
            {page * memorial.treesPage.perPage < memorial.treeLines ? (
              <DashboardLink href={`/dashboard/memorials/${memorial.id}?page=${page + 1}`}>→</DashboardLink>
            ) : null}
          </nav>
        ) : null}
      </section>

      <MoveTreesSection
        scope={session.scope}
        memorialId={memorial.id}
        trees={memorial.trees
          .filter((tree) => tree.ownTree)
          .map((tree) => ({ id: tree.id, planter: tree.planter }))}
        outcome={{
          search: one(query.moveSearch).slice(0, 200),
          moved: /^\d{1,7}$/.test(one(query.moved)) ? Number(one(query.moved)) : null,
          movedTo: parseId(one(query.movedTo)),
          error: one(query.moveError) || null,
        }}
        language={lang}
      />

      {person ? (
        <section aria-labelledby="person-title" className="space-y-4">
          <h2 id="person-title" className="text-xl font-semibold">
            {t("personData")}
          </h2>
          <dl className={dl}>
            <dt className="font-medium">{t("personId")}</dt>
            <dd data-testid="person-id">{person.id}</dd>
            {memorial.family ? (
              <>
                <dt className="font-medium">{t("familyData")}</dt>
                <dd>
                  {[
                    memorial.family.name,
                    memorial.family.email,
                    familyLanguage ? LANGUAGE_NAMES[familyLanguage] : memorial.family.language,
                  ]
                    .filter(Boolean)
                    .join(" · ") || "—"}
                </dd>
              </>
            ) : null}
          </dl>
          {person.epfId ? (
            <p>
              <DashboardLink
                href={`/dashboard/reports?${new URLSearchParams({
                  epf: String(person.epfId),
                  person: String(person.id),
                  year: String(reportStart.getUTCFullYear()),
                  month: String(reportStart.getUTCMonth() + 1),
                  day: String(reportStart.getUTCDate()),
                  days: String(reportDays),
                })}`}
              >
                {t("reportForPerson")}
              </DashboardLink>
            </p>
          ) : null}
          <PersonForm
            person={{
              personId: person.id,
              externalId: person.externalId === null ? "" : String(person.externalId),
              lastName: person.lastName ?? "",
              firstName: person.firstName ?? "",
              civility: person.civility ?? "",
              deathDate: person.deathDate.slice(0, 10),
              placeOfDeath: person.placeOfDeath ?? "",
              birthDate: person.birthDate?.slice(0, 10) ?? "",
              imageUrl: person.imageUrl ?? "",
              updateTitles: false,
            }}
          />
        </section>
      ) : null}

      {awaiting || closed ? null : (
        <section aria-labelledby="plant-title" className="space-y-4">
          <h2 id="plant-title" className="text-xl font-semibold">
            {t("plantInto")}
          </h2>
          <PlantForm contexts={contexts} memorialId={memorial.id} />
        </section>
      )}

      {/* What was done to this memorial, by whom (every role; the whole log is the admins'). */}
      <section aria-labelledby="audit-title" className="space-y-3" data-testid="memorial-audit">
        <h2 id="audit-title" className="text-xl font-semibold">
          {t("audit_memorial_heading")}
        </h2>
        <p className="text-sm text-stone-700">{t("audit_memorial_help")}</p>
        <AuditLog memorialId={memorial.id} logLink={session.role === "admin"} />
      </section>
    </div>
  );
}
