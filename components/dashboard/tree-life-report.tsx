// The trees' life on the reports page, rendered on the server: allocated vs planted
// in the ground vs alive per funeral home and per site, the survival rate per site and species,
// each table with its CSV and XLSX export (plain links: no JavaScript needed).
import { formatNumber } from "@memorial/lib/dashboard/format";
import { type Language, LOCALES } from "@memorial/lib/i18n/languages";
import type { DashboardTranslator } from "@memorial/lib/i18n/translate";
import type { LifeTable, TreeLifeReport } from "@memorial/lib/reports/tree-life-tables";

const tableClass = "cards-table min-w-full border-collapse text-left text-sm";
const thClass = "border-b border-stone-300 px-3 py-2 font-semibold whitespace-nowrap";
const tdClass = "border-b border-stone-200 px-3 py-2 align-top";
const numClass = `${tdClass} sm:text-right tabular-nums`;
const boxClass = "sm:overflow-x-auto sm:rounded-lg sm:border sm:border-stone-200 sm:bg-white";

function Exports({ table, label, t }: { table: LifeTable; label: string; t: DashboardTranslator }) {
  return (
    <p className="flex gap-3 text-sm">
      <span className="sr-only">{t("trees.exportLabel", { table: label })}</span>
      <a
        className="text-forest-700 underline"
        href={`/api/dashboard/reports/life/csv?table=${table}`}
        download
      >
        {t("trees.exportCsv")}
      </a>
      <a
        className="text-forest-700 underline"
        href={`/api/dashboard/reports/life/xlsx?table=${table}`}
        download
      >
        {t("trees.exportXlsx")}
      </a>
    </p>
  );
}

type Figure = "allocated" | "inGround" | "alive";

/** A column of figures: its key (data-col) and its heading (the label of its cells on a phone). */
type Column<K extends string> = { key: K; label: string };

/** The headings of a table's figures, right-aligned. */
function FigureHeadings<K extends string>({ figures }: { figures: readonly Column<K>[] }) {
  return (
    <>
      {figures.map((f) => (
        <th key={f.key} className={`${thClass} sm:text-right`}>
          {f.label}
        </th>
      ))}
    </>
  );
}

/** A row's figures, each cell labelled by its heading and keyed by its column. */
function FigureCells<K extends string>(props: { figures: readonly Column<K>[]; value: (key: K) => string }) {
  return (
    <>
      {props.figures.map((f) => (
        <td key={f.key} className={numClass} data-label={f.label} data-col={f.key}>
          {props.value(f.key)}
        </td>
      ))}
    </>
  );
}

/** A table of the three figures per funeral home or per site, with its exports. */
function FiguresTable(props: {
  table: "homes" | "sites";
  title: string;
  firstColumn: string;
  rows: ({ key: string | number; name: string; data: Record<`data-${string}`, string> } & Record<
    Figure,
    number
  >)[];
  figures: readonly Column<Figure>[];
  n: (value: number) => string;
  t: DashboardTranslator;
}) {
  const { figures, n } = props;
  return (
    <div className="space-y-2">
      <h3 className="text-lg font-semibold">{props.title}</h3>
      <div className={boxClass}>
        <table className={tableClass} data-testid={`tree-life-${props.table}`}>
          <thead>
            <tr>
              <th className={thClass}>{props.firstColumn}</th>
              <FigureHeadings figures={figures} />
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.key} {...row.data}>
                <td className={tdClass} data-label={props.firstColumn}>
                  {row.name}
                </td>
                <FigureCells figures={figures} value={(key) => n(row[key])} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Exports table={props.table} label={props.title} t={props.t} />
    </div>
  );
}

export function TreeLifeReportView({
  report,
  lang,
  t,
}: {
  report: TreeLifeReport;
  lang: Language;
  t: DashboardTranslator;
}) {
  const n = (value: number) => formatNumber(value, lang);
  const rate = (value: number | null) =>
    value === null
      ? "–"
      : new Intl.NumberFormat(LOCALES[lang], { style: "percent", maximumFractionDigits: 1 }).format(value);
  const survivalFigures = [
    { key: "inGround", label: t("trees.colInGround") },
    { key: "alive", label: t("trees.colAlive") },
    { key: "dead", label: t("trees.colDead") },
    { key: "rate", label: t("trees.colSurvival") },
  ] as const;
  const figures = [
    { key: "allocated", label: t("trees.colAllocated") },
    { key: "inGround", label: t("trees.colInGround") },
    { key: "alive", label: t("trees.colAlive") },
  ] as const;
  return (
    <section aria-labelledby="tree-life-title" className="space-y-6" data-testid="tree-life">
      <div>
        <h2 id="tree-life-title" className="font-serif text-xl text-forest-800 sm:text-2xl">
          {t("trees.lifeTitle")}
        </h2>
        <p className="text-stone-700">{t("trees.lifeIntro")}</p>
      </div>
      {report.homes.length === 0 ? (
        <p>{t("trees.lifeEmpty")}</p>
      ) : (
        <>
          <FiguresTable
            table="homes"
            title={t("trees.lifeByHome")}
            firstColumn={t("trees.colHome")}
            rows={report.homes.map((row) => ({
              ...row,
              key: row.epfId ?? "none",
              name: row.name ?? t("trees.noHome"),
              data: { "data-epf-id": String(row.epfId ?? "") },
            }))}
            figures={figures}
            n={n}
            t={t}
          />
          <FiguresTable
            table="sites"
            title={t("trees.lifeBySite")}
            firstColumn={t("trees.colSite")}
            rows={report.sites.map((row) => ({
              ...row,
              key: row.plantationId,
              data: { "data-site-id": String(row.plantationId) },
            }))}
            figures={figures}
            n={n}
            t={t}
          />
        </>
      )}
      <div className="space-y-2">
        <h3 className="text-lg font-semibold">{t("trees.survivalTitle")}</h3>
        <p className="text-sm text-stone-700">{t("trees.survivalIntro")}</p>
        {report.survival.length === 0 ? (
          <p>{t("trees.survivalEmpty")}</p>
        ) : (
          <>
            <div className={boxClass}>
              <table className={tableClass} data-testid="tree-life-survival">
                <thead>
                  <tr>
                    <th className={thClass}>{t("trees.colSite")}</th>
                    <th className={thClass}>{t("trees.colSpecies")}</th>
                    <FigureHeadings figures={survivalFigures} />
                  </tr>
                </thead>
                <tbody>
                  {report.survival.map((row) => (
                    <tr
                      key={`${row.plantationId}-${row.speciesId}`}
                      data-site-id={row.plantationId}
                      data-species-id={row.speciesId}
                    >
                      <td className={tdClass} data-label={t("trees.colSite")}>
                        {row.site}
                      </td>
                      <td className={tdClass} data-label={t("trees.colSpecies")}>
                        {row.species}
                      </td>
                      <FigureCells
                        figures={survivalFigures}
                        value={(key) => (key === "rate" ? rate(row.rate) : n(row[key]))}
                      />
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Exports table="survival" label={t("trees.survivalTitle")} t={t} />
          </>
        )}
      </div>
    </section>
  );
}
