// 4.2 Modify a deceased person: a partial update by the operator (and environment) that created
// the person; another operator's person is not found. The person's memorials hear of it through
// the person.modified event (their pages show the new name or dates).

import { withEvents } from "@memorial/lib/changes/record";
import { invalid, notFound } from "@memorial/lib/errors";
import type { Caller } from "@memorial/lib/operators/keys";
import { isTestEnvironment } from "@memorial/lib/scope";
import type { ModifyPersonCommand } from "./commands";
import { checkDeathDate } from "./death-date";
import { recordDuplicates } from "./duplicates";
import { classicTitle } from "./policy";

export async function modifyPerson(options: { caller: Caller; command: ModifyPersonCommand }) {
  const { caller, command } = options;
  const { person, memorialIds } = await withEvents(async (tx, changes) => {
    // The row is locked before it is read: two modifications at once are checked one after the
    // other, each against what the other wrote (its names, its dates).
    await tx.$queryRaw`SELECT "id" FROM "person" WHERE "id" = ${command.personId} FOR UPDATE`;
    const existing = await tx.person.findFirst({
      where: {
        id: command.personId,
        operatorId: caller.operatorId,
        isTest: isTestEnvironment(caller.environment),
      },
    });
    if (!existing) {
      throw notFound(`person ${command.personId} does not exist`, { field: "personId", reason: "not-found" });
    }
    // undefined: unchanged; null: cleared (the command says which, the edges decide how).
    const data = {
      externalId: command.externalId,
      lastName: command.lastName,
      firstName: command.firstName,
      civility: command.civility,
      deathDate: command.deathDate,
      placeOfDeath: command.placeOfDeath,
      birthDate: command.birthDate,
      imageUrl: command.imageUrl,
    };
    // A named person stays named: its classic memorials are titled with its names (creation
    // refuses a classic memorial without one), and MajTitreMemorials could not title them.
    const lastName = data.lastName === undefined ? existing.lastName : data.lastName;
    const firstName = data.firstName === undefined ? existing.firstName : data.firstName;
    if (!lastName && !firstName && (existing.lastName || existing.firstName)) {
      throw invalid(
        "the family name and the given name cannot both be emptied: the memorials are titled with them",
        {
          field: data.lastName === null ? "lastName" : "firstName",
          reason: "required",
        },
      );
    }
    if (data.deathDate) checkDeathDate(data.deathDate, "deathDate");
    const birth = data.birthDate === undefined ? existing.birthDate : data.birthDate;
    const death = data.deathDate ?? existing.deathDate;
    if (birth && birth > death) {
      throw invalid("the date of birth is after the date of death", {
        field: data.birthDate === undefined ? "deathDate" : "birthDate",
        reason: data.birthDate === undefined ? "before-birth" : "after-death",
      });
    }
    const person = await tx.person.update({ where: { id: existing.id }, data });
    // 4.2 rule 3: titles follow the new name only when asked; an anonymous title never does.
    if (command.updateTitles) {
      const title = classicTitle(person.firstName, person.lastName);
      if (title) {
        await tx.memorial.updateMany({ where: { personId: person.id, kind: "classic" }, data: { title } });
      }
    }
    const memorials = await tx.memorial.findMany({ where: { personId: person.id }, select: { id: true } });
    await changes.record({
      kind: "person.modified",
      target: { type: "person", id: existing.id },
      operatorId: caller.operatorId,
      memorialId: memorials[0]?.id ?? null,
      ...givenFields(existing, data),
      event: {
        isTest: isTestEnvironment(caller.environment),
        memorialId: null,
        memorialIds: memorials.map((m) => m.id),
        payload: { personId: person.id, titlesUpdated: command.updateTitles },
      },
    });
    return { person, memorialIds: memorials.map((m) => m.id) };
  });
  // A new name, date or place may make a duplicate (a pair already recorded, one marked "not the
  // same person" too, is left as it is); looked for once the change is committed, as for a new
  // memorial (lib/memorials/duplicates.ts).
  for (const memorialId of memorialIds) await recordDuplicates(memorialId);
  return person;
}

/** The audit row's fields: those the command gave, as they were and as they are. */
function givenFields(existing: Record<string, unknown>, data: Record<string, unknown>) {
  const given = Object.keys(data).filter((field) => data[field] !== undefined);
  return {
    before: Object.fromEntries(given.map((field) => [field, existing[field]])),
    after: Object.fromEntries(given.map((field) => [field, data[field]])),
  };
}
