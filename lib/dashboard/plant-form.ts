// The planting form of the dashboard: its fields, its empty values, and the form field of each
// field of the domain's command. Imported by the browser's form, so nothing here needs zod: the
// parsing into the command is plant-form-schema.ts.
import type { FieldReason } from "./field-reasons";

export interface PlantFormValues {
  memorialId: string;
  contextId: string;
  lastName: string;
  firstName: string;
  civility: string;
  deathDate: string;
  deathDateApproximate: boolean;
  placeOfDeath: string;
  birthDate: string;
  url: string;
  imageUrl: string;
  familyEmail: string;
  familyName: string;
  familyLanguage: string;
  planter: string;
  message: string;
  language: string;
  anonymous: boolean;
  anonymousName: string;
  confirm: boolean;
  orphan: boolean;
  externalId: string;
}

export const EMPTY_PLANT_FORM: PlantFormValues = {
  memorialId: "",
  contextId: "",
  lastName: "",
  firstName: "",
  civility: "",
  deathDate: "",
  deathDateApproximate: false,
  placeOfDeath: "",
  birthDate: "",
  url: "",
  imageUrl: "",
  familyEmail: "",
  familyName: "",
  familyLanguage: "",
  planter: "",
  message: "",
  language: "",
  anonymous: false,
  anonymousName: "",
  confirm: false,
  orphan: false,
  externalId: "",
};

export { REASON_MESSAGE } from "./field-reasons";

export type FieldReasons = Partial<Record<keyof PlantFormValues, FieldReason>>;

/** The form field of a field of the domain's command (a refusal of the use case). */
export const FORM_FIELD: Record<string, keyof PlantFormValues> = {
  "target.memorialId": "memorialId",
  "deceased.lastName": "lastName",
  "deceased.firstName": "firstName",
  "deceased.birthDate": "birthDate",
  "deceased.deathDate": "deathDate",
  "family.email": "familyEmail",
};
