// The v1 wire objects of the memorial requests (2.2 MemorialsCreer, 2.4 PersonModifier), with the
// specification's French names, and their mapping, written once, to the domain's commands
// (lib/memorials/commands.ts) and back from the domain's field paths to the wire's.
import { z } from "zod";
import type { CreateMemorialCommand, ModifyPersonCommand } from "@/lib/memorials/commands";
import { LIMITS } from "@/lib/memorials/limits";
import { blankToNull, dateTime, email, id, int32, language, text, url } from "@/lib/validation";

export { parseDateTime } from "@/lib/validation";

const opt = <T extends z.ZodTypeAny>(schema: T) => schema.nullish();
const bool = z.boolean("must be true or false");

export const ZContexteInput = z
  .object({
    ContexteGroupeEpfId: opt(id),
    ContexteEpfId: opt(id),
    ContexteEpfAgenceId: opt(id),
    ContexteGroupePresseId: opt(id),
    ContexteTitreId: opt(id),
    ContexteTitreEditionId: opt(id),
    ContexteAssuranceId: opt(id),
    ContexteGroupeMaisonReposId: opt(id),
  })
  .loose();

export const ZMemorialsCreer = z.object({
  Objet: opt(text(LIMITS.shortText)),
  Id: opt(int32),
  IdExternal: opt(text(LIMITS.shortText)),
  Statut: opt(text(LIMITS.shortText)),
  Contexte: opt(ZContexteInput),
  ContextExtension: opt(z.record(z.string(), z.unknown())),
  Defunt: opt(
    z.object({
      Nom: opt(text(LIMITS.name)),
      Prenom: opt(text(LIMITS.name)),
      Civilite: opt(text(LIMITS.civility)),
      DateDeces: opt(dateTime),
      DateNaissance: opt(dateTime),
      DateDecesApproximative: opt(bool),
      Url: opt(url(LIMITS.url)),
      ImageUrl: opt(url(LIMITS.url)),
    }),
  ),
  Famille: opt(
    z.object({
      FamilleEmail: opt(email(LIMITS.email)),
      FamilleNom: opt(text(LIMITS.name)),
      Langue: opt(language),
    }),
  ),
  MemorialId: opt(id),
  Message: opt(text(LIMITS.message)),
  AConfirmer: opt(bool),
  ExternalId: opt(
    z
      .number()
      .int("must be an integer")
      .min(-(2 ** 53) + 1)
      .max(2 ** 53 - 1),
  ),
  DeLaPartDe: opt(text(LIMITS.planter)),
  Langue: opt(language),
  MemorialAnonyme: opt(bool),
  MemorialAnonymeNom: opt(text(LIMITS.anonymousName)),
  ArbreOrphelin: opt(bool),
  SpecialEmailType: opt(int32),
  MemorialsLot: opt(int32),
  UEventId: opt(int32),
});

export type TMemorialsCreer = z.infer<typeof ZMemorialsCreer>;

/** A validation error of the wire object, with its path, as zod reports it. */
function wireIssue(path: string, message: string): z.ZodError {
  return new z.ZodError([{ code: "custom", path: path.split("."), message, input: undefined }]);
}

