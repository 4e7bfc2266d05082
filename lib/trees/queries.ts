// Read models of a tree's life: one tree with its history (GET /v1/Arbre, the
// dashboard), the trees waiting to be planted in the ground (the batch form, the overview), and
// the life columns every tree line carries (Infos, the reports), read with lifeColumnsSql and
// turned into TreeLifeFields by lifeFieldsOf, so that every reader says the same.
import { speciesNameSql, speciesTypeSql } from "@memorial/lib/catalogue/translations";
import { db, Prisma } from "@memorial/lib/db/client";
import type { TreeOrigin } from "@memorial/lib/db/generated/enums";
import { notFound } from "@memorial/lib/errors";
import { isLanguage, UNKNOWN_WORD } from "@memorial/lib/i18n/languages";
import {
  isOwnMemorial,
  memorialsVisibleToSql,
  shownMessage,
  shownPlanter,
  treesOfEnvironmentSql,
} from "@memorial/lib/memorials/policy";
import { type OperatorScope, ownerOf, type Scope } from "@memorial/lib/scope";
import {
  LIST_STATUSES,
  MEMORIAL_TITLE_COLUMNS,
  type MemorialTitleColumns,
  memorialTitleOf,
  ownTreesSql,
  TREE_LINE_TABLES,
} from "./lists";
import type { DeathReason, TreeHealth, TreeStatus } from "./transitions";

/** A tree line's life, as Infos, the reports, GET Arbre and the pages show it. */
export interface TreeLifeFields {
  treeId: number;
  status: TreeStatus;
  /** The day in the ground (YYYY-MM-DD), or null while ordered. */
  inGroundOn: string | null;
  /** The tree's own point (text, as stored), or null while ordered. */
  latitude: string | null;
  longitude: string | null;
  plantedBy: string | null;
  /** The tree's latest photo (lib/photos key), or null. */
  photoKey: string | null;
  lastCheck: { on: string; health: TreeHealth; heightCm: number | null } | null;
  diedOn: string | null;
  deathReason: DeathReason | null;
  /** The tree that replaced this one, or null. */
  replacedByTreeId: number | null;
  /** The dead tree this one replaces, or null. */
  replacesTreeId: number | null;
}

/** The raw columns of lifeColumnsSql. */
export interface LifeColumns {
  life_tree_id: number;
  life_status: TreeStatus;
  life_in_ground_on: string | null;
  life_latitude: string | null;
  life_longitude: string | null;
  life_planted_by: string | null;
  life_photo_key: string | null;
  life_last_checked_on: string | null;
  life_health: TreeHealth | null;
  life_height_cm: number | null;
  life_died_on: string | null;
  life_death_reason: DeathReason | null;
  life_replaced_by: number | null;
  life_replaces: number | null;
}

/** The life columns of tree `alias`, for a SELECT list (names prefixed life_). */
export function lifeColumnsSql(alias = "t"): Prisma.Sql {
  const t = Prisma.raw(`"${alias}"`);
  return Prisma.sql`${t}."id" AS "life_tree_id", ${t}."status"::text AS "life_status",
    to_char(${t}."in_ground_on", 'YYYY-MM-DD') AS "life_in_ground_on",
    ${t}."latitude"::text AS "life_latitude", ${t}."longitude"::text AS "life_longitude",
    ${t}."planted_by" AS "life_planted_by", ${t}."photo_key" AS "life_photo_key",
    to_char(${t}."last_checked_on", 'YYYY-MM-DD') AS "life_last_checked_on",
    ${t}."health"::text AS "life_health", ${t}."height_cm" AS "life_height_cm",
    to_char(${t}."died_on", 'YYYY-MM-DD') AS "life_died_on", ${t}."death_reason"::text AS "life_death_reason",
    (SELECT r."id" FROM "tree" r WHERE r."replaces_tree_id" = ${t}."id") AS "life_replaced_by",
    ${t}."replaces_tree_id" AS "life_replaces"`;
}

/** A decimal's text without its trailing zeros ("50.500000" → "50.5"). */
const trim = (value: string | null) =>
  value === null ? null : value.replace(/(\.\d*?)0+$/, "$1").replace(/\.$/, "");

export function lifeFieldsOf(row: LifeColumns): TreeLifeFields {
  return {
    treeId: row.life_tree_id,
    status: row.life_status,
    inGroundOn: row.life_in_ground_on,
    latitude: trim(row.life_latitude),
    longitude: trim(row.life_longitude),
    plantedBy: row.life_planted_by,
    photoKey: row.life_photo_key,
    lastCheck:
      row.life_last_checked_on && row.life_health
        ? { on: row.life_last_checked_on, health: row.life_health, heightCm: row.life_height_cm }
        : null,
    diedOn: row.life_died_on,
    deathReason: row.life_death_reason,
    replacedByTreeId: row.life_replaced_by,
    replacesTreeId: row.life_replaces,
  };
}

