// A memorial's privacy level (issue 21.2), read for the public page (noindex), the family's
// management page and the webhook: the family's own choice, else the funeral home's default
// (context.default_privacy up the memorial's context chain), else public; "hidden" is the family's
// hide (hidden_at), whatever the stored level.
import { db, Prisma, type Tx } from "@memorial/lib/db/client";
import type { PrivacyLevel } from "@memorial/lib/events/payloads";
import { effectivePrivacySql } from "./policy";

export interface MemorialPrivacyView {
  /** What applies now: hidden when hidden, else the stored level that applies. */
  level: PrivacyLevel;
  /** True while the family (or the operator for it) has not chosen: the funeral home's default applies. */
  isDefault: boolean;
}

/** The privacy of memorial `id`, or null when it does not exist. */
export async function memorialPrivacy(
  id: number,
  client: Tx | typeof db = db,
): Promise<MemorialPrivacyView | null> {
  const rows = await client.$queryRaw<{ stored: "public" | "link_only"; chosen: boolean; hidden: boolean }[]>(
    Prisma.sql`SELECT ${effectivePrivacySql("m")}::text AS "stored", m."privacy" IS NOT NULL AS "chosen",
      m."hidden_at" IS NOT NULL AS "hidden"
      FROM "memorial" m WHERE m."id" = ${id}`,
  );
  const row = rows[0];
  if (!row) return null;
  return { level: row.hidden ? "hidden" : row.stored, isDefault: !row.chosen };
}
