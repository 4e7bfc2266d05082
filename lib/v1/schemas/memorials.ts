// The v1 wire objects of the memorial requests (2.2 MemorialsCreer, 2.4 PersonModifier), with the
// specification's French names, and their mapping, written once, to the domain's commands
// (lib/memorials/commands.ts) and back from the domain's field paths to the wire's.

import type { CreateMemorialCommand, ModifyPersonCommand } from "@memorial/lib/memorials/commands";
import { LIMITS } from "@memorial/lib/memorials/limits";
import {
  blankToNull,
  dateTime,
  email,
  id,
  int32,
  int53,
  language,
  text,
  url,
} from "@memorial/lib/validation";
import { z } from "zod";
import { setElsewhere } from "./wire-object";

export { parseDateTime } from "@memorial/lib/validation";

const opt = <T extends z.ZodTypeAny>(schema: T) => schema.nullish();
const bool = z.boolean("must be true or false");
const described = <T extends z.ZodTypeAny>(schema: T, description: string) => schema.meta({ description });

// The reference's names and descriptions of the shared input types (lib/v1/openapi.ts).
const dateTimeInput = dateTime.meta({
  id: "DateTimeInput",
  description: [
    "ISO 8601 date-time, with or without fractional seconds, with `Z`, an offset (`+02:00` or",
    "`+0200`, at most 14 hours) or no zone (UTC). A date alone is midnight UTC. An impossible",
    "date or time, or a larger offset, answers 400. The date must lie, once its zone is applied,",
    "between `1000-01-01T00:00:00Z` and `9999-12-31T23:59:59.999Z`.",
  ].join(" "),
  examples: ["2026-10-30T08:15:00", "2026-10-30T08:15:00.000Z", "2026-10-30"],
});
const languageInput = language.meta({
  id: "Language",
  description:
    "`fr`, `nl`, `en` or `de`, case-insensitive; a region (`fr-BE`) is ignored; blank counts as null. Anything else answers 400.",
  examples: ["fr", "nl-BE"],
});
const contexteId = opt(id);
// contract.md: these fields of 2.1 are ignored on input. They are accepted (any value), so that a
// partner may send back the Contexte of a response; a field 2.1 does not define is refused.
const ignored = z.unknown().optional().meta({ description: "Ignored on input." });

// Every object of a request body is strict (z.strictObject): a field the specification
// does not define is refused (UNKNOWN_FIELD), never ignored. An ignored typo such as
// `"AConfirmr": true` published a memorial without its family's consent.
export const ZContexteInput = z
  .strictObject({
    Environnement: ignored,
    ContexteGeneral: ignored,
    ContexteGeneralId: ignored,
    Contexte: ignored,
    ContexteId: ignored,
    ContexteGroupeEpfId: contexteId,
    ContexteEpfId: contexteId,
    ContexteEpfAgenceId: contexteId,
    ContexteGroupePresseId: contexteId,
    ContexteTitreId: contexteId,
    ContexteTitreEditionId: contexteId,
    ContexteAssuranceId: contexteId,
    ContexteGroupeMaisonReposId: contexteId,
  })
  .meta({
    id: "ContexteInput",
    description: [
      "The Contexte of a request. The kind-specific ids name the context acted for (0 or absent:",
      "none; the most specific one given is the one acted for; the others must be its ancestors).",
      "`ContexteGeneralId`, `ContexteId`, the names and `Environnement` are ignored (any value); a",
      "field 2.1 does not define answers 400 `UNKNOWN_FIELD`. `GET /Contextes` lists the caller's",
      "contexts with their ids.",
    ].join(" "),
  });

