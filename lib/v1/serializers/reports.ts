// 2.6 reportArbres: the report's fields after the envelope, and its lines.
import type { ReportLineRow } from "@memorial/lib/reports/queries";
import type { TreeReport } from "@memorial/lib/reports/tree-report";
import { lifeFieldsOf } from "@memorial/lib/trees/queries";
import type { Paging } from "@memorial/lib/v1/paging";
import type { TReportFields, TReportLine } from "@memorial/lib/v1/schemas/responses";
import { serializeTreeLife } from "./tree-life";

function personName(row: ReportLineRow): string | null {
  const name = [row.firstName, row.lastName].filter((part) => part?.trim()).join(" ");
  return name || null;
}

export function serializeReportLine(row: ReportLineRow, origin: string): TReportLine {
  return {
    Quantite: row.quantity,
    EspeceId: row.speciesId,
    Espece: row.species,
    Co2EnKgParArbre: Number(row.co2PerTree),
    TotalCo2EnKg: Number(row.co2Total),
    PlantationId: row.plantationId,
    Plantation: row.plantation,
    DatePlantation: row.plantedAt.toISOString(),
    // A tree of the global memorial has no person: 0 and null, as RequestPersonneId is 0.
    PersonneId: row.personId ?? 0,
    Personne: personName(row),
    EpfId: row.epfId ?? 0,
    Epf: row.epf,
    // 4.3: the report gives the planter and the planter's message too.
    Planteur: row.planter,
    MessagePlanteur: row.message,
    Origine: row.origin,
    ...serializeTreeLife(lifeFieldsOf(row), origin),
  };
}

export function serializeReport(
  report: TreeReport,
  request: { epfId: number; personId: number | null },
  paging: Paging,
  origin: string,
): TReportFields {
  return {
    RequestEpfId: request.epfId,
    RequestPersonneId: request.personId ?? 0,
    DateDebut: report.period.start.toISOString(),
    DateFin: report.period.end.toISOString(),
    TotalArbres: report.totals.trees,
    TotalCo2EnKg: Number(report.totals.co2),
    Arbres: report.lines.map((line) => serializeReportLine(line, origin)),
    NombreTotalLignes: report.totals.lines,
    Page: paging.page,
    NombreLignesParPage: paging.limit,
    NombreLignesDansLaPage: report.lines.length,
    Plus: paging.offset + report.lines.length < report.totals.lines,
  };
}
