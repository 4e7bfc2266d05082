// The optional fields of a person that the dashboard's form can clear (null in the modification
// command); the date of death is required and cannot be cleared. Apart from actions.ts, whose
// "use server" module may export only async functions.
export const CLEARABLE_PERSON_FIELDS = [
  "lastName",
  "firstName",
  "civility",
  "birthDate",
  "placeOfDeath",
  "imageUrl",
  "externalId",
] as const;
