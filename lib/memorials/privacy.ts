// A memorial's privacy level, read for the public page (noindex), the family's
// management page and the webhook: the family's own choice, else the funeral home's default
// (context.default_privacy up the memorial's context chain), else public; "hidden" is the family's
// hide (hidden_at), whatever the stored level.
import { db, Prisma } from "@memorial/lib/db/client";
import type { SqlClient } from "@memorial/lib/db/raw";
import type { PrivacyLevel } from "@memorial/lib/events/payloads";
import { effectivePrivacySql } from "./policy";

export interface MemorialPrivacyView {
  /** What applies now: hidden when hidden, else the stored level that applies. */
  level: PrivacyLevel;
  /** True while the family (or the operator for it) has not chosen: the funeral home's default applies. */
  isDefault: boolean;
}

/** What a memorial's privacy is made of, read by privacyColumnsSql. */
export interface PrivacyColumns {
  privacyStored: "public" | "link_only";
  privacyChosen: boolean;
  privacyHidden: boolean;
}

/** The columns of a memorial's privacy (aliased `alias`), read with other columns (Infos). */
export function privacyColumnsSql(alias = "m"): Prisma.Sql {
  const m = Prisma.raw(`"${alias}"`);
  return Prisma.sql`${effectivePrivacySql(alias)}::text AS "privacyStored", ${m}."privacy" IS NOT NULL AS "privacyChosen",
      ${m}."hidden_at" IS NOT NULL AS "privacyHidden"`;
}

/** The privacy of a memorial from its columns (privacyColumnsSql). */
export function privacyOf(row: PrivacyColumns): MemorialPrivacyView {
  return { level: row.privacyHidden ? "hidden" : row.privacyStored, isDefault: !row.privacyChosen };
}

/** The privacy of memorial `id`, or null when it does not exist. */
export async function memorialPrivacy(
  id: number,
  client: Pick<SqlClient, "$queryRaw"> = db,
): Promise<MemorialPrivacyView | null> {
  const [row] = await client.$queryRaw<PrivacyColumns[]>(
    Prisma.sql`SELECT ${privacyColumnsSql("m")} FROM "memorial" m WHERE m."id" = ${id}`,
  );
  return row ? privacyOf(row) : null;
}
