"use client";
import type { AuditPage, AuditRowView } from "@memorial/lib/audit/queries";
import { actionWords, actorWords, changeParts } from "@memorial/lib/audit/words";
import { AUDIT_TARGET_TYPES, actionsByDomain } from "@memorial/lib/changes/kinds";
import { formatDateTime } from "@memorial/lib/dashboard/format";
// The audit log: the operator's (its page, /dashboard/audit, for admins; the filters
// live in the address) or one memorial's (a section of its page). Filters by days, actor kind,
// action, target and memorial; pages by keyset (older entries after the last one shown); the
// CSV of every row of the filters. Who acted and what changed are said in words.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { DataTable } from "./data-table";
import { fetchJson } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { QueryStatus, useReplaceQuery } from "./query-state";
import { ActionButton, buttonClass, Field, InputField, inputClass, secondaryButtonClass } from "./ui";

const FILTERS = ["from", "to", "actor", "action", "target", "targetId", "memorial"] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;
const ACTOR_KINDS = ["user", "key", "family", "visitor", "cli", "system"] as const;

function queryOf(filters: Filters, after?: string | null): string {
  const query = new URLSearchParams();
  for (const name of FILTERS) if (filters[name]) query.set(name, filters[name] as string);
  if (after) query.set("after", after);
  return query.toString();
}

/**
 * `memorialId`: one memorial's log (its filters kept on the page, not in the address);
 * `logLink`: a link to the operator's page, filtered on that memorial (admins).
 */
