// Declares a tree dead: from in the ground or monitored, once. The decision is
// PostgreSQL's: a conditional UPDATE ... WHERE status IN ('in_ground', 'monitored'), so of two
// simultaneous declarations one changes the row and the other (which waited for its lock and then
// saw it dead) changes nothing and is refused "already dead". A tree dead within
// REPLACEMENT_YEARS of its day in the ground is replaced in the same transaction (replace-tree.ts).
import type { Change, ChangeRecorder } from "@memorial/lib/changes/record";
import { invalid } from "@memorial/lib/errors";
import { replaceTree } from "@memorial/lib/plantings/replace-tree";
import type { Scope } from "@memorial/lib/scope";
import { settings } from "@memorial/lib/settings";
import { type DeathReason, deathRule, replacementDue } from "./transitions";
import { changerOf, orRefuse, recordTreeChange, treeStep, treesOf } from "./tree-rows";
import type { Within } from "./within";

export interface DeclareDeathInput {
  treeId: number;
  on: string;
  reason: DeathReason;
  note?: string;
  recordedBy: string;
}

export type Replacement = { treeId: number } | { queued: true } | null;

export async function declareDeath(
  scope: Scope,
  input: DeclareDeathInput,
  within?: Within,
): Promise<{ replacement: Replacement }> {
  const note = input.note?.trim() || undefined;
  const years = settings().REPLACEMENT_YEARS;
  const step = { treeIds: [input.treeId], recordedBy: input.recordedBy };
  return treeStep(
    scope,
    step,
    { lock: false, within },
    async ({ tx, changes, trees: [tree], recordedBy, day }) => {
      const refusal = deathRule(tree.id, tree, { ...input, note }, day);
      if (refusal) orRefuse(refusal);
      const [dead] = await tx.$queryRaw<{ in_ground_on: string }[]>`
      UPDATE "tree" SET "status" = 'dead', "died_on" = ${input.on}::date,
        "death_reason" = ${input.reason}::"DeathReason"
      WHERE "id" = ${tree.id} AND "status" IN ('in_ground', 'monitored')
        AND "in_ground_on" <= ${input.on}::date
        AND ("last_checked_on" IS NULL OR "last_checked_on" <= ${input.on}::date)
      RETURNING to_char("in_ground_on", 'YYYY-MM-DD') AS "in_ground_on"`;
      if (!dead) {
        // Changed since it was read (another declaration, a later check): the rules say why now.
        const [now] = await treesOf(tx, changerOf(scope), [tree.id], { lock: false });
        const why = deathRule(tree.id, now, { ...input, note }, day);
        if (why) throw invalid(why.message, why.problem);
        throw invalid(`tree ${tree.id} is already dead`, { field: "tree.status", reason: "already-dead" });
      }
      await tx.$executeRaw`
      INSERT INTO "tree_history" ("tree_id", "step", "occurred_on", "recorded_by", "reason", "note")
      VALUES (${tree.id}, 'died', ${input.on}::date, ${recordedBy}, ${input.reason}::"DeathReason", ${note ?? null})`;
      const due = replacementDue(dead.in_ground_on, input.on, years);
      // The replacement's changes are recorded after the death's, which names the replacement: its
      // events follow the death's, as they happen.
      const replacing: Change[] = [];
      const later: ChangeRecorder = { record: async (change) => void replacing.push(change) };
      const replacement = due ? await replaceTree(tx, later, tree.id, recordedBy) : null;
      await recordTreeChange(
        changes,
        "tree.death_declared",
        tree,
        input.on,
        { reason: input.reason, replacementDue: due },
        {
          before: { status: tree.status },
          after: { status: "dead", diedOn: input.on, deathReason: input.reason, replacement },
        },
      );
      for (const change of replacing) await changes.record(change);
      return { replacement };
    },
  );
}
