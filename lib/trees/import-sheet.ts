// importTreeSheet: a field team's sheet, all or nothing. Every line is read
// (lib/trees/sheet.ts) and then checked against its tree as it will be when the line is reached:
// the tree's state in the database, changed by the earlier lines of the same sheet (a check after
// the sheet's own in-ground line is fine; a second death of the same tree is not). The report says
// every line's outcome. When any line is refused nothing is written; otherwise every line is
// recorded through the use cases of lib/trees, in order, in ONE transaction (a change by someone
// else between the check and the write makes that use case refuse, and the whole sheet is rolled
// back and reported).
import { recordChange, withEvents } from "@memorial/lib/changes/record";
import { db } from "@memorial/lib/db/client";
import { DomainError, type FieldProblem } from "@memorial/lib/errors";
import { isTestEnvironment, type OperatorScope } from "@memorial/lib/scope";
import { declareDeath } from "./declare-death";
import { recordCheck } from "./record-check";
import { recordInGround } from "./record-in-ground";
import { readSheet, type SheetCommand, type SheetLine, type SheetStep } from "./sheet";
import {
  checkRule,
  type DeathReason,
  deathRule,
  inGroundRule,
  isRefusal,
  nextStatus,
  type Refusal,
  type TreeFacts,
  type TreeHealth,
  utcDay,
} from "./transitions";
import type { Within } from "./within";

interface SheetLineReport {
  line: number;
  treeId?: number;
  step?: SheetStep;
  /** Why the line is refused, in English (the edges write it in the user's language from `problem`). */
  error?: string;
  /** The column at fault (tree_id, step, date, latitude...) and a reason word. */
  problem?: FieldProblem;
}

export interface SheetReport {
  ok: boolean;
  lines: SheetLineReport[];
}

/** The column of the sheet that a use case's field names. */
const COLUMN_OF_FIELD: Record<string, string> = {
  "tree.id": "tree_id",
  "tree.status": "step",
  "tree.date": "date",
  "tree.point": "latitude",
  "tree.latitude": "latitude",
  "tree.longitude": "longitude",
  "tree.plantedBy": "planted_by",
  "tree.health": "health",
  "tree.heightCm": "height_cm",
  "tree.reason": "reason",
  "tree.note": "note",
};

const toColumn = (problem: FieldProblem): FieldProblem => ({
  field: COLUMN_OF_FIELD[problem.field] ?? problem.field.replace(/^tree\./, ""),
  reason: problem.reason,
});

/** The operator's trees the sheet names, as the rules read them; another operator's are absent. */
async function factsOf(scope: OperatorScope, treeIds: number[]): Promise<Map<number, TreeFacts>> {
  const rows = await db.tree.findMany({
    where: {
      id: { in: treeIds },
      operatorId: scope.operatorId,
      isTest: isTestEnvironment(scope.environment),
    },
    select: {
      id: true,
      status: true,
      plantedAt: true,
      inGroundOn: true,
      lastCheckedOn: true,
      plantation: { select: { latitude: true, longitude: true } },
    },
  });
  return new Map(
    rows.map((row) => [
      row.id,
      {
        status: row.status,
        orderedAt: row.plantedAt,
        inGroundOn: row.inGroundOn ? utcDay(row.inGroundOn) : null,
        lastCheckedOn: row.lastCheckedOn ? utcDay(row.lastCheckedOn) : null,
        site: { latitude: Number(row.plantation.latitude), longitude: Number(row.plantation.longitude) },
      },
    ]),
  );
}

/** The tree after a line, by the rules of transitions.ts, or why the line is refused. */
function apply(facts: TreeFacts, command: SheetCommand, today: string): TreeFacts | Refusal {
  const { treeId, on } = command;
  let refusal: Refusal | null;
  if (command.step === "in_ground") {
    const point = inGroundRule(treeId, facts, command, today);
    refusal = isRefusal(point) ? point : null;
  } else if (command.step === "check") {
    refusal = checkRule(treeId, facts, command, today);
  } else {
    refusal = deathRule(treeId, facts, command, today);
  }
  if (refusal) return refusal;
  const status = nextStatus(facts.status, command.step) ?? facts.status;
  if (command.step === "in_ground") return { ...facts, status, inGroundOn: on };
  if (command.step === "check") return { ...facts, status, lastCheckedOn: on };
  return { ...facts, status };
}

