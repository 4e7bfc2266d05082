// 4.4 GET /{key}/Memorial/{memorialId}/Infos: a memorial, its deceased and its trees, as another
// operator (a newspaper) or the memorial's own operator may read them (contract.md, "Memorials").

import { trimDecimal } from "@/lib/catalogue/queries";
import { db, Prisma } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { Caller } from "@/lib/operators/keys";

export interface InfosTreeRow {
  quantity: number;
  speciesId: number;
  species: string;
  type: string | null;
  maxHeightM: string;
  lifespanYears: number;
  co2KgPerTree: string;
  plantationId: number;
  plantation: string;
  latitude: string;
  longitude: string;
  plantedAt: Date;
  planter: string;
  message: string | null;
}

export interface MemorialInfos {
  id: number;
  /** 4.1 rule 7 for anonymous memorials; the title otherwise. */
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
}

export async function memorialInfos(caller: Caller, memorialId: number): Promise<MemorialInfos> {
  const memorial = await db.memorial.findUnique({
    where: { id: memorialId },
    select: {
      id: true,
      operatorId: true,
      kind: true,
      status: true,
      title: true,
      anonymousName: true,
      isTest: true,
      createdAt: true,
      person: {
        select: {
          lastName: true,
          firstName: true,
          civility: true,
          deathDate: true,
          deathDateApproximate: true,
        },
      },
    },
  });
  // A key sees its own operator's private memorials of its own environment only (as Creer does).
  const own = memorial?.operatorId === caller.operatorId && memorial.isTest === caller.isTest;
  const isPublic = memorial?.status === "visible" && !memorial.isTest;
  // contract.md: another operator's memorial that is not public answers 404, as if it did not exist.
  if (!memorial || (!isPublic && !own)) throw notFound(`memorial ${memorialId} does not exist`);

  // Test trees show only to the memorial's own operator calling with a test key.
  const environments =
    memorial.operatorId === caller.operatorId && caller.isTest
      ? Prisma.sql`TRUE`
      : Prisma.sql`t."is_test" = false`;
  // contract.md: a memorial awaiting confirmation has no tree.
  const trees =
    memorial.status === "awaiting_confirmation"
      ? []
      : await db.$queryRaw<InfosTreeRow[]>`
          SELECT t."quantity", t."species_id" AS "speciesId", sp."name" AS "species", sp."type",
                 sp."max_height_m"::text AS "maxHeightM", sp."lifespan_years" AS "lifespanYears",
                 sp."co2_kg_per_tree"::text AS "co2KgPerTree", t."plantation_id" AS "plantationId",
                 pl."name" AS "plantation", pl."latitude"::text AS "latitude",
                 pl."longitude"::text AS "longitude", t."planted_at" AS "plantedAt", t."planter", t."message"
          FROM "tree" t
          JOIN "species" sp ON sp."id" = t."species_id"
          JOIN "plantation" pl ON pl."id" = t."plantation_id"
          WHERE t."memorial_id" = ${memorial.id} AND ${environments}
          ORDER BY t."planted_at", t."id"`;

  const person = memorial.kind === "classic" ? memorial.person : null;
  return {
    id: memorial.id,
    name: memorial.kind === "anonymous" ? (memorial.anonymousName ?? String(memorial.id)) : memorial.title,
    createdAt: memorial.createdAt,
    deceased: person && {
      lastName: person.lastName,
      firstName: person.firstName,
      civility: person.civility,
      // 4.1 rule 9: an approximate date of death is not shown to others.
      deathDate: person.deathDateApproximate && !own ? null : person.deathDate,
    },
    trees: trees.map((tree) => ({
      ...tree,
      latitude: trimDecimal(tree.latitude),
      longitude: trimDecimal(tree.longitude),
    })),
  };
}
