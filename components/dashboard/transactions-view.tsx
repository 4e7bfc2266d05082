"use client";
import { formatDateTime, formatMoney, formatNumber, isoMonth } from "@memorial/lib/dashboard/format";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
import type { MonthTransactions } from "@memorial/lib/transactions/dashboard-queries";
// A month of transactions: the list (paged), the totals by day, species, site and context, the
// prepaid balance and the CSV of the whole month. The month and page live in the address.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { fetchJson } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { QueryStatus, useReplaceQuery } from "./query-state";
import {
  buttonClass,
  inputClass,
  labelClass,
  Pager,
  PageTitle,
  secondaryButtonClass,
  TableBox,
  tableClass,
  tdClass,
  thClass,
} from "./ui";

const MODES: [keyof MonthTransactions["totals"], DashboardKey][] = [
  ["jour", "modeJour"],
  ["espece", "modeEspece"],
  ["plantation", "modePlantation"],
  ["contexte", "modeContexte"],
];

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
        <div>
          <label htmlFor="month" className={labelClass}>
            {t("month")}
          </label>
          <input id="month" name="month" type="month" defaultValue={month} required className={inputClass} />
        </div>
        <button type="submit" className={buttonClass} disabled={!hydrated}>
          {t("show")}
        </button>
        <a className={secondaryButtonClass} href={`/api/dashboard/transactions/csv?${query}`} download>
          {t("downloadCsv")}
        </a>
        <a className={secondaryButtonClass} href={`/api/dashboard/transactions/xlsx?${query}`} download>
          {t("downloadXlsx")}
        </a>
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
              <TableBox label={t("transactionsTitle")}>
                <table className={tableClass} data-testid="transaction-rows">
                  <caption className="sr-only">{t("transactionsTitle")}</caption>
                  <thead>
                    <tr>
                      <th className={thClass}>{t("colId")}</th>
                      <th className={thClass}>{t("colDate")}</th>
                      <th className={thClass}>{t("colType")}</th>
                      <th className={thClass}>{t("colMemorial")}</th>
                      <th className={thClass}>{t("colTrees")}</th>
                      <th className={thClass}>{t("colFreeTrees")}</th>
                      <th className={thClass}>{t("colSpecies")}</th>
                      <th className={thClass}>{t("colSite")}</th>
                      <th className={thClass}>{t("context")}</th>
                      <th className={thClass}>{t("colAmount")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.data.rows.map((row) => (
                      <tr key={row.id}>
                        <td className={tdClass} data-label={t("colId")}>
                          {row.id}
                        </td>
                        <td className={tdClass} data-label={t("colDate")}>
                          {formatDateTime(row.createdAt, lang)}
                        </td>
                        <td className={tdClass} data-label={t("colType")}>
                          {row.type === "CreationMemorial" ? t("typeCreationMemorial") : t("typePlantation")}
                        </td>
                        <td className={tdClass} data-label={t("colMemorial")}>
                          <a
                            className="text-forest-700 underline"
                            href={`/dashboard/memorials/${row.memorialId}`}
                          >
                            {row.memorialId}
                          </a>
                        </td>
                        <td className={tdClass} data-label={t("colTrees")}>
                          {row.treeCount}
                        </td>
                        <td className={tdClass} data-label={t("colFreeTrees")}>
                          {row.freeTreeCount}
                        </td>
                        <td className={tdClass} data-label={t("colSpecies")}>
                          {row.species ?? "—"}
                        </td>
                        <td className={tdClass} data-label={t("colSite")}>
                          {row.plantation ?? "—"}
                        </td>
                        <td className={tdClass} data-label={t("context")}>
                          {row.context ?? "—"}
                        </td>
                        <td className={tdClass} data-label={t("colAmount")}>
                          {formatMoney(row.amount, lang)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
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
              <TableBox key={mode} label={t("totalsTitle", { mode: t(label) })}>
                <table className={tableClass}>
                  <caption className="px-3 py-2 text-left text-lg font-semibold">
                    {t("totalsTitle", { mode: t(label) })}
                  </caption>
                  <thead>
                    <tr>
                      <th className={thClass}>{t("colKey")}</th>
                      <th className={thClass}>{t("colTransactions")}</th>
                      <th className={thClass}>{t("colTrees")}</th>
                      <th className={thClass}>{t("colFreeTrees")}</th>
                      <th className={thClass}>{t("colAmount")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.data!.totals[mode].map((row) => (
                      <tr key={row.key ?? "none"}>
                        <td className={tdClass} data-label={t("colKey")}>
                          {row.name ?? row.key ?? t("none")}
                        </td>
                        <td className={tdClass} data-label={t("colTransactions")}>
                          {row.transactions}
                        </td>
                        <td className={tdClass} data-label={t("colTrees")}>
                          {row.trees}
                        </td>
                        <td className={tdClass} data-label={t("colFreeTrees")}>
                          {row.freeTrees}
                        </td>
                        <td className={tdClass} data-label={t("colAmount")}>
                          {formatMoney(row.amount, lang)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableBox>
            ))}
          </div>
        </div>
      ) : null}
    </section>
  );
}
