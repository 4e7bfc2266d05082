// The dashboard's trees' life reports: the figures of lib/reports/tree-life.ts for the
// signed-in operator's production trees, as three tables (per funeral home, per site, survival per
// site and species) shown on the reports page and exported as CSV or XLSX (web/dashboard/exports.ts).
import { invalid } from "@memorial/lib/errors";
import type { CsvValue } from "@memorial/lib/exports/csv";
import {
  type FuneralHomeLife,
  lifePerFuneralHome,
  lifePerSite,
  type SiteLife,
  type Survival,
  survivalPerSiteAndSpecies,
} from "@memorial/lib/reports/tree-life";
import type { OperatorScope } from "@memorial/lib/scope";

const LIFE_TABLES = ["homes", "sites", "survival"] as const;
export type LifeTable = (typeof LIFE_TABLES)[number];

export function parseLifeTable(value: string | null): LifeTable {
  if ((LIFE_TABLES as readonly string[]).includes(value ?? "")) return value as LifeTable;
  throw invalid(`table must be one of ${LIFE_TABLES.join(", ")}`, { field: "table", reason: "invalid" });
}

export interface TreeLifeReport {
  homes: FuneralHomeLife[];
  sites: SiteLife[];
  survival: Survival[];
}

export async function treeLifeReport(scope: OperatorScope, language: string): Promise<TreeLifeReport> {
  const [homes, sites, survival] = await Promise.all([
    lifePerFuneralHome(scope),
    lifePerSite(scope),
    survivalPerSiteAndSpecies(scope, language),
  ]);
  return { homes, sites, survival };
}

/** The survival rate in percent with one decimal (e.g. 66.7), or null. */
const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);

/** The columns and rows of one table's export. */
export async function lifeExport(
  scope: OperatorScope,
  table: LifeTable,
  language: string,
): Promise<{ header: string[]; rows: CsvValue[][] }> {
  switch (table) {
    case "homes":
      return {
        header: ["EpfId", "Epf", "Allocated", "InGround", "Alive"],
        rows: (await lifePerFuneralHome(scope)).map((r) => [
          r.epfId,
          r.name,
          r.allocated,
          r.inGround,
          r.alive,
        ]),
      };
    case "sites":
      return {
        header: ["PlantationId", "Plantation", "Country", "Allocated", "InGround", "Alive"],
        rows: (await lifePerSite(scope)).map((r) => [
          r.plantationId,
          r.name,
          r.country,
          r.allocated,
          r.inGround,
          r.alive,
        ]),
      };
    case "survival":
      return {
        header: [
          "PlantationId",
          "Plantation",
          "EspeceId",
          "Espece",
          "InGround",
          "Alive",
          "Dead",
          "SurvivalPercent",
        ],
        rows: (await survivalPerSiteAndSpecies(scope, language)).map((r) => [
          r.plantationId,
          r.site,
          r.speciesId,
          r.species,
          r.inGround,
          r.alive,
          r.dead,
          percent(r.rate),
        ]),
      };
  }
}
