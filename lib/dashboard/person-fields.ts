// The person form of the dashboard (a memorial's page): its fields, and those it can clear. Imported
// by the browser's form, so nothing here needs zod: the parsing is person-form-schema.ts.
// The optional fields of a person that the form can clear (null in the modification command); the
// date of death is required and cannot be cleared.
export const CLEARABLE_PERSON_FIELDS = [
  "lastName",
  "firstName",
  "civility",
  "birthDate",
  "placeOfDeath",
  "imageUrl",
  "externalId",
] as const;

export interface PersonFormValues {
  personId: number;
  externalId: string;
  lastName: string;
  firstName: string;
  civility: string;
  deathDate: string;
  placeOfDeath: string;
  birthDate: string;
  imageUrl: string;
  updateTitles: boolean;
  /** Optional fields the user asked to clear (null in the command), whatever their input holds. */
  clear?: string[];
}

/** The person form's field of each field of the modification command. */
export const PERSON_FIELD: Record<string, keyof PersonFormValues> = {
  lastName: "lastName",
  firstName: "firstName",
  birthDate: "birthDate",
  deathDate: "deathDate",
  personId: "personId",
};
