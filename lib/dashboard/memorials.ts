// The operator's memorials as the dashboard shows them. Every query is scoped by the signed-in
// operator in its WHERE clause: another operator's memorial is simply not found. Only live data
// (what test keys create stays out of the dashboard, as it stays out of public pages).
import { db, Prisma } from "@/lib/db/client";

export interface MemorialListRow {
  id: number;
  kind: "classic" | "anonymous" | "global";
  status: "awaiting_confirmation" | "visible";
  title: string;
  deceased: string | null;
  createdAt: string;
  trees: number;
}

/** `%`, `_` and `\` are literal in the search text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listMemorials(input: {
  operatorId: number;
  search: string;
  limit: number;
  offset: number;
}): Promise<{ rows: MemorialListRow[]; total: number }> {
  const search = input.search.trim().slice(0, 200);
  // The title, and the deceased's names (an anonymous memorial's title does not carry them).
  const match = search
    ? Prisma.sql`AND (m."title" ILIKE ${likePattern(search)}
        OR concat_ws(' ', p."first_name", p."last_name") ILIKE ${likePattern(search)}
        OR concat_ws(' ', p."last_name", p."first_name") ILIKE ${likePattern(search)})`
    : Prisma.empty;
  const where = Prisma.sql`m."operator_id" = ${input.operatorId} AND m."is_test" = false ${match}`;
  const rows = await db.$queryRaw<(Omit<MemorialListRow, "createdAt"> & { createdAt: Date })[]>`
    SELECT m."id", m."kind"::text AS "kind", m."status"::text AS "status", m."title",
           NULLIF(concat_ws(' ', p."first_name", p."last_name"), '') AS "deceased",
           m."created_at" AS "createdAt",
           COALESCE((SELECT SUM(t."quantity") FROM "tree" t WHERE t."memorial_id" = m."id"), 0)::int AS "trees"
    FROM "memorial" m LEFT JOIN "person" p ON p."id" = m."person_id"
    WHERE ${where}
    ORDER BY m."created_at" DESC, m."id" DESC
    LIMIT ${input.limit} OFFSET ${input.offset}`;
  const [{ total }] = await db.$queryRaw<{ total: number }[]>`
    SELECT COUNT(*)::int AS "total" FROM "memorial" m LEFT JOIN "person" p ON p."id" = m."person_id"
    WHERE ${where}`;
  return { rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), total };
}

/** One memorial of the operator with its person, family and trees; null when not the operator's. */
export async function memorialDetail(operatorId: number, memorialId: number) {
  if (!Number.isSafeInteger(memorialId) || memorialId < 1 || memorialId > 2_147_483_647) return null;
  const memorial = await db.memorial.findFirst({
    where: { id: memorialId, operatorId, isTest: false },
    include: {
      person: true,
      family: true,
      trees: {
        orderBy: [{ plantedAt: "asc" }, { id: "asc" }],
        include: {
          species: { select: { name: true, co2KgPerTree: true } },
          plantation: { select: { name: true, country: true } },
        },
      },
    },
  });
  if (!memorial) return null;
  const person = memorial.person;
  return {
    id: memorial.id,
    kind: memorial.kind,
    status: memorial.status,
    title: memorial.title,
    anonymousName: memorial.anonymousName,
    language: memorial.language,
    createdAt: memorial.createdAt.toISOString(),
    confirmedAt: memorial.confirmedAt?.toISOString() ?? null,
    family: memorial.family
      ? { email: memorial.family.email, name: memorial.family.name, language: memorial.family.language }
      : null,
    person: person
      ? {
          id: person.id,
          epfId: person.epfId,
          externalId: person.externalId,
          lastName: person.lastName,
          firstName: person.firstName,
          civility: person.civility,
          deathDate: person.deathDate.toISOString(),
          deathDateApproximate: person.deathDateApproximate,
          birthDate: person.birthDate?.toISOString() ?? null,
          placeOfDeath: person.placeOfDeath,
          imageUrl: person.imageUrl,
        }
      : null,
    trees: memorial.trees.map((tree) => ({
      id: tree.id,
      plantedAt: tree.plantedAt.toISOString(),
      quantity: tree.quantity,
      species: tree.species.name,
      co2Kg: Number(tree.species.co2KgPerTree) * tree.quantity,
      site: `${tree.plantation.name} (${tree.plantation.country})`,
      planter: tree.planter,
      message: tree.message,
      free: tree.free,
      // Trees planted here by another operator are shown, but their transaction is theirs.
      ownTree: tree.operatorId === operatorId,
    })),
  };
}

export type MemorialDetail = NonNullable<Awaited<ReturnType<typeof memorialDetail>>>;