/** Checks every line against its tree (and the sheet's earlier lines): each line's outcome. */
async function checkSheet(scope: OperatorScope, lines: SheetLine[]): Promise<SheetLineReport[]> {
  const ids = [...new Set(lines.flatMap((line) => (line.ok ? [line.command.treeId] : [])))];
  const trees = await factsOf(scope, ids);
  const today = utcDay(new Date());
  return lines.map((line): SheetLineReport => {
    if (!line.ok) {
      return {
        line: line.line,
        treeId: line.treeId,
        step: line.step,
        error: line.message,
        problem: line.problem,
      };
    }
    const { treeId, step } = line.command;
    const facts = trees.get(treeId);
    if (!facts) {
      return {
        line: line.line,
        treeId,
        step,
        error: `tree_id: no tree ${treeId} of this operator`,
        problem: { field: "tree_id", reason: "not-found" },
      };
    }
    const after = apply(facts, line.command, today);
    if (isRefusal(after)) {
      const problem = toColumn(after.problem);
      return { line: line.line, treeId, step, error: `${problem.field}: ${after.message}`, problem };
    }
    trees.set(treeId, after);
    return { line: line.line, treeId, step };
  });
}

/** Who recorded each line: the sheet's file and the person or program that sent it. */
function recorder(fileName: string, recordedBy: string): string {
  return `import ${fileName.slice(0, 80)} (${recordedBy})`.slice(0, 200);
}

/** One line through its use case, inside the sheet's transaction. */
async function record(
  scope: OperatorScope,
  command: SheetCommand,
  recordedBy: string,
  within: Within,
): Promise<void> {
  const { treeId, on } = command;
  if (command.step === "in_ground") {
    const { latitude, longitude, plantedBy } = command;
    await recordInGround(
      scope,
      { treeIds: [treeId], on, latitude, longitude, plantedBy, recordedBy },
      within,
    );
  } else if (command.step === "check") {
    const { heightCm, note } = command;
    const health = command.health as TreeHealth;
    await recordCheck(scope, { treeId, on, health, heightCm, note, recordedBy }, within);
  } else {
    const reason = command.reason as DeathReason;
    await declareDeath(scope, { treeId, on, reason, note: command.note, recordedBy }, within);
  }
}

export async function importTreeSheet(
  scope: OperatorScope,
  csvText: string,
  options: { fileName: string; recordedBy: string },
): Promise<SheetReport> {
  const lines = readSheet(csvText);
  const report = await checkSheet(scope, lines);
  if (report.some((line) => line.error)) return { ok: false, lines: report };
  const recordedBy = recorder(options.fileName, options.recordedBy);
  const commands = lines.flatMap((line) => (line.ok ? [line] : []));
  let current = 0;
  try {
    await withEvents(async (tx, changes) => {
      for (const [index, line] of commands.entries()) {
        current = index;
        await record(scope, line.command, recordedBy, { tx, changes });
      }
      // Each line's step writes its own row; this one says that a sheet brought them.
      await recordChange(tx, {
        kind: "tree.imported",
        target: { type: "operator", id: scope.operatorId },
        operatorId: scope.operatorId,
        after: { fileName: options.fileName.slice(0, 100), lines: commands.length },
      });
    });
  } catch (error) {
    // The tree changed between the check and the write (someone else recorded a step): the use
    // case refused this line and the transaction wrote nothing.
    if (!(error instanceof DomainError) || error.status >= 500) throw error;
    const failed = report[current];
    const problem = error.problem ? toColumn(error.problem) : { field: "tree_id", reason: "changed" };
    report[current] = { ...failed, error: `${problem.field}: ${error.message}`, problem };
    return { ok: false, lines: report };
  }
  return { ok: true, lines: report };
}
