"use client";
import { formatDate } from "@memorial/lib/dashboard/format";
import type { WaitingListing } from "@memorial/lib/dashboard/trees";
// /dashboard/trees: the operator's trees ordered and not yet in the ground, filtered
// by planting site and order dates (kept in the address), and the batch form that records the
// chosen trees as planted in the ground on one day.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { fetchJson } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { DashboardLink, MemorialLink, TreeLink } from "./links";
import { QueryStatus } from "./query-state";
import { TreeFilterForm, useTreeFilter } from "./tree-filter";
import { InGroundForm } from "./tree-forms";
import { TreesNav } from "./trees-nav";
import { PageTitle, TableBox, tableClass, tdClass, thClass } from "./ui";

export function TreesWaiting(props: { photoLimit: string }) {
  const { t, lang } = useI18n();
  const hydrated = useHydrated();
  const { site, from, to } = useTreeFilter();
  const list = useQuery({
    queryKey: ["trees-waiting", site, from, to],
    queryFn: () =>
      fetchJson<WaitingListing>(`/api/dashboard/trees?${new URLSearchParams({ site, from, to })}`),
    placeholderData: keepPreviousData,
  });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const rows = list.data?.rows ?? [];
  // Only trees still listed count: a filter change or a recorded batch leaves the others out.
  const selected = rows.filter((row) => chosen.has(row.id)).map((row) => row.id);
  const all = rows.length > 0 && selected.length === rows.length;

  return (
    <section className="space-y-6">
      <div>
        <PageTitle>{t("trees_title")}</PageTitle>
        <TreesNav />
        <p className="max-w-prose text-stone-700">{t("trees_intro")}</p>
        <p className="mt-2">
          <DashboardLink href="/dashboard/trees/import">{t("trees_importLink")}</DashboardLink>
        </p>
        {/* The listed trees as a field team's sheet, in the import's own columns. */}
        <p className="mt-2">
          <a
            className="text-forest-700 underline"
            href={`/api/dashboard/trees/sheet?${new URLSearchParams({ site, from, to })}`}
            download
            aria-describedby="trees-sheet-hint"
          >
            {t("trees_sheetDownload")}
          </a>
        </p>
        <p id="trees-sheet-hint" className="max-w-prose text-sm text-stone-600">
          {t("trees_sheetHint")}
        </p>
      </div>
      <TreeFilterForm
        sites={list.data?.sites ?? []}
        fromLabel={t("trees_orderedFrom")}
        toLabel={t("trees_orderedTo")}
      />
      <QueryStatus query={list} />
      {list.data ? (
        rows.length === 0 ? (
          <p data-testid="trees-none">{t("trees_none")}</p>
        ) : (
          <div aria-busy={list.isFetching} className="space-y-3">
            <p data-testid="trees-count">{t("trees_count", { n: list.data.total })}</p>
            {list.data.total > rows.length ? <p>{t("trees_more", { shown: rows.length })}</p> : null}
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                className="h-5 w-5 accent-forest-700"
                checked={all}
                disabled={!hydrated}
                onChange={(event) =>
                  setChosen(new Set(event.target.checked ? rows.map((row) => row.id) : []))
                }
              />
              {t("trees_selectAll")}
            </label>
            <TableBox label={t("trees_title")}>
              <table className={tableClass} data-testid="trees-waiting">
                <thead>
                  <tr>
                    <th className={thClass}>
                      <span className="sr-only">{t("trees_selectAll")}</span>
                    </th>
                    <th className={thClass}>{t("trees_colTree")}</th>
                    <th className={thClass}>{t("trees_memorial")}</th>
                    <th className={thClass}>{t("colSpecies")}</th>
                    <th className={thClass}>{t("colSite")}</th>
                    <th className={thClass}>{t("trees_colOrdered")}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} data-tree-id={row.id}>
                      <td className={tdClass}>
                        <input
                          type="checkbox"
                          className="h-5 w-5 accent-forest-700"
                          aria-label={t("trees_select", { id: row.id })}
                          checked={chosen.has(row.id)}
                          disabled={!hydrated}
                          onChange={(event) =>
                            setChosen((set) => {
                              const next = new Set(set);
                              if (event.target.checked) next.add(row.id);
                              else next.delete(row.id);
                              return next;
                            })
                          }
                        />
                      </td>
                      <td className={tdClass} data-label={t("trees_colTree")}>
                        <TreeLink id={row.id}>{t("trees_treeTitle", { id: row.id })}</TreeLink>
                      </td>
                      <td className={tdClass} data-label={t("trees_memorial")}>
                        <MemorialLink id={row.memorialId}>{row.memorialTitle}</MemorialLink>
                      </td>
                      <td className={tdClass} data-label={t("colSpecies")}>
                        {row.species}
                      </td>
                      <td className={tdClass} data-label={t("colSite")}>
                        {row.site}
                      </td>
                      <td className={tdClass} data-label={t("trees_colOrdered")}>
                        {formatDate(row.orderedAt, lang)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
            <p aria-live="polite" data-testid="trees-selected">
              {t("trees_selected", { n: selected.length })}
            </p>
          </div>
        )
      ) : null}
      {list.data ? (
        <InGroundForm
          treeIds={selected}
          photoLimit={props.photoLimit}
          title={t("trees_batchTitle")}
          hint={t("trees_batchHint")}
          testId="batch-form"
          onDone={() => setChosen(new Set())}
        />
      ) : null}
    </section>
  );
}