export interface TreeHistoryEntry {
  step: "in_ground" | "checked" | "died" | "replaced";
  on: string;
  recordedAt: Date;
  /** Who recorded it (a dashboard user's e-mail, "cli", "import <file>"): not for partners. */
  recordedBy: string;
  health: TreeHealth | null;
  heightCm: number | null;
  reason: DeathReason | null;
  note: string | null;
  photoKey: string | null;
  latitude: string | null;
  longitude: string | null;
  plantedBy: string | null;
  replacementTreeId: number | null;
}

/** A tree line as ordered: its species, its site, its planter (a memorial's Infos, a tree). */
export interface TreeOrderLine {
  quantity: number;
  speciesId: number;
  /** The species' name and type in the language asked for (French when it has none). */
  species: string;
  type: string | null;
  maxHeightM: string;
  lifespanYears: number;
  co2KgPerTree: string;
  plantationId: number;
  plantation: string;
  /** The planter; a visitor's whose words are not published: the word for unknown, but to its own operator. */
  planter: string;
  /** The planter's message; null when the family hid it, except for the memorial's own operator. */
  message: string | null;
  /** The operator's tree, or a visitor's. */
  origin: TreeOrigin;
}

export interface TreeLife extends TreeLifeFields, TreeOrderLine {
  memorialId: number;
  operatorId: number;
  isTest: boolean;
  /** The order's instant (the API's DatePlantation). */
  orderedAt: Date;
  /** The site's own point. */
  site: { latitude: string; longitude: string };
  history: TreeHistoryEntry[];
}

type LifeRow = LifeColumns & {
  memorial_id: number;
  operator_id: number;
  is_test: boolean;
  planted_at: Date;
  quantity: number;
  species_id: number;
  species: string;
  type: string | null;
  max_height_m: string;
  lifespan_years: number;
  co2_kg_per_tree: string;
  plantation_id: number;
  plantation: string;
  site_latitude: string;
  site_longitude: string;
  planter: string;
  message: string | null;
  message_hidden_at: Date | null;
  origin: TreeOrigin;
};

/**
 * Which trees a scope may read one by one: those of memorials it may read (the memorial policy,
 * as Infos), in its environment only (a test key sees its operator's test trees only; the public
 * and production keys production trees only).
 */
function treeReadableSql(scope: Scope): Prisma.Sql {
  return Prisma.sql`${memorialsVisibleToSql(scope, "m")} AND ${treesOfEnvironmentSql(scope, "t")}`;
}

/**
 * One tree with its life and history, as `scope` may read it (404 otherwise); species in
 * `options.language` (French by default).
 */
export async function treeLife(
  scope: Scope,
  treeId: number,
  options: { language?: string } = {},
): Promise<TreeLife> {
  const language = options.language ?? "fr";
  const [row] = await db.$queryRaw<LifeRow[]>`
    SELECT ${lifeColumnsSql("t")}, t."memorial_id", t."operator_id", t."is_test", t."planted_at", t."quantity",
           t."species_id", ${speciesNameSql(language)} AS "species", ${speciesTypeSql(language)} AS "type",
           sp."max_height_m"::text AS "max_height_m", sp."lifespan_years",
           sp."co2_kg_per_tree"::text AS "co2_kg_per_tree", t."plantation_id", p."name" AS "plantation",
           p."latitude"::text AS "site_latitude", p."longitude"::text AS "site_longitude",
           t."planter", t."message", t."message_hidden_at", t."origin"::text AS "origin"
    FROM "tree" t
    JOIN "memorial" m ON m."id" = t."memorial_id"
    JOIN "species" sp ON sp."id" = t."species_id"
    JOIN "plantation" p ON p."id" = t."plantation_id"
    WHERE t."id" = ${treeId} AND ${treeReadableSql(scope)}`;
  if (!row) throw notFound(`tree ${treeId} does not exist`, { field: "tree.id", reason: "not-found" });
  const history = await db.$queryRaw<
    {
      step: TreeHistoryEntry["step"];
      on: string;
      recorded_at: Date;
      recorded_by: string;
      health: TreeHealth | null;
      height_cm: number | null;
      reason: DeathReason | null;
      note: string | null;
      photo_key: string | null;
      latitude: string | null;
      longitude: string | null;
      planted_by: string | null;
      replacement_tree_id: number | null;
    }[]
  >`
    SELECT "step"::text AS "step", to_char("occurred_on", 'YYYY-MM-DD') AS "on", "recorded_at", "recorded_by",
           "health"::text AS "health", "height_cm", "reason"::text AS "reason", "note", "photo_key",
           "latitude"::text AS "latitude", "longitude"::text AS "longitude", "planted_by", "replacement_tree_id"
    FROM "tree_history" WHERE "tree_id" = ${treeId} ORDER BY "id"`;
  const own = isOwnMemorial(scope, { operatorId: row.operator_id, isTest: row.is_test });
  return {
    ...lifeFieldsOf(row),
    memorialId: row.memorial_id,
    operatorId: row.operator_id,
    isTest: row.is_test,
    orderedAt: row.planted_at,
    quantity: row.quantity,
    speciesId: row.species_id,
    species: row.species,
    type: row.type,
    maxHeightM: row.max_height_m,
    lifespanYears: row.lifespan_years,
    co2KgPerTree: row.co2_kg_per_tree,
    plantationId: row.plantation_id,
    plantation: row.plantation,
    site: { latitude: trim(row.site_latitude) ?? "", longitude: trim(row.site_longitude) ?? "" },
    planter:
      shownPlanter(
        { planter: row.planter, origin: row.origin, messageHiddenAt: row.message_hidden_at },
        own,
      ) ?? UNKNOWN_WORD[isLanguage(language) ? language : "fr"],
    message: shownMessage(row.message, row.message_hidden_at, own),
    origin: row.origin,
    history: history.map((h) => ({
      step: h.step,
      on: h.on,
      recordedAt: h.recorded_at,
      recordedBy: h.recorded_by,
      health: h.health,
      heightCm: h.height_cm,
      reason: h.reason,
      note: h.note,
      photoKey: h.photo_key,
      latitude: trim(h.latitude),
      longitude: trim(h.longitude),
      plantedBy: h.planted_by,
      replacementTreeId: h.replacement_tree_id,
    })),
  };
}

