// Read model of the public memorial page. A popular memorial is served from the public memorial
// cache (cache.ts), which the domain events expire at once on every instance (a tree planted, the
// person modified, a confirmation), so the next load reads the database again. Only public data
// ever enters the cache: what is public is the memorial policy's decision, a memorial that is not
// public is never cached, and an anonymous memorial's person is never read (but for the initials of
// its title, when its family chose them: displayTitle).
import {
  type PlantationTranslations,
  plantationNames,
  speciesNames,
} from "@memorial/lib/catalogue/translations";
import { db } from "@memorial/lib/db/client";
import type { TreeStatus } from "@memorial/lib/db/generated/enums";
import { LANGUAGES, type Language } from "@memorial/lib/i18n/languages";
import { waitingPlantings } from "@memorial/lib/plantings/planting-queue";
import { parseId } from "@memorial/lib/validation";
import { cachedMemorial } from "./cache";
import {
  type AnonymousTitle,
  countsAsLiving,
  displayTitle,
  hidesPlanter,
  type MemorialKind,
  memorialsVisibleTo,
  PUBLIC,
  shownDeathDate,
  shownMessage,
  showsDeceased,
  treesVisibleTo,
} from "./policy";
import { memorialPrivacy } from "./privacy";

/** The newest trees shown on a page; totals and the map cover every tree. */
export const PAGE_TREE_LIMIT = 200;

// Everything below is JSON: the cache stores JSON, so dates travel as ISO strings.
export interface PublicTree {
  id: number;
  quantity: number;
  plantedAt: string;
  /** Empty when planterHidden. */
  planter: string;
  /** A visitor whose words the family has not published: shown as "a visitor". */
  planterHidden?: boolean;
  message: string | null;
  species: {
    id: number;
    /** French name and type. */
    name: string;
    latinName: string;
    type: string | null;
    /** Name and type in each language (a missing translation is the French one). */
    names: Record<Language, string>;
    types: Record<Language, string | null>;
    maxHeightM: number;
    lifespanYears: number;
    co2KgPerTree: number;
  };
  plantationId: number;
  /** Its life after the order: what the page, the map and the certificate show. */
  life: PublicTreeLife;
}

type PublicTreeStatus = TreeStatus;

export interface PublicTreeLife {
  status: PublicTreeStatus;
  /** Calendar days, YYYY-MM-DD. */
  inGroundOn: string | null;
  lastCheckedOn: string | null;
  health: "alive" | "sick" | null;
  diedOn: string | null;
  deathReason: "drought" | "fire" | "flood" | "disease" | "other" | null;
  /** The day its replacement was ordered (the replacement tree's order, UTC day). */
  replacedOn: string | null;
  /** This tree was ordered to replace a tree that died. */
  isReplacement: boolean;
  /** Its point in the site, when recorded (the map shows the site's point otherwise). */
  latitude: number | null;
  longitude: number | null;
  /** The key of its newest photo (lib/photos), or null. */
  photoKey: string | null;
}

export interface PublicSite {
  id: number;
  name: string;
  country: string;
  region: string;
  /** Name and region in each language (a missing translation is the stored one): see localSites. */
  names?: Record<Language, string>;
  regions?: Record<Language, string>;
  latitude: number;
  longitude: number;
  trees: number;
}

/** Sites as the public reads them, with their trees (`trees`): the most trees first, then by name. */
export function publicSites<Row extends PlantationTranslations & { id: number; country: string }>(
  rows: (Row & { latitude: unknown; longitude: unknown })[],
  trees: (row: Row) => number,
): PublicSite[] {
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      country: r.country,
      region: r.region,
      ...plantationNames(r),
      latitude: Number(r.latitude),
      longitude: Number(r.longitude),
      trees: trees(r),
    }))
    .sort((a, b) => b.trees - a.trees || a.name.localeCompare(b.name));
}

interface PublicDeceased {
  firstName: string | null;
  lastName: string | null;
  civility: string | null;
  /** Null when the date of death is approximate (4.1 rule 9). */
  deathDate: string | null;
  birthDate: string | null;
  imageUrl: string | null;
}

