// 2.3 creation response and 2.5 modify response.
import type { CreateMemorialResult } from "@memorial/lib/memorials/create-memorial";
import type { TMemorialsCreer } from "@memorial/lib/v1/schemas/memorials";
import type { TCreationFields, TDefuntModifie } from "@memorial/lib/v1/schemas/responses";

/** `urlMemorial`: the public address, null while the memorial is not public (extension). */
export function serializeCreation(
  input: TMemorialsCreer,
  result: CreateMemorialResult,
  urlMemorial: string | null,
): TCreationFields {
  return {
    IdExerne: input.IdExternal ?? null,
    Erreur: null,
    IdMemorial: result.memorialId,
    IdDefunt: result.personId ?? 0,
    IdEspece: result.speciesId ?? 0,
    NombreArbre: result.treeCount,
    AConfirmer: input.AConfirmer === true,
    NombreArbresGratuits: result.freeTrees,
    IdTransaction: result.transactionId,
    MemorialsLot: input.MemorialsLot ?? 0,
    UrlMemorial: urlMemorial,
  };
}

export function serializePerson(person: {
  id: number;
  externalId: number | null;
  lastName: string | null;
  firstName: string | null;
  civility: string | null;
  deathDate: Date;
  placeOfDeath: string | null;
  birthDate: Date | null;
  language: string;
}): TDefuntModifie {
  return {
    Id: person.id,
    IdExterne: person.externalId ?? 0,
    Nom: person.lastName,
    Prenom: person.firstName,
    Civilite: person.civility,
    DateDeces: person.deathDate.toISOString(),
    LieuDeces: person.placeOfDeath,
    DateNaissance: person.birthDate?.toISOString() ?? null,
    Language: person.language as TDefuntModifie["Language"],
  };
}
