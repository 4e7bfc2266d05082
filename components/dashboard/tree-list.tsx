"use client";
import { formatDate } from "@memorial/lib/dashboard/format";
import type { TreeListing } from "@memorial/lib/dashboard/trees";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
import type { TreeListKind, TreeListRow } from "@memorial/lib/trees/lists";
// /dashboard/trees/{in-ground,due,dead}: one of the operator's tree lists, filtered by
// planting site and by the list's own day (kept in the address), paged.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { DataTable } from "./data-table";
import { fetchJson } from "./fetch-json";
import { useI18n } from "./i18n";
import { MemorialLink, TreeLink } from "./links";
import { QueryStatus, useReplaceQuery } from "./query-state";
import { TreeFilterForm, useTreeFilter } from "./tree-filter";
import { TreesNav } from "./trees-nav";
import { Pager, PageTitle } from "./ui";

type ListKey = "inGround" | "due" | "dead";
const KEY: Record<TreeListKind, ListKey> = { "in-ground": "inGround", due: "due", dead: "dead" };

/** A column: its label and its cell. */
type Column = [DashboardKey, (row: TreeListRow) => React.ReactNode];

export function TreeList(props: { list: TreeListKind; checkDays: number }) {
  const { t, lang } = useI18n();
  const params = useSearchParams();
  const replaceQuery = useReplaceQuery();
  const key = KEY[props.list];
  const { site, from, to } = useTreeFilter();
  const page = Math.max(1, Number(params.get("Page")) || 1);
  // Limite (lines per page, 50 by default) is taken from the address as the API takes it.
  const limit = params.get("Limite");
  const query = new URLSearchParams({ list: props.list, site, from, to, Page: String(page) });
  if (limit) query.set("Limite", limit);
  const data = useQuery({
    queryKey: ["tree-list", props.list, site, from, to, page, limit],
    queryFn: () => fetchJson<TreeListing>(`/api/dashboard/trees/lists?${query}`),
    placeholderData: keepPreviousData,
  });
  const day = (value: string | null) => (value ? formatDate(value, lang) : "—");
  const columns: Column[] = [
    ["trees_inGroundOn", (row) => day(row.inGroundOn)],
    ...(props.list === "dead"
      ? ([
          ["trees_diedOn", (row) => day(row.diedOn)],
          ["trees_reason", (row) => (row.deathReason ? t(`trees_reason_${row.deathReason}`) : "—")],
          [
            "trees_replacedBy",
            (row) =>
              row.replacedByTreeId ? (
                <TreeLink id={row.replacedByTreeId}>
                  {t("trees_treeTitle", { id: row.replacedByTreeId })}
                </TreeLink>
              ) : (
                "—"
              ),
          ],
        ] satisfies Column[])
      : ([
          ["trees_colPlantedBy", (row) => row.plantedBy ?? "—"],
          [
            "trees_lastCheck",
            (row) =>
              row.lastCheck ? `${day(row.lastCheck.on)} · ${t(`trees_health_${row.lastCheck.health}`)}` : "—",
          ],
          ["trees_colDueOn", (row) => day(row.dueOn)],
        ] satisfies Column[])),
  ];
  const rows = data.data?.rows ?? [];

  return (
    <section className="space-y-6">
      <div>
        <PageTitle>{t(`trees_${key}_title`)}</PageTitle>
        <TreesNav />
        <p className="max-w-prose text-stone-700">{t(`trees_${key}_intro`, { days: props.checkDays })}</p>
      </div>
      <TreeFilterForm
        sites={data.data?.sites ?? []}
        fromLabel={t(`trees_${key}_from`)}
        toLabel={t(`trees_${key}_to`)}
      />
      <QueryStatus query={data} />
      {data.data ? (
        rows.length === 0 ? (
          <p data-testid="tree-list-none">{t("trees_listNone")}</p>
        ) : (
          <div aria-busy={data.isFetching} className="space-y-3">
            <p data-testid="tree-list-count">{t("trees_listCount", { n: data.data.NombreTotal })}</p>
            <DataTable
              label={t(`trees_${key}_title`)}
              data-testid="tree-list"
              rows={rows}
              rowKey={(row) => row.treeId}
              rowProps={(row) => ({ "data-tree-id": row.treeId })}
              columns={[
                {
                  label: "trees_colTree",
                  cell: (row) => (
                    <TreeLink id={row.treeId}>{t("trees_treeTitle", { id: row.treeId })}</TreeLink>
                  ),
                },
                {
                  label: "trees_memorial",
                  cell: (row) => <MemorialLink id={row.memorialId}>{row.memorialTitle}</MemorialLink>,
                },
                { label: "colSpecies", cell: (row) => row.species },
                { label: "colSite", cell: (row) => row.plantation },
                ...columns.map(([label, cell]) => ({ label, cell })),
              ]}
            />
            <Pager
              page={data.data.Page}
              limit={data.data.NombreParPage}
              total={data.data.NombreTotal}
              onPage={(next) => {
                const search = new URLSearchParams(params.toString());
                search.set("Page", String(next));
                replaceQuery(search);
              }}
            />
          </div>
        )
      ) : null}
    </section>
  );
}
