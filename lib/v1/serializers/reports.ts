// 2.6 reportArbres: the report's fields after the envelope, written here, and its lines, written by
// PostgreSQL (reportLineAsJson): the line has that one writer.
import { Prisma } from "@memorial/lib/db/client";
import { PHOTO_URL_SUFFIX, photoUrlPrefix } from "@memorial/lib/photos/photos";
import type { LineAsJson, ReportPageJson } from "@memorial/lib/reports/queries";
import type { TreeReport } from "@memorial/lib/reports/tree-report";
import { withItemsJson } from "@memorial/lib/v1/handler";
import type { Paging } from "@memorial/lib/v1/paging";
import { CAUSE, DAY_TIME_SUFFIX, ETAT, SANTE } from "./tree-life";

/** The report's fields, with no line yet: reportJsonText puts PostgreSQL's text in Arbres. */
function reportFields(
  report: Pick<TreeReport, "period" | "totals">,
  request: { epfId: number; personId: number | null },
  paging: Paging,
  count: number,
) {
  return {
    RequestEpfId: request.epfId,
    RequestPersonneId: request.personId ?? 0,
    DateDebut: report.period.start.toISOString(),
    DateFin: report.period.end.toISOString(),
    TotalArbres: report.totals.trees,
    TotalCo2EnKg: Number(report.totals.co2),
    Arbres: [],
    NombreTotalLignes: report.totals.lines,
    Page: paging.page,
    NombreLignesParPage: paging.limit,
    NombreLignesDansLaPage: count,
    Plus: paging.offset + count < report.totals.lines,
  };
}

/**
 * The whole answer's JSON text, `head` (the envelope) then the report's fields, with the lines
 * PostgreSQL wrote (reportPageJson) in Arbres.
 */
export function reportJsonText(
  head: object,
  report: Pick<TreeReport, "period">,
  request: { epfId: number; personId: number | null },
  paging: Paging,
  page: ReportPageJson,
): string {
  const fields = reportFields(Object.assign({}, report, page), request, paging, page.count);
  return withItemsJson(Object.assign({}, head, fields), "Arbres", page.linesJson);
}

// ---------------------------------------------------------------------------------------------
// The lines, written by PostgreSQL (lib/reports/queries.ts reportPageJson): row_to_json writes
// the keys in the order of ZReportLine (lib/v1/schemas/responses-reports.ts) and escapes strings
// as JSON requires (PostgreSQL's text holds no lone surrogate). PostgreSQL writes them so that the
// service neither parses 35 columns a line nor builds and serializes an object of them: at ten
// million trees that was a third of the service's CPU for a 30-day report (docs/performance.md).
// test/report-page.test.ts checks lines of every kind, value by value.

/** A constant of the statement (the API's words, suffixes): letters, digits and : . / - _ only. */
function constant(value: string): Prisma.Sql {
  if (!/^[\w:./-]*$/.test(value)) throw new Error(`not a constant of the API: ${value}`);
  return Prisma.raw(`'${value}'`);
}

/** A column's value through one of serializeTreeLife's maps (null stays null). */
function mapped(column: Prisma.Sql, map: Record<string, string>): Prisma.Sql {
  const cases = Object.entries(map).map(
    ([value, shown]) => Prisma.sql`WHEN ${constant(value)} THEN ${constant(shown)}`,
  );
  return Prisma.sql`CASE ${column} ${Prisma.join(cases, " ")} END`;
}

/** A day (YYYY-MM-DD, or null) as serializeTreeLife's date-time at 00:00 UTC. */
const dayTime = (column: Prisma.Sql) => Prisma.sql`${column} || ${constant(DAY_TIME_SUFFIX)}`;

/**
 * A character that is neither WhiteSpace nor LineTerminator (ECMA-262: what String.prototype.trim
 * removes), in PostgreSQL's regular expressions; sent as a value, whatever the server's
 * standard_conforming_strings.
 */
const NOT_BLANK = String.raw`[^\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]`;

/** A part of the name when it is not blank (String.prototype.trim would not empty it). */
const namePart = (column: Prisma.Sql) => Prisma.sql`CASE WHEN ${column} ~ ${NOT_BLANK} THEN ${column} END`;

const c = (name: string) => Prisma.raw(`l."${name}"`);

/**
 * The JSON text of line `l`. The decimals are written by trim_scale, without trailing zeros and
 * with all their digits (a line's total beyond 10^15 kg keeps digits a double would lose). A date
 * of planting is written as toISOString writes the years 1 to 9999, which hold every period of the
 * API (contract.md: from the year 2000, ending on 10000-01-01 at the latest;
 * lib/reports/tree-report.ts reportPeriod); a day of a tree's life as the Arbre endpoint writes it
 * (serializeTreeLife's words and date-times).
 */
export function reportLineAsJson(origin: string): LineAsJson {
  const photo = Prisma.sql`${photoUrlPrefix(origin)} || ${c("life_photo_key")} || ${constant(PHOTO_URL_SUFFIX)}`;
  return Prisma.sql`
    SELECT row_to_json(v)::text AS "text"
    FROM (SELECT ${c("quantity")} AS "Quantite", ${c("speciesId")} AS "EspeceId", ${c("species")} AS "Espece",
                 trim_scale(${c("co2PerTree")}::numeric) AS "Co2EnKgParArbre",
                 trim_scale(${c("co2Total")}::numeric) AS "TotalCo2EnKg",
                 ${c("plantationId")} AS "PlantationId", ${c("plantation")} AS "Plantation",
                 to_char(${c("plantedAt")} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "DatePlantation",
                 COALESCE(${c("personId")}, 0) AS "PersonneId",
                 NULLIF(concat_ws(' ', ${namePart(c("firstName"))}, ${namePart(c("lastName"))}), '') AS "Personne",
                 COALESCE(${c("epfId")}, 0) AS "EpfId", ${c("epf")} AS "Epf",
                 ${c("planter")} AS "Planteur", ${c("message")} AS "MessagePlanteur", ${c("origin")} AS "Origine",
                 ${c("life_tree_id")} AS "ArbreId", ${mapped(c("life_status"), ETAT)} AS "EtatArbre",
                 ${dayTime(c("life_in_ground_on"))} AS "DateMiseEnTerre",
                 trim_scale(${c("life_latitude")}::numeric)::text AS "LatitudeArbre",
                 trim_scale(${c("life_longitude")}::numeric)::text AS "LongitudeArbre",
                 ${photo} AS "PhotoUrl",
                 (SELECT row_to_json(d)
                  FROM (SELECT ${dayTime(c("life_last_checked_on"))} AS "Date",
                               ${mapped(c("life_health"), SANTE)} AS "Sante",
                               ${c("life_height_cm")} AS "HauteurEnCm") d
                  WHERE ${c("life_last_checked_on")} IS NOT NULL AND ${c("life_health")} IS NOT NULL) AS "DernierControle",
                 ${dayTime(c("life_died_on"))} AS "DateMort", ${mapped(c("life_death_reason"), CAUSE)} AS "CauseMort",
                 ${c("life_replaced_by")} AS "RemplaceParArbreId", ${c("life_replaces")} AS "RemplaceArbreId") v`;
}
