// The planting commands of the database tests: a new classic memorial with a plausible deceased
// (awaiting its family's confirmation, or not), and the command around a target, each with only
// what a test changes given.
import type { CreateMemorialCommand, PlantingTarget } from "@memorial/lib/memorials/commands";

type NewTarget = Extract<PlantingTarget, { kind: "new" }>;

export const newMemorialTarget = (
  extra: Partial<Omit<NewTarget, "deceased">> & { deceased?: Partial<NewTarget["deceased"]> } = {},
): PlantingTarget => ({
  kind: "new",
  family: null,
  anonymous: null,
  awaitConfirmation: false,
  ...extra,
  deceased: {
    firstName: "Marie",
    lastName: "Dupont",
    civility: null,
    deathDate: new Date("2026-10-01T00:00:00Z"),
    deathDateApproximate: false,
    birthDate: null,
    placeOfDeath: null,
    url: null,
    imageUrl: null,
    ...extra.deceased,
  },
});

/** A new memorial awaiting its family's confirmation, sent to `email`. */
export const awaitingFamilyTarget = (
  email: string,
  extra: Parameters<typeof newMemorialTarget>[0] = {},
): PlantingTarget =>
  newMemorialTarget({ awaitConfirmation: true, family: { email, name: null, language: null }, ...extra });

export const plantingCommand = (
  target: PlantingTarget,
  extra: Partial<CreateMemorialCommand> = {},
): CreateMemorialCommand => ({
  target,
  context: {},
  planter: null,
  message: null,
  language: null,
  externalId: null,
  memorialsLot: null,
  uEventId: null,
  specialEmailType: null,
  ...extra,
});
