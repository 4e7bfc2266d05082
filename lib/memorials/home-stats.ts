// The home page's figures: the trees planted that the public sees and that live (not
// test trees, of a memorial the public sees, neither dead nor replaced: the policy's countsAsLiving,
// the memorial page's rule too), and the planting sites that
// hold them. One cached read for every visitor (lib/events/expiring-cache.ts): a tree planted or
// its life changing, a memorial shown or hidden (any memorial's event) or the catalogue changing
// drops it on every instance; a minute is the safety net.
import { db, Prisma } from "@memorial/lib/db/client";
import { expiringCache } from "@memorial/lib/events/expiring-cache";
import { livingTreesSql, memorialsVisibleToSql, PUBLIC, treesVisibleToSql } from "./policy";
import { type PublicSite, publicSites } from "./public-queries";

/**
 * The sites the home page draws and lists, the most planted first. A service of a few dozen sites
 * shows them all; beyond, the others are counted in a sentence, so that the page stays light on a
 * phone and its map readable (a thousand sites made a page of 147 KB).
 */
const HOME_SITES = 24;

export interface HomeStats {
  /** Every public living tree, of every site. */
  trees: number;
  /** The HOME_SITES sites with the most trees. */
  sites: PublicSite[];
  /** The sites with public living trees that are not listed. */
  otherSites: number;
}

const cache = expiringCache({
  dropsAll: (signal) => signal.memorialIds.length > 0 || signal.type === "catalogue.changed",
  groupsOf: () => [],
  maxAgeMs: 60_000,
  maxEntries: 1,
});

async function loadHomeStats(): Promise<HomeStats> {
  const rows = await db.$queryRaw<
    {
      id: number;
      name: string;
      country: string;
      region: string;
      nameNl: string | null;
      nameEn: string | null;
      nameDe: string | null;
      regionNl: string | null;
      regionEn: string | null;
      regionDe: string | null;
      latitude: string;
      longitude: string;
      trees: bigint;
    }[]
  >(Prisma.sql`
    SELECT pl."id", pl."name", pl."country", pl."region", pl."name_nl" AS "nameNl", pl."name_en" AS "nameEn",
      pl."name_de" AS "nameDe", pl."region_nl" AS "regionNl", pl."region_en" AS "regionEn",
      pl."region_de" AS "regionDe", pl."latitude"::text AS "latitude",
      pl."longitude"::text AS "longitude", sum(t."quantity")::bigint AS "trees"
    FROM "tree" t
    JOIN "memorial" m ON m."id" = t."memorial_id"
    JOIN "plantation" pl ON pl."id" = t."plantation_id"
    WHERE ${treesVisibleToSql(PUBLIC, "t")} AND ${memorialsVisibleToSql(PUBLIC, "m")}
      AND ${livingTreesSql("t")}
    GROUP BY pl."id"`);
  const sites = publicSites(rows, (r) => Number(r.trees));
  return {
    trees: sites.reduce((sum, s) => sum + s.trees, 0),
    sites: sites.slice(0, HOME_SITES),
    otherSites: Math.max(0, sites.length - HOME_SITES),
  };
}

export async function homeStats(): Promise<HomeStats> {
  return (await cache.get("home", null, loadHomeStats)) ?? { trees: 0, sites: [], otherSites: 0 };
}