export interface PublicMemorial {
  id: number;
  kind: MemorialKind;
  /** The title people read (displayTitle): never the deceased's name for an anonymous memorial. */
  title: string;
  /** The same in each language (an anonymous memorial's number reads "n° 123", "nr. 123"...): see shownTitle. */
  titles?: Record<Language, string>;
  operatorName: string;
  language: string;
  /** Famille.Langue (null: none): the page opens in it for a browser that asks for it. */
  familyLanguage?: string | null;
  createdAt: string;
  /** Raw Defunt.Url; the page applies the 14-day rule at view time (4.1 rule 8). */
  deceasedUrl: string | null;
  /** Null for anonymous and global memorials: nothing about the deceased is public (4.1 rule 7). */
  deceased: PublicDeceased | null;
  /** A link_only memorial's page carries noindex (meta robots and X-Robots-Tag); hidden ones are 404. */
  privacy?: "public" | "link_only";
  /** The trees counted: living or on their way, neither dead nor replaced. */
  totalTrees: number;
  /** Every public tree, dead and replaced ones included: the list's total (absent: totalTrees). */
  listedTrees?: number;
  /** Trees on their way: confirmed, waiting for stock in the planting queue (absent: none). */
  waitingTrees?: number;
  /** Per species, for the CO2 total: quantity of counted trees and kg per tree. */
  co2Lines: { quantity: number; co2KgPerTree: number }[];
  trees: PublicTree[];
  sites: PublicSite[];
}

