// Read models of the catalogue, for one calling operator (availability depends on its rules).

import { db, Prisma } from "@memorial/lib/db/client";
import { paged } from "@memorial/lib/db/paged";
import { cachedCatalogue } from "./cache";
import { OPERATOR_RULES } from "./rules";
import { speciesNameSql, speciesTypeSql } from "./translations";

export interface SpeciesRow {
  id: number;
  name: string;
  latinName: string;
  type: string | null;
  maxHeightM: string;
  lifespanYears: number;
  co2KgPerTree: string;
  unitPrice: string;
  available: number;
}

/**
 * Every species with what the operator can have planted of it now, as subquery `x`; its name and
 * type in `language` (falling back to French).
 */
function speciesQuery(operatorId: number, language: string) {
  return Prisma.sql`SELECT * FROM (
    SELECT sp."id", ${speciesNameSql(language)} AS "name", sp."latin_name" AS "latinName",
           ${speciesTypeSql(language)} AS "type",
           sp."max_height_m"::text AS "maxHeightM", sp."lifespan_years" AS "lifespanYears",
           sp."co2_kg_per_tree"::text AS "co2KgPerTree", sp."unit_price"::text AS "unitPrice",
           COALESCE((SELECT SUM(s."stock") FROM "stock" s
                     JOIN "plantation" p ON p."id" = s."plantation_id"
                     JOIN "operator" o ON o."id" = ${operatorId}
                     WHERE s."species_id" = sp."id" AND ${OPERATOR_RULES}), 0)::int AS "available"
    FROM "species" sp) x`;
}

/** Species the operator can have planted now (Disponible above 0), by name (in `language`). */
export function listAvailableSpecies(
  operatorId: number,
  limit: number,
  offset: number,
  language = "fr",
): Promise<{ rows: SpeciesRow[]; total: number }> {
  // Asked at every partner's form load: kept until a tree is planted or the catalogue changes.
  return cachedCatalogue(`species:${operatorId}:${language}:${limit}:${offset}`, () =>
    paged<SpeciesRow>(
      Prisma.sql`${speciesQuery(operatorId, language)} WHERE x."available" > 0`,
      Prisma.sql`q."name", q."id"`,
      limit,
      offset,
    ),
  );
}

export async function getSpecies(
  operatorId: number,
  id: number,
  language = "fr",
): Promise<SpeciesRow | null> {
  const rows = await db.$queryRaw<SpeciesRow[]>`${speciesQuery(operatorId, language)} WHERE x."id" = ${id}`;
  return rows[0] ?? null;
}

export interface PlantationRow {
  id: number;
  name: string;
  country: string;
  region: string;
  latitude: string;
  longitude: string;
  active: boolean;
  species: { speciesId: number; species: string; available: number }[];
}

async function plantationRows(
  operatorId: number,
  where: Prisma.Sql,
  limit: number,
  offset: number,
  language: string,
): Promise<{ rows: PlantationRow[]; total: number }> {
  const { rows: sites, total } = await paged<Omit<PlantationRow, "species">>(
    Prisma.sql`
    SELECT p."id", p."name", p."country", p."region", p."latitude"::text AS "latitude",
           p."longitude"::text AS "longitude", p."active"
    FROM "plantation" p WHERE ${where}`,
    Prisma.sql`q."id"`,
    limit,
    offset,
  );
  if (sites.length === 0) return { rows: [], total };
  const ids = sites.map((s) => s.id);
  const stock = await db.$queryRaw<
    { plantationId: number; speciesId: number; species: string; available: number }[]
  >`
    SELECT s."plantation_id" AS "plantationId", sp."id" AS "speciesId", ${speciesNameSql(language)} AS "species",
           CASE WHEN ${OPERATOR_RULES} THEN s."stock" ELSE 0 END::int AS "available"
    FROM "stock" s
    JOIN "plantation" p ON p."id" = s."plantation_id"
    JOIN "species" sp ON sp."id" = s."species_id"
    JOIN "operator" o ON o."id" = ${operatorId}
    WHERE s."plantation_id" = ANY(${ids}::int[])
    ORDER BY 3, sp."id"`;
  const rows = sites.map((site) => ({
    ...site,
    latitude: trimDecimal(site.latitude),
    longitude: trimDecimal(site.longitude),
    species: stock
      .filter((s) => s.plantationId === site.id)
      .map(({ speciesId, species, available }) => ({ speciesId, species, available })),
  }));
  return { rows, total };
}

/** Every active plantation, by id; species named in `language`. */
export function listActivePlantations(operatorId: number, limit: number, offset: number, language = "fr") {
  return plantationRows(operatorId, Prisma.sql`p."active"`, limit, offset, language);
}

/** One plantation, active or not. */
export async function getPlantation(operatorId: number, id: number, language = "fr") {
  const { rows } = await plantationRows(operatorId, Prisma.sql`p."id" = ${id}`, 1, 0, language);
  return rows[0] ?? null;
}

/** "50.850300" → "50.8503": decimal degrees as text without trailing zeros. */
export function trimDecimal(text: string): string {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}
