// The family makes its classic memorial anonymous (4.1 rule 7 then applies everywhere: nothing
// about the deceased is shown, the memorial is named by its anonymous name or id), or makes it
// classic again. Only what the family did can be undone: a memorial created anonymous stays so.
import { invalid } from "@memorial/lib/errors";
import { type FamilyActor, familyControl, recordFamilyChange } from "./family-actor";
import { classicTitle } from "./policy";

export async function setMemorialAnonymous(
  actor: FamilyActor,
  anonymous: boolean,
): Promise<{ anonymous: boolean; changed: boolean }> {
  return familyControl(actor, async (memorial, tx, changes) => {
    if (anonymous) {
      if (memorial.kind === "anonymous") return { anonymous, changed: false };
      if (memorial.kind !== "classic") {
        throw invalid("only a memorial of a person can be made anonymous", {
          field: "kind",
          reason: "global",
        });
      }
      await tx.memorial.update({
        where: { id: memorial.id },
        data: { kind: "anonymous", anonymisedAt: new Date() },
      });
    } else {
      if (memorial.kind === "classic") return { anonymous, changed: false };
      if (memorial.anonymisedAt === null) {
        throw invalid("this memorial was created anonymous: it cannot be given a name here", {
          field: "kind",
          reason: "created-anonymous",
        });
      }
      // The person may have been modified meanwhile: the title is the person's name again.
      const person = memorial.personId
        ? await tx.person.findUnique({
            where: { id: memorial.personId },
            select: { firstName: true, lastName: true },
          })
        : null;
      await tx.memorial.update({
        where: { id: memorial.id },
        data: {
          kind: "classic",
          anonymisedAt: null,
          ...(person ? { title: classicTitle(person.firstName, person.lastName) || memorial.title } : {}),
        },
      });
    }
    await recordFamilyChange(
      changes,
      actor,
      memorial,
      anonymous ? "memorial.anonymised" : "memorial.unanonymised",
      { before: { kind: memorial.kind }, after: { kind: anonymous ? "anonymous" : "classic" } },
    );
    return { anonymous, changed: true };
  });
}
