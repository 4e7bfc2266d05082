"use client";
import { formatDate } from "@memorial/lib/dashboard/format";
import type { MemorialListRow } from "@memorial/lib/memorials/dashboard-queries";
// The operator's memorials: search by name, pages of 50, state, trees, links to the detail and
// to the public page.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { DataTable } from "./data-table";
import { fetchJson } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { QueryStatus, useReplaceQuery } from "./query-state";
import { buttonClass, inputClass, labelClass, Pager, PageTitle } from "./ui";

type Listing = { rows: MemorialListRow[]; NombreTotal: number; Page: number; NombreParPage: number };

export function MemorialList() {
  const { t, lang } = useI18n();
  const replaceQuery = useReplaceQuery();
  const params = useSearchParams();
  const hydrated = useHydrated();
  const q = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("Page")) || 1);
  const list = useQuery({
    queryKey: ["memorials", q, page],
    queryFn: () =>
      fetchJson<Listing>(`/api/dashboard/memorials?${new URLSearchParams({ q, Page: String(page) })}`),
    placeholderData: keepPreviousData,
  });
  const go = (nextQ: string, nextPage: number) =>
    replaceQuery(new URLSearchParams({ q: nextQ, Page: String(nextPage) }));
  const kind = { classic: t("kindClassic"), anonymous: t("kindAnonymous"), global: t("kindGlobal") };

  return (
    <section>
      <PageTitle>{t("memorialsTitle")}</PageTitle>
      <search>
        <form
          className="mb-6 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            go(String(new FormData(event.currentTarget).get("q") ?? ""), 1);
          }}
        >
          <div className="grow sm:max-w-md">
            <label htmlFor="q" className={labelClass}>
              {t("search")}
            </label>
            <input id="q" name="q" type="search" defaultValue={q} className={inputClass} />
          </div>
          <button type="submit" className={buttonClass} disabled={!hydrated}>
            {t("searchButton")}
          </button>
        </form>
      </search>
      <QueryStatus query={list} />
      {list.data ? (
        list.data.rows.length === 0 ? (
          <p>{t("noMemorials")}</p>
        ) : (
          <div aria-busy={list.isFetching}>
            <DataTable
              label={t("memorialsTitle")}
              data-testid="memorial-rows"
              rows={list.data.rows}
              rowKey={(row) => row.id}
              rowProps={(row) => ({ "data-memorial-id": row.id })}
              columns={[
                {
                  label: "colMemorial",
                  cell: (row) => (
                    <>
                      <Link
                        className="font-medium text-forest-700 underline"
                        href={`/dashboard/memorials/${row.id}`}
                      >
                        {row.title}
                      </Link>
                      {row.kind === "anonymous" && row.deceased ? (
                        <span className="block text-stone-600">{row.deceased}</span>
                      ) : null}
                    </>
                  ),
                },
                {
                  label: "colState",
                  cell: (row) => (
                    <span
                      className={`rounded px-2 py-0.5 text-xs font-medium ${
                        row.status === "visible"
                          ? "bg-forest-100 text-forest-900"
                          : row.status === "expired"
                            ? "bg-stone-200 text-stone-800"
                            : "bg-amber-100 text-amber-900"
                      }`}
                    >
                      {row.status === "visible"
                        ? t("stateVisible")
                        : row.status === "expired"
                          ? t("stateExpired")
                          : t("stateAwaiting")}
                    </span>
                  ),
                },
                { label: "colTrees", cell: (row) => row.trees },
                { label: "colKind", cell: (row) => kind[row.kind] },
                { label: "colCreated", cell: (row) => formatDate(row.createdAt, lang) },
                {
                  label: "publicPage",
                  cell: (row) =>
                    row.status === "visible" ? (
                      <a className="text-forest-700 underline" href={`/memorial/${row.id}`}>
                        /memorial/{row.id}
                      </a>
                    ) : (
                      "—"
                    ),
                },
              ]}
            />
            <Pager
              page={list.data.Page}
              limit={list.data.NombreParPage}
              total={list.data.NombreTotal}
              onPage={(p) => go(q, p)}
            />
          </div>
        )
      ) : null}
    </section>
  );
}