// A place of death is no field of 2.2's Defunt. It stays refused like any other, and
// its refusal says which request sets it.
const ZDefuntCreer = z
  .strictObject(
    {
      Nom: opt(text(LIMITS.name)),
      Prenom: opt(text(LIMITS.name)),
      Civilite: opt(text(LIMITS.civility)),
      DateDeces: described(
        opt(dateTimeInput),
        "Required to create a memorial; not needed for a tree in an existing memorial or an orphan tree.",
      ),
      DateNaissance: described(opt(dateTimeInput), "Not after DateDeces (400 otherwise)."),
      DateDecesApproximative: described(
        opt(bool),
        "true hides the date from the public and from other operators; it still drives deadlines.",
      ),
      Url: described(
        opt(url(LIMITS.url)),
        "The operator's page about the deceased, linked during the 14 days after creation; http or https; blank means none.",
      ),
      ImageUrl: described(opt(url(LIMITS.url)), "An image of the deceased; http or https; blank means none."),
    },
    setElsewhere({
      LieuDeces:
        "is not a field of the creation request (2.2); the place of death is set by PUT /Personne/Modifier (LieuDeces, with Id the IdDefunt of the response)",
    }),
  )
  .meta({
    id: "DefuntCreer",
    description:
      "The deceased of a new memorial. It has no place of death: `LieuDeces` here answers 400 `UNKNOWN_FIELD` (`Champ` `Defunt.LieuDeces`) with a Message saying that `PUT /Personne/Modifier` sets it, and nothing is written.",
  });

const ZFamille = z
  .strictObject({
    FamilleEmail: described(opt(email(LIMITS.email)), "Required when AConfirmer is true."),
    FamilleNom: described(opt(text(LIMITS.name)), "The family is greeted by it in its e-mails."),
    Langue: described(
      opt(languageInput),
      "The family's language: its e-mails (confirmation, management link) and its confirmation and management pages. Null: the memorial's language (rule 5).",
    ),
  })
  .meta({ id: "Famille" });

export const ZMemorialsCreer = z
  .strictObject({
    Objet: opt(text(LIMITS.shortText)),
    Id: described(opt(int32), "Echoed in the response (0 when absent)."),
    IdExternal: described(opt(text(LIMITS.shortText)), "Echoed as IdExerne."),
    Statut: opt(text(LIMITS.shortText)),
    Contexte: opt(ZContexteInput),
    ContextExtension: described(
      opt(z.record(z.string(), z.unknown())),
      "Free-form: the specification does not define its fields, so any object is accepted (and ignored).",
    ),
    Defunt: opt(ZDefuntCreer),
    Famille: opt(ZFamille),
    MemorialId: described(opt(id), "0 or null creates a new memorial; an existing id plants into it."),
    Message: described(opt(text(LIMITS.message)), "Text for the tree page; blank means none."),
    AConfirmer: described(
      opt(bool),
      "true: the family confirms before the memorial is public (default false).",
    ),
    ExternalId: described(opt(int53), "Informational; copied into the transaction."),
    DeLaPartDe: described(opt(text(LIMITS.planter)), "The planter, shown with the tree."),
    Langue: described(
      opt(languageInput),
      "The memorial's language (rule 5), and the family's when Famille.Langue is null.",
    ),
    MemorialAnonyme: described(opt(bool), "true makes an anonymous memorial."),
    MemorialAnonymeNom: described(
      opt(text(LIMITS.anonymousName)),
      "The anonymous memorial's title; used only when MemorialAnonyme is true.",
    ),
    ArbreOrphelin: described(opt(bool), "true plants into the operator's global memorial."),
    SpecialEmailType: opt(int32),
    MemorialsLot: described(
      opt(int32),
      "Echoed in the response (0 when absent); copied into the transaction.",
    ),
    UEventId: described(opt(int32), "A predefined event; copied into the transaction."),
  })
  .meta({
    id: "MemorialsCreer",
    description: [
      "2.2 creation request. Every field may be null or absent unless stated; which fields a new",
      "memorial requires is described on the operation. Strings must not contain U+0000. A field the",
      "specification does not define, here or in `Contexte`, `Defunt` or `Famille`, answers 400",
      "`UNKNOWN_FIELD` with `Champ` naming it (`AConfirmr`, `Famille.Foo`), and nothing is written.",
    ].join(" "),
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
        // 2.2 has no LieuDeces (PUT /Personne/Modifier sets it).
        placeOfDeath: null,
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
    context: contextIdsOfInput(c),
    planter: blankToNull(input.DeLaPartDe),
    message: blankToNull(input.Message),
    language: input.Langue ?? null,
    externalId: input.ExternalId ?? null,
    memorialsLot: input.MemorialsLot ?? null,
    uEventId: input.UEventId ?? null,
    specialEmailType: input.SpecialEmailType ?? null,
  };
}

