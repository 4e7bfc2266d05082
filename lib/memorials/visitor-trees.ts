// The trees visitors planted (a claim code, a payment), as the family's management
// page and the dashboard show them: their origin, and where the visitor's words stand in the
// family's guestbook (pending, published, hidden; none when the family deleted the entry). The
// public never sees a visitor's name or message before the family publishes them (public-queries.ts).
import type { db, Tx } from "@memorial/lib/db/client";

type VisitorTreeOrigin = "visitor_code" | "visitor_payment";

export interface VisitorTree {
  origin: VisitorTreeOrigin;
  /** The visitor's guestbook entry's status, null when the family deleted it. */
  words: "pending" | "published" | "hidden" | null;
}

/** The visitor trees among `treeIds`, by tree id (a partner's tree is absent). */
export async function visitorTrees(
  client: Tx | typeof db,
  treeIds: number[],
): Promise<Map<number, VisitorTree>> {
  if (treeIds.length === 0) return new Map();
  const rows = await client.$queryRaw<
    { tree_id: number; origin: VisitorTreeOrigin; status: VisitorTree["words"] }[]
  >`
    SELECT vp."tree_id", vp."origin"::text AS "origin", ge."status"::text AS "status"
    FROM "visitor_planting" vp
    LEFT JOIN "guestbook_entry" ge ON ge."visitor_planting_id" = vp."id"
    WHERE vp."tree_id" = ANY(${treeIds}::int[])`;
  return new Map(rows.map((row) => [row.tree_id, { origin: row.origin, words: row.status }]));
}