export function AuditLog(props: { memorialId?: number; logLink?: boolean }) {
  const { t, lang } = useI18n();
  const hydrated = useHydrated();
  const params = useSearchParams();
  const replaceQuery = useReplaceQuery();
  const ofMemorial = props.memorialId !== undefined;
  const fromAddress = (): { filters: Filters; after: string | null } => {
    const filters: Filters = {};
    for (const name of FILTERS) {
      const value = params.get(name);
      if (value) filters[name] = value;
    }
    return { filters, after: params.get("after") };
  };
  const [local, setLocal] = useState<{ filters: Filters; after: string | null }>({
    filters: {},
    after: null,
  });
  const { filters, after } = ofMemorial ? local : fromAddress();
  const go = (next: Filters, nextAfter: string | null) => {
    if (ofMemorial) setLocal({ filters: next, after: nextAfter });
    else replaceQuery(queryOf(next, nextAfter));
  };
  const base = ofMemorial ? `/api/dashboard/memorials/${props.memorialId}/audit` : "/api/dashboard/audit";
  const data = useQuery({
    queryKey: ["audit", base, queryOf(filters, after)],
    queryFn: () => fetchJson<AuditPage>(`${base}?${queryOf(filters, after)}`),
    placeholderData: keepPreviousData,
  });
  const id = ofMemorial ? `audit-${props.memorialId}` : "audit";
  const select = (name: "actor" | "target", label: Parameters<typeof t>[0], options: readonly string[]) => (
    <Field id={`${id}-${name}`} label={t(label)}>
      <select id={`${id}-${name}`} name={name} defaultValue={filters[name] ?? ""} className={inputClass}>
        <option value="">{t("audit_any")}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {name === "actor" ? t("audit_kind", { kind: option }) : t("audit_target_type", { type: option })}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <div>
      <form
        // A new set of filters: a new form (its fields' defaults are the filters in use).
        key={queryOf(filters)}
        className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        data-testid="audit-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const next: Filters = {};
          for (const name of FILTERS) {
            const value = String(form.get(name) ?? "").trim();
            if (value) next[name] = value;
          }
          go(next, null);
        }}
      >
        <InputField
          id={`${id}-from`}
          label={t("audit_from")}
          name="from"
          type="date"
          defaultValue={filters.from}
        />
        <InputField id={`${id}-to`} label={t("audit_to")} name="to" type="date" defaultValue={filters.to} />
        {select("actor", "audit_actor_filter", ACTOR_KINDS)}
        <Field id={`${id}-action`} label={t("audit_action_filter")}>
          <select
            id={`${id}-action`}
            name="action"
            defaultValue={filters.action ?? ""}
            className={inputClass}
          >
            <option value="">{t("audit_any")}</option>
            {actionsByDomain().map(([domain, actions]) => (
              <optgroup key={domain} label={t("audit_domain", { domain })}>
                <option value={domain}>
                  {t("audit_domain", { domain })} · {t("audit_any")}
                </option>
                {actions.map((action) => (
                  <option key={action} value={action}>
                    {actionWords(action, t)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        {select("target", "audit_target_filter", AUDIT_TARGET_TYPES)}
        <InputField
          id={`${id}-targetId`}
          label={t("audit_target_id")}
          name="targetId"
          type="text"
          maxLength={100}
          defaultValue={filters.targetId}
        />
        {ofMemorial ? null : (
          <InputField
            id={`${id}-memorial`}
            label={t("audit_memorial_filter")}
            name="memorial"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            defaultValue={filters.memorial}
          />
        )}
        <div className="flex flex-wrap items-end gap-3">
          <button type="submit" className={buttonClass} disabled={!hydrated}>
            {t("show")}
          </button>
          <a
            className={secondaryButtonClass}
            href={`${base}/csv?${queryOf(filters)}`}
            download
            data-testid="audit-csv"
          >
            {t("audit_csv")}
          </a>
        </div>
      </form>
      {props.logLink && ofMemorial ? (
        <p className="mb-3 text-sm">
          <a className="text-forest-700 underline" href={`/dashboard/audit?memorial=${props.memorialId}`}>
            {t("audit_memorial_link")}
          </a>
        </p>
      ) : null}
      <QueryStatus query={data} />
      {data.data ? (
        <div aria-busy={data.isFetching}>
          {data.data.rows.length === 0 ? (
            <p data-testid="audit-none">{t("audit_none")}</p>
          ) : (
            <DataTable<AuditRowView>
              label={ofMemorial ? t("audit_memorial_heading") : t("audit_title")}
              data-testid="audit-rows"
              rows={data.data.rows}
              rowKey={(row) => row.id}
              rowProps={(row) => ({ "data-action": row.action, "data-actor": row.actor.kind })}
              columns={[
                { label: "audit_col_at", cell: (row) => formatDateTime(row.at, lang) },
                {
                  label: "audit_col_actor",
                  cell: (row) => (
                    <>
                      <span data-testid="audit-actor">{actorWords(row.actor, t)}</span>
                      <span className="block text-xs text-stone-600">
                        {t("audit_kind", { kind: row.actor.kind })}
                      </span>
                    </>
                  ),
                },
                { label: "audit_col_action", cell: (row) => actionWords(row.action, t) },
                {
                  label: "audit_col_target",
                  cell: (row) => (
                    <>
                      {t("audit_target_type", { type: row.targetType })} {row.targetId}
                      {row.memorialId !== null && !ofMemorial ? (
                        <a
                          className="block text-forest-700 underline"
                          href={`/dashboard/memorials/${row.memorialId}`}
                        >
                          {t("memorialTitle", { id: row.memorialId })}
                        </a>
                      ) : null}
                    </>
                  ),
                },
                {
                  label: "audit_col_changes",
                  className: "max-w-md break-words",
                  cell: (row) => (
                    <ul data-testid="audit-changes">
                      {changeParts(row.changes, t).map(({ field, values }) => (
                        <li key={field}>
                          <code data-field>{field}</code>: {values}
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]}
            />
          )}
          <nav aria-label={t("audit_title")} className="mt-4 flex flex-wrap items-center gap-3">
            {after ? (
              <ActionButton secondary onClick={() => go(filters, null)}>
                {t("audit_newest")}
              </ActionButton>
            ) : null}
            {data.data.next ? (
              <ActionButton secondary onClick={() => go(filters, data.data.next)} data-testid="audit-more">
                {t("audit_more")}
              </ActionButton>
            ) : null}
          </nav>
        </div>
      ) : null}
    </div>
  );
}
