// One page of a listing and the count of the whole listing from one statement (COUNT(*) OVER ()),
// so that the two always agree, whatever other requests write meanwhile (contract.md paging:
// NombreTotal, Plus). Only a page past the end, which has no row to carry the count, costs a
// second statement.
import { db, type Prisma } from "./client";

export async function paged<T extends object>(
  select: Prisma.Sql,
  orderBy: Prisma.Sql,
  limit: number,
  offset: number,
): Promise<{ rows: T[]; total: number }> {
  const rows = await db.$queryRaw<(T & { __total: number })[]>`
    SELECT q.*, COUNT(*) OVER ()::int AS "__total" FROM (${select}) q
    ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`;
  if (rows.length > 0) {
    return { rows: rows.map(({ __total: _, ...row }) => row as unknown as T), total: rows[0].__total };
  }
  if (offset === 0) return { rows: [], total: 0 };
  const [{ total }] = await db.$queryRaw<
    { total: number }[]
  >`SELECT COUNT(*)::int AS "total" FROM (${select}) q`;
  return { rows: [], total };
}