export const ZPersonModifier = z
  .strictObject({
    Id: id
      .min(1, "must be a positive integer")
      .meta({ description: "Id of the deceased person (IdDefunt)." }),
    IdExterne: described(opt(int32), "0 is not applied."),
    Nom: opt(text(LIMITS.name)),
    Prenom: opt(text(LIMITS.name)),
    Civilite: opt(text(LIMITS.civility)),
    DateDeces: opt(dateTimeInput),
    LieuDeces: opt(text(LIMITS.placeOfDeath)),
    DateNaissance: opt(dateTimeInput),
    ImageUrl: opt(url(LIMITS.url)),
    MajTitreMemorials: described(
      opt(bool),
      "true recomputes the titles of the person's memorials (default false).",
    ),
  })
  .meta({
    id: "PersonModifier",
    description: [
      "2.4 modify request. Null or absent fields are not applied. The resulting date of birth must",
      "not be after the resulting date of death (400). Strings must not contain U+0000. A field the",
      "specification does not define answers 400 `UNKNOWN_FIELD` with `Champ` naming it.",
    ].join(" "),
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
  lastName: "Nom",
  firstName: "Prenom",
  birthDate: "DateNaissance",
  deathDate: "DateDeces",
  epfId: "epfId",
  // A tree named in a path (GET /Arbre/{arbreId}).
  "tree.id": "arbreId",
  // The claim codes (POST /v1/Codes/Creer and /Codes/Utiliser).
  memorialId: "MemorialId",
  contextId: "Contexte",
  count: "Nombre",
  expiresAt: "DateExpiration",
  code: "Code",
  planter: "Planteur",
  message: "MessagePlanteur",
  email: "Email",
  visitorPlanting: "MemorialId",
  // POST /v1/Arbres/Deplacer (lib/trees/move-trees.ts).
  fromMemorialId: "MemorialId",
  toMemorialId: "MemorialIdCible",
  treeIds: "ArbreIds",
  // GET /v1/DonneesPersonnelles (lib/privacy/subject-find.ts).
  name: "Nom",
  // PUT /v1/Memorial/{memorialId}/Ceremonie (lib/ceremonies/rules.ts).
  "ceremony.memorialId": "memorialId",
  "ceremony.start": "Debut",
  "ceremony.timeZone": "FuseauHoraire",
  "ceremony.placeName": "Lieu.Nom",
  "ceremony.placeAddress": "Lieu.Adresse",
  "ceremony.mapUrl": "Lieu.Carte",
  "ceremony.livestreamUrl": "Diffusion",
  "ceremony.note": "Note",
};

/** The context ids a request's Contexte names, by kind (0: none), for resolveContext. */
export function contextIdsOfInput(c: z.infer<typeof ZContexteInput> | null | undefined) {
  return {
    GroupeEpf: c?.ContexteGroupeEpfId ?? 0,
    Epf: c?.ContexteEpfId ?? 0,
    EpfAgence: c?.ContexteEpfAgenceId ?? 0,
    GroupePresse: c?.ContexteGroupePresseId ?? 0,
    Titre: c?.ContexteTitreId ?? 0,
    TitreEdition: c?.ContexteTitreEditionId ?? 0,
    Assurance: c?.ContexteAssuranceId ?? 0,
    GroupeMaisonRepos: c?.ContexteGroupeMaisonReposId ?? 0,
  };
}
