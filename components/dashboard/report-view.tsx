"use client";
import { formatCo2, formatDate, formatDateTime, formatNumber, isoDay } from "@memorial/lib/dashboard/format";
import { localToday, PERIOD_PRESETS, type PeriodPreset, presetPeriod } from "@memorial/lib/dashboard/periods";
import type { TreeReport } from "@memorial/lib/dashboard/reports";
import { MAX_REPORT_DAYS } from "@memorial/lib/reports/limits";
// Tree reports: the API's parameters (epf, person, year/month/day, days, Page, Limite) in a form
// and in the address, totals of trees and CO2, the chart, the page of lines (with who planted
// each tree and their message, for thank-you notes) and the CSV or XLSX of the whole period.
// Without parameters, the report shows the first funeral home's current calendar month.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { BarChart } from "./bar-chart";
import { DataTable } from "./data-table";
import { fetchJson } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { QueryStatus, useReplaceQuery } from "./query-state";
import {
  ActionButton,
  buttonClass,
  cardClass,
  ExportLinks,
  Field,
  InputField,
  inputClass,
  Pager,
  PageTitle,
} from "./ui";

const PARAMS = ["epf", "person", "year", "month", "day", "days", "Page", "Limite"] as const;

export function ReportView(props: { funeralHomes: { id: number; name: string }[] }) {
  const { t, lang } = useI18n();
  const replaceQuery = useReplaceQuery();
  const params = useSearchParams();
  const hydrated = useHydrated();
  const current = new URLSearchParams();
  for (const name of PARAMS) {
    const value = params.get(name);
    if (value) current.set(name, value);
  }
  // The default: the first funeral home, this calendar month (UTC), set once hydrated so that the
  // server's render and the browser's agree.
  if (!current.has("epf") && props.funeralHomes.length > 0 && hydrated) {
    const period = presetPeriod("thisMonth", localToday());
    current.set("epf", String(props.funeralHomes[0].id));
    for (const [name, value] of Object.entries(period)) current.set(name, String(value));
  }
  const ready = current.has("epf") && current.has("year") && current.has("days");
  const choosePreset = (preset: PeriodPreset) => {
    const next = new URLSearchParams(current);
    for (const [name, value] of Object.entries(presetPeriod(preset, localToday())))
      next.set(name, String(value));
    next.set("Page", "1");
    replaceQuery(next);
  };
  const report = useQuery({
    queryKey: ["report", current.toString()],
    queryFn: () => fetchJson<TreeReport>(`/api/dashboard/reports?${current}`),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
  const csvParams = new URLSearchParams(current);
  csvParams.delete("Page");
  csvParams.delete("Limite");

  if (props.funeralHomes.length === 0) {
    return (
      <section>
        <PageTitle>{t("reportsTitle")}</PageTitle>
        <p>{t("reportNoEpf")}</p>
      </section>
    );
  }
  const today = localToday();
  const thisMonth = presetPeriod("thisMonth", today);
  const defaultStart =
    current.has("year") && current.has("month") && current.has("day")
      ? `${current.get("year")}-${current.get("month")!.padStart(2, "0")}-${current.get("day")!.padStart(2, "0")}`
      : isoDay(new Date(Date.UTC(today.year, today.month - 1, 1)));

  return (
    <section>
      <PageTitle>{t("reportsTitle")}</PageTitle>
      <fieldset className="mb-3 flex flex-wrap items-center gap-2">
        <legend className="float-left mr-2 text-sm text-stone-600">{t("reportPresets")}</legend>
        {PERIOD_PRESETS.map((preset) => (
          <ActionButton secondary key={preset} disabled={!hydrated} onClick={() => choosePreset(preset)}>
            {t(`preset_${preset}`)}
          </ActionButton>
        ))}
      </fieldset>
      <form
        // A new address (a preset, the pager, a submitted form) remounts the form with its values;
        // the default period alone does not, so that nothing the user is typing is lost.
        key={params.toString()}
        className={`${cardClass} mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3`}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const [year, month, day] = String(data.get("start") ?? "").split("-");
          const next = new URLSearchParams({
            epf: String(data.get("epf") ?? ""),
            year: String(Number(year)),
            month: String(Number(month)),
            day: String(Number(day)),
            days: String(data.get("days") ?? ""),
            Page: "1",
            Limite: String(data.get("Limite") ?? "200"),
          });
          const person = String(data.get("person") ?? "").trim();
          if (person) next.set("person", person);
          replaceQuery(next);
        }}
      >
        <Field id="epf" label={t("reportEpf")}>
          <select id="epf" name="epf" defaultValue={current.get("epf") ?? ""} required className={inputClass}>
            {props.funeralHomes.map((home) => (
              <option key={home.id} value={home.id}>
                {home.name} ({home.id})
              </option>
            ))}
          </select>
        </Field>
        <InputField
          id="person"
          label={t("reportPerson")}
          name="person"
          autoComplete="off"
          defaultValue={current.get("person") ?? ""}
        />
        <InputField
          id="start"
          label={t("reportStart")}
          name="start"
          type="date"
          required
          defaultValue={defaultStart}
        />
        <InputField
          id="days"
          label={t("reportDays")}
          name="days"
          type="number"
          min={1}
          max={MAX_REPORT_DAYS}
          required
          defaultValue={current.get("days") ?? String(thisMonth.days)}
        />
        <InputField
          id="Limite"
          label={t("reportLimit")}
          name="Limite"
          type="number"
          min={1}
          max={1000}
          required
          defaultValue={current.get("Limite") ?? "200"}
        />
        <div className="flex items-end">
          <button type="submit" className={`${buttonClass} w-full`} disabled={!hydrated}>
            {t("reportShow")}
          </button>
        </div>
      </form>

      <QueryStatus query={report} loading={ready} />
      {report.data ? (
        <div aria-busy={report.isFetching} className="space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p>
              <strong>{report.data.epf.name}</strong>
              {report.data.personId ? ` · ${t("colPerson")} ${report.data.personId}` : ""}
              {report.data.persons?.total === 1
                ? ` · ${t("colPerson")} ${report.data.persons.rows[0].name ?? ""} (${report.data.persons.rows[0].id})`
                : report.data.personName
                  ? ` · ${t("colPerson")} “${report.data.personName}”`
                  : ""}{" "}
              ·{" "}
              {t("reportPeriod", {
                start: formatDate(report.data.start, lang),
                end: formatDate(report.data.end, lang),
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              <ExportLinks path="/api/dashboard/reports" query={csvParams.toString()} testId="report" />
            </div>
          </div>
          {report.data.persons && report.data.persons.total > 1 && report.data.personName ? (
            // A name matches several persons: the report counts them all; each can be chosen alone.
            <div data-testid="matched-persons">
              <p>
                {t("reportPersonsMatched", {
                  count: report.data.persons.total,
                  name: report.data.personName,
                })}
              </p>
              <ul className="mt-2 flex flex-wrap gap-2">
                {report.data.persons.rows.map((person) => (
                  <li key={person.id}>
                    <ActionButton
                      secondary
                      onClick={() => {
                        const next = new URLSearchParams(current);
                        next.set("person", String(person.id));
                        next.set("Page", "1");
                        replaceQuery(next);
                      }}
                    >
                      {person.name ?? "—"} ({person.id})
                    </ActionButton>
                  </li>
                ))}
              </ul>
              {report.data.persons.total > report.data.persons.rows.length ? (
                <p className="mt-2 text-sm text-stone-600">
                  {t("reportPersonsMore", {
                    count: report.data.persons.total - report.data.persons.rows.length,
                  })}
                </p>
              ) : null}
            </div>
          ) : null}
          <dl className="grid grid-cols-2 gap-4 sm:max-w-md">
            <div className={cardClass}>
              <dt className="text-sm text-stone-600">{t("totalTrees")}</dt>
              <dd className="text-2xl font-semibold" data-testid="total-trees">
                {formatNumber(report.data.totalTrees, lang)}
              </dd>
            </div>
            <div className={cardClass}>
              <dt className="text-sm text-stone-600">{t("totalCo2")}</dt>
              <dd className="text-2xl font-semibold" data-testid="total-co2">
                {formatCo2(report.data.totalCo2Kg, lang)}
              </dd>
            </div>
          </dl>
          {report.data.totalTrees === 0 ? (
            <p>{t("chartEmpty")}</p>
          ) : (
            <BarChart buckets={report.data.chart.buckets} unit={report.data.chart.unit} />
          )}
          {report.data.lines.length > 0 ? (
            <>
              <p>{t("linesTotal", { count: report.data.totalLines })}</p>
              <DataTable
                label={t("reportsTitle")}
                data-testid="report-lines"
                rows={report.data.lines}
                rowKey={(line) => line.id}
                columns={[
                  { label: "colDate", cell: (line) => formatDateTime(line.plantedAt, lang) },
                  { label: "colQuantity", cell: (line) => line.quantity },
                  { label: "colSpecies", cell: (line) => line.species },
                  { label: "colCo2", cell: (line) => formatNumber(line.totalCo2, lang) },
                  { label: "colSite", cell: (line) => line.plantation },
                  {
                    label: "colPerson",
                    cell: (line) => (line.personId ? `${line.person ?? ""} (${line.personId})` : "—"),
                  },
                  { label: "colPlanter", cell: (line) => line.planter },
                  {
                    label: "colMessage",
                    cell: (line) => line.message ?? "—",
                    className: "min-w-48 whitespace-pre-line",
                  },
                ]}
              />
              <Pager
                page={report.data.page}
                limit={report.data.limit}
                total={report.data.totalLines}
                onPage={(page) => {
                  const next = new URLSearchParams(current);
                  next.set("Page", String(page));
                  replaceQuery(next);
                }}
              />
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
