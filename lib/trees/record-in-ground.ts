// Records that trees were planted in the ground: one or several trees of the
// operator (the dashboard's batch form, the CSV import, the command line), all or nothing, in one
// transaction. Each tree must be ordered (not yet in the ground), the day between its order's day
// and today, the point within SITE_RADIUS_KM of its own planting site (omitted: the site's point).
// The trees are locked while checked and written, so a concurrent change waits and sees the result.
import { invalid } from "@memorial/lib/errors";
import type { Scope } from "@memorial/lib/scope";
import { inGroundRule } from "./transitions";
import { orRefuse, recordTreeChange, treeStep } from "./tree-rows";
import type { Within } from "./within";

export interface RecordInGroundInput {
  treeIds: number[];
  /** The day in the ground, YYYY-MM-DD. */
  on: string;
  latitude?: number;
  longitude?: number;
  plantedBy?: string;
  photoKey?: string;
  recordedBy: string;
}

export async function recordInGround(
  scope: Scope,
  input: RecordInGroundInput,
  within?: Within,
): Promise<{ treeIds: number[] }> {
  const plantedBy = input.plantedBy?.trim() || undefined;
  return treeStep(
    scope,
    input,
    { lock: true, within },
    async ({ tx, changes, trees, recordedBy, photoKey, day }) => {
      const rows = trees.map((tree) => {
        const { point } = orRefuse(
          inGroundRule(
            tree.id,
            tree,
            { on: input.on, latitude: input.latitude, longitude: input.longitude, plantedBy },
            day,
          ),
        );
        return { tree, point };
      });
      const data = rows.map(({ tree, point }) => ({
        id: tree.id,
        latitude: point.latitude,
        longitude: point.longitude,
      }));
      // The status condition repeats the rule for the database: a row that is no longer ordered
      // (impossible while locked, but cheap to say) is not changed, and the count shows it.
      const updated = await tx.$executeRaw`
      UPDATE "tree" t SET "status" = 'in_ground', "in_ground_on" = ${input.on}::date,
        "latitude" = x."latitude", "longitude" = x."longitude", "planted_by" = ${plantedBy ?? null},
        "photo_key" = ${photoKey}
      FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb)
        AS x("id" int, "latitude" numeric(9,6), "longitude" numeric(9,6))
      WHERE t."id" = x."id" AND t."status" = 'ordered'`;
      if (updated !== rows.length) {
        throw invalid("a tree is already in the ground", {
          field: "tree.status",
          reason: "already-in-ground",
        });
      }
      await tx.$executeRaw`
      INSERT INTO "tree_history" ("tree_id", "step", "occurred_on", "recorded_by", "photo_key",
        "latitude", "longitude", "planted_by")
      SELECT x."id", 'in_ground', ${input.on}::date, ${recordedBy}, ${photoKey}, x."latitude", x."longitude",
        ${plantedBy ?? null}
      FROM jsonb_to_recordset(${JSON.stringify(data)}::jsonb)
        AS x("id" int, "latitude" numeric(9,6), "longitude" numeric(9,6))
      ORDER BY x."id"`;
      for (const { tree, point } of rows) {
        await recordTreeChange(
          changes,
          "tree.in_ground",
          tree,
          input.on,
          { latitude: point.latitude, longitude: point.longitude, photoKey },
          {
            before: { status: tree.status },
            after: {
              status: "in_ground",
              inGroundOn: input.on,
              latitude: point.latitude,
              longitude: point.longitude,
              plantedBy: plantedBy ?? null,
              photoKey,
            },
          },
        );
      }
      return { treeIds: trees.map((t) => t.id) };
    },
  );
}
