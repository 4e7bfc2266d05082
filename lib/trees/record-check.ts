// Records a check of a tree in the ground: alive or sick, an optional height, photo
// and note. The tree becomes (or stays) monitored; its last check is the one shown. A tree found
// dead is declared dead (declare-death.ts), not checked.
import type { Scope } from "@memorial/lib/scope";
import { checkRule, type TreeHealth } from "./transitions";
import { orRefuse, recordTreeChange, treeStep } from "./tree-rows";
import type { Within } from "./within";

export interface RecordCheckInput {
  treeId: number;
  on: string;
  health: TreeHealth;
  heightCm?: number;
  photoKey?: string;
  note?: string;
  recordedBy: string;
}

export async function recordCheck(
  scope: Scope,
  input: RecordCheckInput,
  within?: Within,
): Promise<{ treeId: number }> {
  const note = input.note?.trim() || undefined;
  const step = { treeIds: [input.treeId], recordedBy: input.recordedBy, photoKey: input.photoKey };
  return treeStep(
    scope,
    step,
    { lock: true, within },
    async ({ tx, changes, trees: [tree], recordedBy, photoKey, day }) => {
      const refusal = checkRule(tree.id, tree, { ...input, note }, day);
      if (refusal) orRefuse(refusal);
      const heightCm = input.heightCm ?? null;
      // The tree's photo is its latest one.
      await tx.$executeRaw`
      UPDATE "tree" SET "status" = 'monitored', "last_checked_on" = ${input.on}::date,
        "health" = ${input.health}::"TreeHealth", "height_cm" = ${heightCm},
        "photo_key" = COALESCE(${photoKey}, "photo_key")
      WHERE "id" = ${tree.id} AND "status" IN ('in_ground', 'monitored')`;
      await tx.$executeRaw`
      INSERT INTO "tree_history" ("tree_id", "step", "occurred_on", "recorded_by", "health", "height_cm",
        "note", "photo_key")
      VALUES (${tree.id}, 'checked', ${input.on}::date, ${recordedBy}, ${input.health}::"TreeHealth",
        ${heightCm}, ${note ?? null}, ${photoKey})`;
      await recordTreeChange(
        changes,
        "tree.checked",
        tree,
        input.on,
        { health: input.health, heightCm, photoKey },
        {
          before: { status: tree.status, lastCheckedOn: tree.lastCheckedOn },
          after: { status: "monitored", lastCheckedOn: input.on, health: input.health, heightCm, photoKey },
        },
      );
      return { treeId: tree.id };
    },
  );
}