export interface WaitingTree {
  treeId: number;
  memorialId: number;
  /** What people read of the memorial (the policy's displayTitle). */
  memorialTitle: string;
  orderedAt: Date;
  planter: string;
  quantity: number;
  speciesId: number;
  species: string;
  plantationId: number;
  plantation: string;
}

export interface WaitingFilter {
  plantationId?: number;
  /** Ordered on or after this UTC day (YYYY-MM-DD). */
  orderedFrom?: string;
  /** Ordered on or before this UTC day (YYYY-MM-DD). */
  orderedTo?: string;
  /** At most this many trees (oldest order first); 1000 by default. */
  limit?: number;
}

/**
 * The scope's own trees still waiting to be planted in the ground (status ordered), oldest order
 * first, and how many there are in all (the overview's count).
 */
export async function treesWaiting(
  scope: Scope,
  filter: WaitingFilter = {},
): Promise<{ total: number; trees: WaitingTree[] }> {
  const owner: OperatorScope | null = ownerOf(scope);
  if (!owner) return { total: 0, trees: [] };
  const conditions = [ownTreesSql(owner, LIST_STATUSES.waiting)];
  if (filter.plantationId !== undefined)
    conditions.push(Prisma.sql`t."plantation_id" = ${filter.plantationId}`);
  if (filter.orderedFrom)
    conditions.push(Prisma.sql`t."planted_at" >= ${filter.orderedFrom}::date::timestamp AT TIME ZONE 'UTC'`);
  if (filter.orderedTo) {
    conditions.push(
      Prisma.sql`t."planted_at" < (${filter.orderedTo}::date + 1)::timestamp AT TIME ZONE 'UTC'`,
    );
  }
  const where = Prisma.join(conditions, " AND ");
  const limit = Math.max(0, Math.min(filter.limit ?? 1000, 10_000));
  const [{ total }] = await db.$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS "total" FROM "tree" t WHERE ${where}`;
  const rows = await db.$queryRaw<
    (MemorialTitleColumns & {
      id: number;
      memorial_id: number;
      planted_at: Date;
      planter: string;
      quantity: number;
      species_id: number;
      species: string;
      plantation_id: number;
      plantation: string;
    })[]
  >`
    SELECT t."id", t."memorial_id", t."planted_at", t."planter", t."quantity", t."species_id", sp."name" AS "species",
           t."plantation_id", p."name" AS "plantation", ${MEMORIAL_TITLE_COLUMNS}
    FROM ${TREE_LINE_TABLES}
    WHERE ${where}
    ORDER BY t."planted_at", t."id"
    LIMIT ${limit}`;
  return {
    total,
    trees: rows.map((r) => ({
      treeId: r.id,
      memorialId: r.memorial_id,
      memorialTitle: memorialTitleOf(r.memorial_id, r),
      orderedAt: r.planted_at,
      planter: r.planter,
      quantity: r.quantity,
      speciesId: r.species_id,
      species: r.species,
      plantationId: r.plantation_id,
      plantation: r.plantation,
    })),
  };
}
