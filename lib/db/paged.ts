// One page of a listing and the count of the whole listing, read by one statement (so from one
// snapshot of the database): the two always agree, whatever other requests write meanwhile
// (contract.md paging: NombreTotal, Plus), also for a page past the end.
import { db, type Prisma } from "./client";

export async function paged<T extends object>(
  select: Prisma.Sql,
  orderBy: Prisma.Sql,
  limit: number,
  offset: number,
): Promise<{ rows: T[]; total: number }> {
  const rows = await db.$queryRaw<(T & { __total: number; __row: number | null })[]>`
    SELECT q.*, c."__total" FROM (SELECT COUNT(*)::int AS "__total" FROM (${select}) q) c
    LEFT JOIN LATERAL (SELECT q.*, 1 AS "__row" FROM (${select}) q
                       ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}) q ON true
    ORDER BY ${orderBy}`;
  const total = rows[0]?.__total ?? 0;
  return {
    rows: rows
      .filter((row) => row.__row !== null)
      .map(({ __total: _t, __row: _r, ...row }) => row as unknown as T),
    total,
  };
}
