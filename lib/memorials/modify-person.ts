// PUT /v1/Personne/Modifier (4.2): partial update of a deceased person by the operator that
// created it; another operator's person is not found.
import { transaction } from "@/lib/db/client";
import { invalid, notFound } from "@/lib/errors";
import type { Caller } from "@/lib/operators/keys";
import { memorialChanged } from "./cache";
import { classicTitle } from "./create-memorial";
import type { TPersonModifier } from "./schemas";

export async function modifyPerson(options: { caller: Caller; input: TPersonModifier }) {
  const { caller, input } = options;
  const { person, memorialIds } = await transaction(async (tx) => {
    const existing = await tx.person.findFirst({
      where: { id: input.Id, operatorId: caller.operatorId, isTest: caller.isTest },
    });
    if (!existing) throw notFound(`Id: person ${input.Id} does not exist`);
    // 4.2 rule 1: null (or absent) fields are not applied, nor IdExterne 0.
    const data: Record<string, unknown> = {};
    if (input.IdExterne !== null && input.IdExterne !== undefined && input.IdExterne !== 0) {
      data.externalId = input.IdExterne;
    }
    if (input.Nom != null) data.lastName = input.Nom.trim() || null;
    if (input.Prenom != null) data.firstName = input.Prenom.trim() || null;
    if (input.Civilite != null) data.civility = input.Civilite.trim() || null;
    if (input.DateDeces != null) data.deathDate = input.DateDeces;
    if (input.LieuDeces != null) data.placeOfDeath = input.LieuDeces.trim() || null;
    if (input.DateNaissance != null) data.birthDate = input.DateNaissance;
    if (input.ImageUrl != null) data.imageUrl = input.ImageUrl.trim() || null;
    const birth = (data.birthDate as Date | undefined) ?? existing.birthDate;
    const death = (data.deathDate as Date | undefined) ?? existing.deathDate;
    if (birth && birth > death) throw invalid("DateNaissance: is after DateDeces");
    const person = await tx.person.update({ where: { id: existing.id }, data });
    const memorials = await tx.memorial.findMany({ where: { personId: person.id }, select: { id: true } });
    // 4.2 rule 3: titles follow the new name only when asked; an anonymous title never does.
    if (input.MajTitreMemorials === true) {
      const title = classicTitle(person.firstName, person.lastName);
      if (title)
        await tx.memorial.updateMany({ where: { personId: person.id, kind: "classic" }, data: { title } });
    }
    return { person, memorialIds: memorials.map((m) => m.id) };
  });
  for (const id of memorialIds) memorialChanged(id);
  return person;
}
