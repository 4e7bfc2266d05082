"use client";
import { formatDateTime, formatMoney, formatNumber, isoMonth } from "@memorial/lib/dashboard/format";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
import type { MonthTransactions } from "@memorial/lib/transactions/dashboard-queries";
// A month of transactions: the list (paged), the totals by day, species, site and context, the
// prepaid balance and the CSV of the whole month. The month and page live in the address.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { DataTable } from "./data-table";
import { fetchJson } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { QueryStatus, useReplaceQuery } from "./query-state";
import { buttonClass, ExportLinks, InputField, Pager, PageTitle } from "./ui";

const MODES: [keyof MonthTransactions["totals"], DashboardKey][] = [
  ["jour", "modeJour"],
  ["espece", "modeEspece"],
  ["plantation", "modePlantation"],
  ["contexte", "modeContexte"],
];

/** Who planted, in the user's words. */
const ORIGIN_LABEL: Record<MonthTransactions["rows"][number]["origin"], DashboardKey> = {
  partner: "originPartner",
  visitor_code: "originVisitorCode",
  visitor_payment: "originVisitorPayment",
};

type Listing = MonthTransactions & { Page: number; NombreParPage: number; NombreTotal: number };

export function TransactionsView() {
  const { t, lang } = useI18n();
  const replaceQuery = useReplaceQuery();
  const params = useSearchParams();
  const hydrated = useHydrated();
  const month = /^\d{4}-\d{2}$/.test(params.get("month") ?? "") ? params.get("month")! : isoMonth(new Date());
  const page = Math.max(1, Number(params.get("Page")) || 1);
  const [year, monthNumber] = month.split("-").map(Number);
  const query = `year=${year}&month=${monthNumber}`;
  const data = useQuery({
    queryKey: ["transactions", month, page],
    queryFn: () => fetchJson<Listing>(`/api/dashboard/transactions?${query}&Page=${page}`),
    placeholderData: keepPreviousData,
  });
  const go = (nextMonth: string, nextPage: number) => replaceQuery(`month=${nextMonth}&Page=${nextPage}`);

  return (
    <section>
      <PageTitle>{t("transactionsTitle")}</PageTitle>
      <form
        className="mb-6 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          const value = String(new FormData(event.currentTarget).get("month") ?? "");
          if (/^\d{4}-\d{2}$/.test(value)) go(value, 1);
        }}
      >
        <InputField id="month" label={t("month")} name="month" type="month" defaultValue={month} required />
        <button type="submit" className={buttonClass} disabled={!hydrated}>
          {t("show")}
        </button>
        <ExportLinks path="/api/dashboard/transactions" query={query} />
      </form>
      <QueryStatus query={data} />
      {data.data ? (
        <div aria-busy={data.isFetching}>
          <p className="mb-4 text-lg font-medium" data-testid="prepaid">
            {t("prepaidBalance", { count: formatNumber(data.data.prepaidTrees, lang) })}
          </p>
          {data.data.rows.length === 0 ? (
            <p>{t("noTransactions")}</p>
          ) : (
            <>
              <DataTable
                label={t("transactionsTitle")}
                data-testid="transaction-rows"
                rows={data.data.rows}
                rowKey={(row) => row.id}
                columns={[
                  { label: "colId", cell: (row) => row.id },
                  { label: "colDate", cell: (row) => formatDateTime(row.createdAt, lang) },
                  {
                    label: "colType",
                    cell: (row) =>
                      row.type === "CreationMemorial" ? t("typeCreationMemorial") : t("typePlantation"),
                  },
                  {
                    label: "colMemorial",
                    cell: (row) => (
                      <>
                        <a
                          className="text-forest-700 underline"
                          href={`/dashboard/memorials/${row.memorialId}`}
                        >
                          {row.memorialId}
                        </a>
                        {/* The transaction keeps its memorial; its tree may have moved since. */}
                        {row.moves.map((move) => (
                          <span
                            key={`${move.treeId}-${move.movedAt}`}
                            className="block text-xs text-stone-600"
                            data-testid="transaction-moved"
                          >
                            →{" "}
                            <a className="underline" href={`/dashboard/memorials/${move.toMemorialId}`}>
                              {t("transactionMoved", { tree: move.treeId, to: move.toMemorialId })}
                            </a>{" "}
                            ({formatDateTime(move.movedAt, lang)})
                          </span>
                        ))}
                      </>
                    ),
                  },
                  { label: "colTrees", cell: (row) => row.treeCount },
                  { label: "colFreeTrees", cell: (row) => row.freeTreeCount },
                  { label: "colSpecies", cell: (row) => row.species ?? "—" },
                  { label: "colSite", cell: (row) => row.plantation ?? "—" },
                  { label: "context", cell: (row) => row.context ?? "—" },
                  { label: "colAmount", cell: (row) => formatMoney(row.amount, lang) },
                  {
                    label: "colOrigin",
                    cell: (row) => (
                      <span title={row.paymentReference ?? undefined}>{t(ORIGIN_LABEL[row.origin])}</span>
                    ),
                  },
                ]}
              />
              <Pager
                page={data.data.Page}
                limit={data.data.NombreParPage}
                total={data.data.NombreTotal}
                onPage={(p) => go(month, p)}
              />
            </>
          )}
          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            {MODES.map(([mode, label]) => (
              <DataTable
                key={mode}
                label={t("totalsTitle", { mode: t(label) })}
                captionClass="px-3 py-2 text-left text-lg font-semibold"
                rows={data.data!.totals[mode]}
                rowKey={(row) => row.key ?? "none"}
                columns={[
                  { label: "colKey", cell: (row) => row.name ?? row.key ?? t("none") },
                  { label: "colTransactions", cell: (row) => row.transactions },
                  { label: "colTrees", cell: (row) => row.trees },
                  { label: "colFreeTrees", cell: (row) => row.freeTrees },
                  { label: "colVisitorTrees", cell: (row) => row.visitorTrees },
                  { label: "colAmount", cell: (row) => formatMoney(row.amount, lang) },
                ]}
              />
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
