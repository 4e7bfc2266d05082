// 4.4 GET /{key}/Memorial/{memorialId}/Infos: a memorial, its deceased and its trees, as another
// operator (a newspaper) or the memorial's own operator may read them (contract.md, "Memorials").
// Who sees which memorial and which trees is the memorial policy's; the trees come one page at a
// time (a global memorial holds every orphan tree of its operator).
import { trimDecimal } from "@memorial/lib/catalogue/queries";
import { speciesNameSql, speciesTypeSql } from "@memorial/lib/catalogue/translations";
import { preparedSql } from "@memorial/lib/db/raw";
import { notFound } from "@memorial/lib/errors";
import type { PrivacyLevel } from "@memorial/lib/events/payloads";
import { isLanguage, UNKNOWN_WORD } from "@memorial/lib/i18n/languages";
import { cachedMemorial } from "@memorial/lib/memorials/cache";
import {
  isOwnMemorial,
  type MemorialKind,
  memorialsVisibleToSql,
  shownDeathDate,
  shownMessage,
  shownPlanter,
  showsDeceased,
  specTitle,
  treesVisibleToSql,
} from "@memorial/lib/memorials/policy";
import { type PrivacyColumns, privacyColumnsSql, privacyOf } from "@memorial/lib/memorials/privacy";
import type { Caller } from "@memorial/lib/operators/keys";
import {
  type LifeColumns,
  lifeColumnsSql,
  lifeFieldsOf,
  type TreeLifeFields,
  type TreeOrderLine,
} from "@memorial/lib/trees/queries";

export interface InfosTreeRow extends TreeOrderLine {
  latitude: string;
  longitude: string;
  plantedAt: Date;
  /** Its life after the order. */
  life: TreeLifeFields;
}

/** What Infos reads of the memorial: with its deceased (null columns without one) and privacy. */
interface InfosMemorialRow extends PrivacyColumns {
  id: number;
  operatorId: number;
  kind: MemorialKind;
  status: string;
  title: string;
  anonymousName: string | null;
  isTest: boolean;
  createdAt: Date;
  takenDownAt: Date | null;
  erasedAt: Date | null;
  mergedIntoId: number | null;
  personId: number | null;
  lastName: string | null;
  firstName: string | null;
  civility: string | null;
  deathDate: Date;
  deathDateApproximate: boolean;
}

type InfosTreeRecord = Omit<InfosTreeRow, "life"> &
  LifeColumns & { total: number; messageHiddenAt: Date | null };

export interface MemorialInfos {
  id: number;
  /** The memorial policy's display title (4.1 rule 7). */
  name: string;
  createdAt: Date;
  /** null for anonymous and global memorials: nothing about the deceased is shown. */
  deceased: {
    lastName: string | null;
    firstName: string | null;
    civility: string | null;
    deathDate: Date | null;
  } | null;
  trees: InfosTreeRow[];
  /** Every tree line the caller may see, not only this page's. */
  totalTrees: number;
  /**
   * Where the memorial stands, for partners and families: awaiting its family's
   * confirmation, else its privacy level (lib/memorials/privacy.ts: public, link_only, hidden).
   */
  state: MemorialState;
}

type MemorialState = "awaiting_confirmation" | "expired" | "taken_down" | "erased" | "merged" | PrivacyLevel;

/**
 * What `caller` may read of a memorial (GET /v1/Memorial/{id}/Infos), one page of its trees. Kept
 * per kind of viewer (operator, environment, language) until one of the memorial's events.
 */
export async function memorialInfos(
  caller: Caller,
  memorialId: number,
  page: { limit: number; offset: number },
): Promise<MemorialInfos> {
  const view = `infos:${caller.operatorId}:${caller.environment}:${caller.operatorLanguage}:${page.limit}:${page.offset}`;
  return (await cachedMemorial(memorialId, view, () => loadMemorialInfos(caller, memorialId, page)))!;
}

/**
 * Where the memorial stands: erased by its family, merged into another,
 * taken down by its family, closed as not confirmed (`expired`) or awaiting its family;
 * else its privacy level.
 */
function memorialState(
  memorial: { status: string; takenDownAt: Date | null; erasedAt: Date | null; mergedIntoId: number | null },
  privacy: PrivacyLevel | undefined,
): MemorialState {
  if (memorial.erasedAt) return "erased";
  if (memorial.mergedIntoId !== null) return "merged";
  if (memorial.takenDownAt) return "taken_down";
  if (memorial.status === "visible") return privacy ?? "public";
  return memorial.status as MemorialState;
}

