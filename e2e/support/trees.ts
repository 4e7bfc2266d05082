// Hand-made persons, memorials and planted trees for the report and Infos tests, written with
// Prisma directly so that these tests do not depend on POST /v1/Memorials/Creer; each tree has its
// transaction, as Creer writes them.
import type { MemorialKind, MemorialStatus } from "@/lib/db/generated/enums";
import { db, unique } from "./factories";

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

/** One planting operation: its transaction and its tree row, denormalised as the service writes it. */
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
