// Read model of the trees' life reports, the one place of their figures: allocated
// (ordered) vs planted in the ground vs alive, per funeral home and per planting site; the survival
// rate per site and species; the number of trees waiting to be planted in the ground. Every figure
// counts trees (tree.quantity), one SQL aggregate each (never rows summed in JavaScript), of the
// scope's operator and environment (the memorial policy's ownTreesOfSql: a production scope never
// counts a test tree). The dashboard's reports page, its exports and its overview read these.
//
// The words of the states (lib/trees/transitions.ts):
// - allocated: every tree row (a replacement ordered for a dead tree is a tree allocated too);
// - in the ground: every tree that left 'ordered' (in_ground, monitored, dead, replaced);
// - alive: in the ground and not dead (in_ground, monitored: a sick tree is alive);
// - dead: dead or replaced (a replaced tree died; its replacement is a tree of its own).
// Survival rate = alive / (alive + dead) among the trees in the ground; null when none is.
import { speciesNameSql } from "@memorial/lib/catalogue/translations";
import { Prisma } from "@memorial/lib/db/client";
import { reportsSql } from "@memorial/lib/db/raw"; // a replica when REPORTS_DATABASE_URL is set; no ORM
import { ownTreesOfSql } from "@memorial/lib/memorials/policy";
import type { OperatorScope } from "@memorial/lib/scope";

interface LifeFigures {
  allocated: number;
  inGround: number;
  alive: number;
}

export interface FuneralHomeLife extends LifeFigures {
  /** Null: trees planted for no funeral home (an operator's own, an insurer's...). */
  epfId: number | null;
  name: string | null;
}

export interface SiteLife extends LifeFigures {
  plantationId: number;
  name: string;
  country: string;
}

export interface Survival {
  plantationId: number;
  site: string;
  speciesId: number;
  species: string;
  inGround: number;
  alive: number;
  dead: number;
  /** alive / (alive + dead), between 0 and 1; null when no tree is in the ground. */
  rate: number | null;
}

const ALIVE = Prisma.sql`t."status" IN ('in_ground', 'monitored')`;
const DEAD = Prisma.sql`t."status" IN ('dead', 'replaced')`;

const FIGURES = Prisma.sql`COALESCE(SUM(t."quantity"), 0)::int AS "allocated",
  COALESCE(SUM(t."quantity") FILTER (WHERE t."status" <> 'ordered'), 0)::int AS "inGround",
  COALESCE(SUM(t."quantity") FILTER (WHERE ${ALIVE}), 0)::int AS "alive"`;

/** The scope's trees: its operator's, of its environment. */
const treesOf = (scope: OperatorScope) => ownTreesOfSql(scope);

/** Allocated, in the ground and alive per funeral home (tree.epf_id), by name. */
export function lifePerFuneralHome(scope: OperatorScope): Promise<FuneralHomeLife[]> {
  return reportsSql.$queryRaw<FuneralHomeLife[]>`
    SELECT t."epf_id" AS "epfId", c."name" AS "name", ${FIGURES}
    FROM "tree" t LEFT JOIN "context" c ON c."id" = t."epf_id"
    WHERE ${treesOf(scope)}
    GROUP BY t."epf_id", c."name"
    ORDER BY c."name" NULLS LAST, t."epf_id"`;
}

/** Allocated, in the ground and alive per planting site, by name. */
export function lifePerSite(scope: OperatorScope): Promise<SiteLife[]> {
  return reportsSql.$queryRaw<SiteLife[]>`
    SELECT t."plantation_id" AS "plantationId", pl."name", pl."country"::text AS "country", ${FIGURES}
    FROM "tree" t JOIN "plantation" pl ON pl."id" = t."plantation_id"
    WHERE ${treesOf(scope)}
    GROUP BY t."plantation_id", pl."name", pl."country"
    ORDER BY pl."name", t."plantation_id"`;
}

/** The survival rate per site and species, among the trees in the ground (species in `language`). */
export async function survivalPerSiteAndSpecies(scope: OperatorScope, language = "fr"): Promise<Survival[]> {
  const rows = await reportsSql.$queryRaw<Omit<Survival, "rate">[]>`
    SELECT t."plantation_id" AS "plantationId", pl."name" AS "site",
           t."species_id" AS "speciesId", ${speciesNameSql(language)} AS "species",
           COALESCE(SUM(t."quantity"), 0)::int AS "inGround",
           COALESCE(SUM(t."quantity") FILTER (WHERE ${ALIVE}), 0)::int AS "alive",
           COALESCE(SUM(t."quantity") FILTER (WHERE ${DEAD}), 0)::int AS "dead"
    FROM "tree" t
      JOIN "plantation" pl ON pl."id" = t."plantation_id"
      JOIN "species" sp ON sp."id" = t."species_id"
    WHERE ${treesOf(scope)} AND t."status" <> 'ordered'
    GROUP BY t."plantation_id", pl."name", t."species_id", 4
    ORDER BY pl."name", t."plantation_id", 4, t."species_id"`;
  return rows.map((row) => ({ ...row, rate: survivalRate(row.alive, row.dead) }));
}

/** alive / (alive + dead); null when there is neither. */
export function survivalRate(alive: number, dead: number): number | null {
  return alive + dead === 0 ? null : alive / (alive + dead);
}

/** Trees ordered and not yet planted in the ground (the dashboard overview's count). */
export async function treesWaitingCount(scope: OperatorScope): Promise<number> {
  const [row] = await reportsSql.$queryRaw<{ trees: number }[]>`
    SELECT COALESCE(SUM(t."quantity"), 0)::int AS "trees"
    FROM "tree" t WHERE ${treesOf(scope)} AND t."status" = 'ordered'`;
  return row?.trees ?? 0;
}