async function loadMemorialInfos(
  caller: Caller,
  memorialId: number,
  page: { limit: number; offset: number },
): Promise<MemorialInfos> {
  const viewer = caller;
  // The memorial, its deceased and its privacy in one statement, without the ORM.
  const [memorial] = await preparedSql.$queryRaw<InfosMemorialRow[]>`
    SELECT m."id", m."operator_id" AS "operatorId", m."kind"::text AS "kind", m."status"::text AS "status",
           m."title", m."anonymous_name" AS "anonymousName", m."is_test" AS "isTest", m."created_at" AS "createdAt",
           m."taken_down_at" AS "takenDownAt", m."erased_at" AS "erasedAt", m."merged_into_id" AS "mergedIntoId",
           p."id" AS "personId", p."last_name" AS "lastName", p."first_name" AS "firstName", p."civility",
           p."death_date" AS "deathDate", p."death_date_approximate" AS "deathDateApproximate",
           ${privacyColumnsSql("m")}
    FROM "memorial" m LEFT JOIN "person" p ON p."id" = m."person_id"
    WHERE m."id" = ${memorialId} AND ${memorialsVisibleToSql(viewer)}`;
  // contract.md: another operator's memorial that is not public answers 404, as if it did not exist.
  if (!memorial) throw notFound(`memorial ${memorialId} does not exist`);
  const own = isOwnMemorial(viewer, memorial);
  // 4.1 rule 6 for a GET (no Langue in the request, no context): the operator's language.
  const language = caller.operatorLanguage;

  // contract.md: a memorial awaiting confirmation has no tree. One statement gives the page and
  // the count (COUNT(*) OVER ()), so they always agree.
  const rows =
    memorial.status !== "visible"
      ? []
      : await preparedSql.$queryRaw<InfosTreeRecord[]>`
          SELECT t."quantity", t."species_id" AS "speciesId",
                 ${speciesNameSql(language)} AS "species", ${speciesTypeSql(language)} AS "type",
                 sp."max_height_m"::text AS "maxHeightM", sp."lifespan_years" AS "lifespanYears",
                 sp."co2_kg_per_tree"::text AS "co2KgPerTree", t."plantation_id" AS "plantationId",
                 pl."name" AS "plantation", pl."latitude"::text AS "latitude",
                 pl."longitude"::text AS "longitude", t."planted_at" AS "plantedAt", t."planter", t."message",
                 t."message_hidden_at" AS "messageHiddenAt", t."origin"::text AS "origin", t."total", ${lifeColumnsSql("t")}
          FROM (SELECT t.*, COUNT(*) OVER ()::int AS "total" FROM "tree" t
                WHERE t."memorial_id" = ${memorial.id} AND ${treesVisibleToSql(viewer)}
                ORDER BY t."planted_at", t."id" LIMIT ${page.limit} OFFSET ${page.offset}) t
          JOIN "species" sp ON sp."id" = t."species_id"
          JOIN "plantation" pl ON pl."id" = t."plantation_id"
          ORDER BY t."planted_at", t."id"`;
  // A page past the last one is empty but still says how many lines there are: the same rule, counted.
  const totalTrees =
    rows[0]?.total ??
    (page.offset === 0 || memorial.status !== "visible"
      ? 0
      : ((
          await preparedSql.$queryRaw<{ total: number }[]>`
            SELECT COUNT(*)::int AS "total" FROM "tree" t
            WHERE t."memorial_id" = ${memorial.id} AND ${treesVisibleToSql(viewer)}`
        )[0]?.total ?? 0));

  const person = showsDeceased(memorial.kind) && memorial.personId !== null ? memorial : null;
  return {
    id: memorial.id,
    // The API's MemorialNom is the specification's (4.1 rule 7), whatever the family chose.
    name: specTitle(memorial),
    createdAt: memorial.createdAt,
    deceased: person && {
      lastName: person.lastName,
      firstName: person.firstName,
      civility: person.civility,
      // 4.1 rule 9: an approximate date of death is not shown to others.
      deathDate: shownDeathDate(person.deathDate, person.deathDateApproximate, own),
    },
    trees: rows.map((row) => ({
      quantity: row.quantity,
      speciesId: row.speciesId,
      species: row.species,
      type: row.type,
      maxHeightM: row.maxHeightM,
      lifespanYears: row.lifespanYears,
      co2KgPerTree: row.co2KgPerTree,
      plantationId: row.plantationId,
      plantation: row.plantation,
      plantedAt: row.plantedAt,
      planter: shownPlanter(row, own) ?? UNKNOWN_WORD[isLanguage(language) ? language : "fr"],
      origin: row.origin,
      life: lifeFieldsOf(row),
      // A message the family hid: only the memorial's own operator still reads it.
      message: shownMessage(row.message, row.messageHiddenAt, own),
      latitude: trimDecimal(row.latitude),
      longitude: trimDecimal(row.longitude),
    })),
    totalTrees,
    state: memorialState(memorial, privacyOf(memorial).level),
  };
}
