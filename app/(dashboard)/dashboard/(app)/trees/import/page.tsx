// /dashboard/trees/import: a field team's CSV sheet, its columns, and the report of its lines
// (lib/trees/import-sheet.ts).

import { type DashboardKey, translator } from "@memorial/lib/i18n/translate";
import { SHEET_MAX_BYTES, SHEET_MAX_LINES } from "@memorial/lib/trees/sheet";
import { DashboardLink } from "@/components/dashboard/links";
import { TreeImport } from "@/components/dashboard/tree-import";
import { requireOperator } from "@/web/auth/session";
import { dashboardLanguage } from "@/web/dashboard/language";
import { pageTitle } from "@/web/dashboard/page-title";

export const generateMetadata = pageTitle("trees_importTitle");

const COLUMNS: [string, DashboardKey][] = [
  ["tree_id", "trees_col_tree_id"],
  ["step", "trees_col_step"],
  ["date", "trees_col_date"],
  ["latitude, longitude", "trees_col_point"],
  ["planted_by", "trees_col_planted_by"],
  ["health", "trees_col_health"],
  ["height_cm", "trees_col_height_cm"],
  ["reason", "trees_col_reason"],
  ["note", "trees_col_note"],
];

export default async function TreeImportPage() {
  const session = await requireOperator();
  const lang = await dashboardLanguage(session.operatorLanguage);
  const t = translator(lang, "dashboard");
  return (
    <div className="space-y-6">
      <p>
        <DashboardLink href="/dashboard/trees">← {t("trees_backToList")}</DashboardLink>
      </p>
      <h1 className="font-serif text-2xl text-forest-800 sm:text-3xl">{t("trees_importTitle")}</h1>
      <p className="max-w-prose text-stone-700">{t("trees_importIntro")}</p>
      <section aria-labelledby="columns-title">
        <h2 id="columns-title" className="mb-2 text-lg font-semibold">
          {t("trees_importColumns")}
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {COLUMNS.map(([name, key]) => (
            <div key={name} className="contents">
              <dt>
                <code>{name}</code>
              </dt>
              <dd>{t(key)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-sm text-stone-700">
          {t("trees_importLimits", { lines: SHEET_MAX_LINES, size: `${SHEET_MAX_BYTES / 1024 / 1024} MiB` })}
        </p>
        <pre className="mt-2 whitespace-pre-wrap break-all rounded bg-stone-100 p-2 text-sm">
          {"tree_id,step,date,latitude,longitude,planted_by,health,height_cm,reason,note\n"}
          {"1042,in_ground,2026-11-20,50.4651,4.8682,Team Namur,,,,\n"}
          {"1042,check,2026-11-24,,,,alive,45,,\n"}
          {"1043,death,2026-11-24,,,,,,drought,dry summer\n"}
        </pre>
      </section>
      <TreeImport />
    </div>
  );
}