/** 2.2 to the domain's command: which planting (4.1 rules 1 to 4), and its details. */
export function toCreateMemorialCommand(input: TMemorialsCreer): CreateMemorialCommand {
  const c = input.Contexte ?? {};
  let target: CreateMemorialCommand["target"];
  if (input.ArbreOrphelin === true) {
    target = { kind: "orphan" }; // 4.1 rule 3: MemorialId is ignored
  } else if ((input.MemorialId ?? 0) > 0) {
    target = { kind: "existing", memorialId: input.MemorialId as number }; // rule 2: AConfirmer ignored
  } else {
    const defunt = input.Defunt;
    if (!defunt) throw wireIssue("Defunt", "is required to create a memorial");
    // 4.1 rule 9: the date of death is mandatory for a new memorial.
    if (!defunt.DateDeces) throw wireIssue("Defunt.DateDeces", "is required");
    const anonymous = input.MemorialAnonyme === true;
    const famille = input.Famille;
    target = {
      kind: "new",
      deceased: {
        firstName: blankToNull(defunt.Prenom),
        lastName: blankToNull(defunt.Nom),
        civility: blankToNull(defunt.Civilite),
        deathDate: defunt.DateDeces,
        deathDateApproximate: defunt.DateDecesApproximative === true,
        birthDate: defunt.DateNaissance ?? null,
        // 4.1 rule 8: a blank Url means no link.
        url: blankToNull(defunt.Url),
        imageUrl: blankToNull(defunt.ImageUrl),
      },
      family: famille
        ? {
            email: blankToNull(famille.FamilleEmail),
            name: blankToNull(famille.FamilleNom),
            language: famille.Langue ?? null,
          }
        : null,
      // 4.1 rule 7: MemorialAnonymeNom is used only when MemorialAnonyme is true.
      anonymous: anonymous ? { name: blankToNull(input.MemorialAnonymeNom) } : null,
      awaitConfirmation: input.AConfirmer === true,
    };
  }
  return {
    target,
    context: {
      GroupeEpf: c.ContexteGroupeEpfId ?? 0,
      Epf: c.ContexteEpfId ?? 0,
      EpfAgence: c.ContexteEpfAgenceId ?? 0,
      GroupePresse: c.ContexteGroupePresseId ?? 0,
      Titre: c.ContexteTitreId ?? 0,
      TitreEdition: c.ContexteTitreEditionId ?? 0,
      Assurance: c.ContexteAssuranceId ?? 0,
      GroupeMaisonRepos: c.ContexteGroupeMaisonReposId ?? 0,
    },
    planter: blankToNull(input.DeLaPartDe),
    message: blankToNull(input.Message),
    language: input.Langue ?? null,
    externalId: input.ExternalId ?? null,
    memorialsLot: input.MemorialsLot ?? null,
    uEventId: input.UEventId ?? null,
    specialEmailType: input.SpecialEmailType ?? null,
  };
}

export const ZPersonModifier = z.object({
  Id: id.min(1, "must be a positive integer"),
  IdExterne: opt(int32),
  Nom: opt(text(LIMITS.name)),
  Prenom: opt(text(LIMITS.name)),
  Civilite: opt(text(LIMITS.civility)),
  DateDeces: opt(dateTime),
  LieuDeces: opt(text(LIMITS.placeOfDeath)),
  DateNaissance: opt(dateTime),
  ImageUrl: opt(url(LIMITS.url)),
  MajTitreMemorials: opt(bool),
});

export type TPersonModifier = z.infer<typeof ZPersonModifier>;

/** 2.4 to the domain's command. 4.2 rule 1: null fields, and IdExterne 0, are not applied. */
export function toModifyPersonCommand(input: TPersonModifier): ModifyPersonCommand {
  const keep = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
  // A text sent blank empties the field (it is not null, so it is applied).
  const textValue = (value: string | null | undefined) => (value == null ? undefined : value.trim() || null);
  return {
    personId: input.Id,
    externalId: input.IdExterne === 0 ? undefined : keep(input.IdExterne),
    lastName: textValue(input.Nom),
    firstName: textValue(input.Prenom),
    civility: textValue(input.Civilite),
    deathDate: keep(input.DateDeces),
    placeOfDeath: textValue(input.LieuDeces),
    birthDate: keep(input.DateNaissance),
    imageUrl: textValue(input.ImageUrl),
    // 4.2 rule 3: the default is false.
    updateTitles: input.MajTitreMemorials === true,
  };
}

/** The wire name of a field of the domain's commands, for the Error object's Message and Champ. */
export const WIRE_FIELD: Record<string, string> = {
  "target.memorialId": "MemorialId",
  "deceased.lastName": "Defunt.Nom",
  "deceased.firstName": "Defunt.Prenom",
  "deceased.birthDate": "Defunt.DateNaissance",
  "deceased.deathDate": "Defunt.DateDeces",
  "family.email": "Famille.FamilleEmail",
  personId: "Id",
  birthDate: "DateNaissance",
  deathDate: "DateDeces",
  epfId: "epfId",
};
