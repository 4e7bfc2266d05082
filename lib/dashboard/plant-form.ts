// The planting form's fields and their mapping to the MemorialsCreer wire object (2.2), so that
// the dashboard validates a planting with the very schema of POST /v1/Memorials/Creer.
export interface PlantFormValues {
  memorialId: string;
  contextId: string;
  lastName: string;
  firstName: string;
  civility: string;
  deathDate: string;
  deathDateApproximate: boolean;
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

/** Which form field a path of the wire object comes from (to show a message beside it). */
export const FIELD_OF_PATH: Record<string, keyof PlantFormValues> = {
  MemorialId: "memorialId",
  Contexte: "contextId",
  "Defunt.Nom": "lastName",
  "Defunt.Prenom": "firstName",
  "Defunt.Civilite": "civility",
  "Defunt.DateDeces": "deathDate",
  "Defunt.DateDecesApproximative": "deathDateApproximate",
  "Defunt.DateNaissance": "birthDate",
  "Defunt.Url": "url",
  "Defunt.ImageUrl": "imageUrl",
  "Famille.FamilleEmail": "familyEmail",
  "Famille.FamilleNom": "familyName",
  "Famille.Langue": "familyLanguage",
  DeLaPartDe: "planter",
  Message: "message",
  Langue: "language",
  MemorialAnonyme: "anonymous",
  MemorialAnonymeNom: "anonymousName",
  AConfirmer: "confirm",
  ArbreOrphelin: "orphan",
  ExternalId: "externalId",
};

const text = (value: string) => (value.trim() === "" ? null : value);

/** A whole number stays a number; anything else is passed on for the schema to refuse by name. */
const integer = (value: string) => {
  const trimmed = value.trim();
  if (trimmed === "") return null;
  return /^-?\d{1,16}$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** The MemorialsCreer object of the form; `contexte` carries the kind-specific id of the context. */
export function toMemorialsCreer(values: PlantFormValues, contexte: Record<string, number> | null) {
  const memorialId = integer(values.memorialId);
  const intoExisting = typeof memorialId === "number" && memorialId > 0;
  return {
    Contexte: contexte,
    MemorialId: memorialId,
    // Planting into an existing memorial names no deceased and no family: they are the memorial's.
    Defunt: intoExisting
      ? null
      : {
          Nom: text(values.lastName),
          Prenom: text(values.firstName),
          Civilite: text(values.civility),
          DateDeces: text(values.deathDate),
          DateNaissance: text(values.birthDate),
          DateDecesApproximative: values.deathDateApproximate,
          Url: text(values.url),
          ImageUrl: text(values.imageUrl),
        },
    Famille: intoExisting
      ? null
      : {
          FamilleEmail: text(values.familyEmail),
          FamilleNom: text(values.familyName),
          Langue: text(values.familyLanguage),
        },
    DeLaPartDe: text(values.planter),
    Message: text(values.message),
    Langue: text(values.language),
    MemorialAnonyme: intoExisting ? null : values.anonymous,
    // 4.1 rule 7: MemorialAnonymeNom is used only when MemorialAnonyme is true.
    MemorialAnonymeNom: values.anonymous && !intoExisting ? text(values.anonymousName) : null,
    AConfirmer: intoExisting ? null : values.confirm,
    ArbreOrphelin: intoExisting ? null : values.orphan,
    ExternalId: integer(values.externalId),
  };
}
