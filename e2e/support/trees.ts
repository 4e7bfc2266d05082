// Hand-made persons, memorials and planted trees for the report and Infos tests, written with
// Prisma directly so that these tests do not depend on POST /v1/Memorials/Creer; each tree has its
// transaction, as Creer writes them.
import type { MemorialKind, MemorialStatus } from "@memorial/lib/db/generated/enums";
import { declareDeath as declareDeathUseCase } from "@memorial/lib/trees/declare-death";
import { recordCheck as recordCheckUseCase } from "@memorial/lib/trees/record-check";
import { recordInGround as recordInGroundUseCase } from "@memorial/lib/trees/record-in-ground";
import { asScopeActor, db, makeIsolatedOperator, unique } from "./factories";

// A tree's life recorded as the dashboard or the command line records it: the scope's actor acts.
export const recordInGround = asScopeActor(recordInGroundUseCase);
export const recordCheck = asScopeActor(recordCheckUseCase);
export const declareDeath = asScopeActor(declareDeathUseCase);

export async function makePerson(input: {
  operatorId: number;
  epfId?: number | null;
  contextId?: number | null;
  firstName?: string | null;
  lastName?: string | null;
  civility?: string | null;
  deathDate?: Date;
  deathDateApproximate?: boolean;
  isTest?: boolean;
}) {
  return db.person.create({
    data: {
      operatorId: input.operatorId,
      epfId: input.epfId ?? null,
      contextId: input.contextId ?? input.epfId ?? null,
      firstName: input.firstName === undefined ? unique("Prenom") : input.firstName,
      lastName: input.lastName === undefined ? unique("Nom") : input.lastName,
      civility: input.civility ?? null,
      deathDate: input.deathDate ?? new Date("2024-02-20T00:00:00.000Z"),
      deathDateApproximate: input.deathDateApproximate ?? false,
      language: "fr",
      isTest: input.isTest ?? false,
    },
  });
}

export async function makeMemorial(input: {
  operatorId: number;
  personId: number | null;
  kind?: MemorialKind;
  status?: MemorialStatus;
  title?: string;
  anonymousName?: string | null;
  isTest?: boolean;
  contextId?: number | null;
}) {
  return db.memorial.create({
    data: {
      operatorId: input.operatorId,
      personId: input.personId,
      contextId: input.contextId ?? null,
      kind: input.kind ?? "classic",
      status: input.status ?? "visible",
      title: input.title ?? unique("Memorial"),
      anonymousName: input.anonymousName ?? null,
      language: "fr",
      isTest: input.isTest ?? false,
    },
  });
}

/**
 * A species of the most CO2 a tree may hold (DECIMAL(10,2)): 1,000,001 of them make a line's total
 * of 100,000,099,989,999.99 kg, 17 digits, which a double rounds (the API's reports write such a
 * page as JavaScript does, lib/v1/serializers/reports.ts reportLineAsJson).
 */
export const heaviestSpecies = () => ({
  name: unique("Séquoia"),
  latinName: "Sequoiadendron giganteum",
  type: "Résineux",
  maxHeightM: 90,
  lifespanYears: 3000,
  co2KgPerTree: 99_999_999.99,
  unitPrice: 10,
});

/** One planting operation: its transaction and its tree row, denormalised as the service writes it. */
/**
 * Where plant() puts a tree of a person's memorial: the operator's own species and site, through
 * a funeral home (`epfId`, its context too) or none.
 */
export const plantingOf = (
  op: { operatorId: number; speciesId: number; plantationId: number },
  memorial: { id: number },
  person: { id: number },
  epfId: number | null,
) => ({
  operatorId: op.operatorId,
  memorialId: memorial.id,
  personId: person.id,
  contextId: epfId,
  epfId,
  speciesId: op.speciesId,
  plantationId: op.plantationId,
});

export async function plant(input: {
  operatorId: number;
  memorialId: number;
  personId: number | null;
  contextId: number | null;
  epfId: number | null;
  speciesId: number;
  plantationId: number;
  plantedAt: Date;
  quantity?: number;
  planter?: string;
  message?: string | null;
  isTest?: boolean;
}) {
  const quantity = input.quantity ?? 1;
  const transaction = await db.transaction.create({
    data: {
      operatorId: input.operatorId,
      contextId: input.contextId,
      type: "Plantation",
      memorialId: input.memorialId,
      personId: input.personId,
      treeCount: quantity,
      freeTreeCount: 0,
      speciesId: input.speciesId,
      plantationId: input.plantationId,
      amount: 20 * quantity,
      isTest: input.isTest ?? false,
      createdAt: input.plantedAt,
    },
  });
  return db.tree.create({
    data: {
      memorialId: input.memorialId,
      operatorId: input.operatorId,
      contextId: input.contextId,
      epfId: input.epfId,
      personId: input.personId,
      speciesId: input.speciesId,
      plantationId: input.plantationId,
      quantity,
      planter: input.planter ?? "La famille",
      message: input.message ?? null,
      unitPrice: 20,
      isTest: input.isTest ?? false,
      plantedAt: input.plantedAt,
      transactionId: transaction.id,
    },
  });
}

/**
 * A new operator (makeIsolatedOperator) with one memorial and `count` trees ordered at `plantedAt`
 * at its own site, none yet in the ground: the start of a tree's life, for vitest and Playwright.
 */
export async function orderedTrees(
  count: number,
  options: {
    operator?: Parameters<typeof makeIsolatedOperator>[0];
    person?: Omit<Parameters<typeof makePerson>[0], "operatorId" | "isTest">;
    memorial?: Omit<Parameters<typeof makeMemorial>[0], "operatorId" | "personId" | "isTest">;
    plantedAt: Date;
    isTest?: boolean;
  },
) {
  const op = await makeIsolatedOperator(options.operator);
  const isTest = options.isTest;
  const person = await makePerson({ operatorId: op.operatorId, ...options.person, isTest });
  const memorial = await makeMemorial({
    operatorId: op.operatorId,
    personId: person.id,
    ...options.memorial,
    isTest,
  });
  const trees = [];
  for (let i = 0; i < count; i++) {
    trees.push(
      await plant({ ...plantingOf(op, memorial, person, null), plantedAt: options.plantedAt, isTest }),
    );
  }
  return { op, person, memorial, trees, ids: trees.map((t) => t.id) };
}
