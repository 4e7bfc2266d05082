// Every row of a listing in batches read by keyset (exports that stream): each batch is the rows
// after the last one of the batch before, in the order of a unique key. A batch costs the same
// however far into the listing (an index on the key), no total is counted, and only one batch is
// held at a time.
import { Prisma } from "./client";

export interface KeysetListing<Row> {
  /** The key's columns in the listing's order, unique together: Prisma.sql`t."created_at", t."id"`. */
  key: Prisma.Sql;
  /** The key's values of a row, in the columns' order. */
  keyOf: (row: Row) => unknown[];
  /**
   * The first `limit` rows ordered by the key among those `after` lets through: a condition to add
   * to the WHERE clause (`AND (key) > (values)`, empty for the first batch).
   */
  read: (after: Prisma.Sql, limit: number) => Promise<Row[]>;
}

export async function* keysetBatches<Row>(listing: KeysetListing<Row>, batch = 1000): AsyncGenerator<Row[]> {
  let after: Prisma.Sql = Prisma.empty;
  for (;;) {
    const rows = await listing.read(after, batch);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = Prisma.sql`AND (${listing.key}) > (${Prisma.join(listing.keyOf(rows[rows.length - 1]))})`;
  }
}