async function loadPublicMemorial(id: number): Promise<PublicMemorial | null> {
  // What the public may see is the policy's: anything else is a 404.
  const memorial = await db.memorial.findFirst({
    where: { AND: [{ id }, memorialsVisibleTo(PUBLIC)] },
    select: {
      id: true,
      kind: true,
      title: true,
      anonymousName: true,
      anonymousTitle: true,
      language: true,
      createdAt: true,
      deceasedUrl: true,
      personId: true,
      operator: { select: { name: true } },
      family: { select: { language: true } },
    },
  });
  if (!memorial) return null;

  // 4.1 rule 7: for an anonymous memorial the person is not even read.
  const person =
    showsDeceased(memorial.kind) && memorial.personId !== null
      ? await db.person.findUnique({ where: { id: memorial.personId } })
      : null;

  const publicTrees = { AND: [{ memorialId: id }, treesVisibleTo(PUBLIC)] };
  const [trees, groups, waiting, privacy] = await Promise.all([
    db.tree.findMany({
      where: publicTrees,
      orderBy: [{ plantedAt: "desc" }, { id: "desc" }],
      take: PAGE_TREE_LIMIT,
      include: { species: true, replacedBy: { select: { plantedAt: true } } },
    }),
    db.tree.groupBy({
      by: ["plantationId", "speciesId", "status"],
      where: publicTrees,
      _sum: { quantity: true },
    }),
    waitingPlantings(db, [id]),
    memorialPrivacy(id),
  ]);
  const [plantations, species] = await Promise.all([
    db.plantation.findMany({ where: { id: { in: [...new Set(groups.map((g) => g.plantationId))] } } }),
    db.species.findMany({ where: { id: { in: [...new Set(groups.map((g) => g.speciesId))] } } }),
  ]);
  const co2BySpecies = new Map(species.map((s) => [s.id, Number(s.co2KgPerTree)]));
  // The figures count the living trees (the policy's countsAsLiving, as the home page
  // and the closing summary do); every tree is still listed, and every site it stands in.
  const living = groups.filter((g) => countsAsLiving(g.status));
  const treesBySite = new Map<number, number>();
  for (const g of living) {
    treesBySite.set(g.plantationId, (treesBySite.get(g.plantationId) ?? 0) + (g._sum.quantity ?? 0));
  }

  // 4.1 rule 7: an anonymous memorial's stored title (the person's name) never leaves here: its
  // shown title is computed here, with the initials only when its family chose them.
  const titled = { ...memorial, person: await titlePerson(memorial) };
  return {
    id: memorial.id,
    kind: memorial.kind,
    title: displayTitle(titled),
    titles: Object.fromEntries(LANGUAGES.map((l) => [l, displayTitle(titled, l)])) as Record<
      Language,
      string
    >,
    operatorName: memorial.operator.name,
    language: memorial.language,
    familyLanguage: memorial.family?.language ?? null,
    createdAt: memorial.createdAt.toISOString(),
    deceasedUrl: memorial.kind === "classic" ? memorial.deceasedUrl : null,
    deceased: person
      ? {
          firstName: person.firstName,
          lastName: person.lastName,
          civility: person.civility,
          deathDate: shownDeathDate(person.deathDate, person.deathDateApproximate)?.toISOString() ?? null,
          birthDate: person.birthDate?.toISOString() ?? null,
          imageUrl: person.imageUrl,
        }
      : null,
    privacy: privacy?.level === "link_only" ? "link_only" : "public",
    totalTrees: living.reduce((sum, g) => sum + (g._sum.quantity ?? 0), 0),
    listedTrees: groups.reduce((sum, g) => sum + (g._sum.quantity ?? 0), 0),
    waitingTrees: waiting.get(id) ?? 0,
    co2Lines: living.map((g) => ({
      quantity: g._sum.quantity ?? 0,
      co2KgPerTree: co2BySpecies.get(g.speciesId) ?? 0,
    })),
    trees: trees.map((t) => ({
      id: t.id,
      quantity: t.quantity,
      plantedAt: t.plantedAt.toISOString(),
      // A visitor's name is public once the family published the visitor's words (the policy's).
      planter: hidesPlanter(t.origin, t.messageHiddenAt) ? "" : t.planter,
      ...(hidesPlanter(t.origin, t.messageHiddenAt) ? { planterHidden: true } : {}),
      // A message the family hid is not public (the policy's).
      message: shownMessage(t.message, t.messageHiddenAt),
      species: {
        id: t.species.id,
        name: t.species.name,
        latinName: t.species.latinName,
        type: t.species.type,
        ...speciesNames(t.species),
        maxHeightM: Number(t.species.maxHeightM),
        lifespanYears: t.species.lifespanYears,
        co2KgPerTree: Number(t.species.co2KgPerTree),
      },
      plantationId: t.plantationId,
      life: {
        status: t.status,
        inGroundOn: day(t.inGroundOn),
        lastCheckedOn: day(t.lastCheckedOn),
        health: t.health,
        diedOn: day(t.diedOn),
        deathReason: t.deathReason,
        replacedOn: t.status === "replaced" ? day(t.replacedBy?.plantedAt ?? null) : null,
        isReplacement: t.replacesTreeId !== null,
        latitude: t.latitude === null ? null : Number(t.latitude),
        longitude: t.longitude === null ? null : Number(t.longitude),
        photoKey: t.photoKey,
      },
    })),
    sites: publicSites(plantations, (p) => treesBySite.get(p.id) ?? 0),
  };
}

/**
 * The public data of memorial `id`, or null when it does not exist or is not public. Cached
 * across requests (cache.ts); the pages also share one read within a rendering
 * (web/memorials/public-memorial.ts).
 */
export async function getPublicMemorial(id: number): Promise<PublicMemorial | null> {
  if (parseId(id) === null) return null;
  return cachedMemorial(id, "public", () => loadPublicMemorial(id));
}

/** A DATE column (midnight UTC) or an instant as its UTC calendar day. */
const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** The names displayTitle may read: an anonymous memorial's only when its family chose initials. */
async function titlePerson(memorial: {
  kind: MemorialKind;
  anonymousTitle: AnonymousTitle;
  personId: number | null;
}) {
  if (memorial.kind !== "anonymous" || memorial.anonymousTitle !== "initials" || memorial.personId === null)
    return null;
  return db.person.findUnique({
    where: { id: memorial.personId },
    select: { firstName: true, lastName: true },
  });
}
