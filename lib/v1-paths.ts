// The paths of the v1 API under /v1/, as the specification writes them (a dynamic segment in
// brackets). lib/v1/routes.ts gives each its handlers (the type makes it give every one); the
// metrics and logs read the templates from here (lib/observability/routes.ts).
const REPORT = "Report/Arbres/Epf/[epfId]/Days/[days]/DepuisLe/[year]/[month]/[day]";
const PERSON_REPORT =
  "Report/Arbres/Epf/[epfId]/Personne/[personneId]/Days/[days]/DepuisLe/[year]/[month]/[day]";

export const V1_PATHS = [
  "Especes",
  "Espece/[id]",
  "Plantations",
  "Plantation/[id]",
  "Contextes",
  "Memorials/Creer",
  "Personne/Modifier",
  "Transactions/[year]/[month]",
  "Transactions/totaux/[mode]/[year]/[month]",
  "LivreDor/[messageId]",
  // Extension: claim codes.
  "Codes",
  "Codes/Creer",
  "Codes/Utiliser",
  // Extension: moving trees between the operator's memorials.
  "Arbres/Deplacer",
  // Extension: a data subject's request about the operator's memorials.
  "DonneesPersonnelles",
  "DonneesPersonnelles/Effacer",
  "Arbre/[arbreId]",
  "[key]/Arbre/[arbreId]",
  "Memorial/[memorialId]/Infos",
  "[key]/Memorial/[memorialId]/Infos",
  // Extension: the memorial's ceremony, set by its operator (the key in the header only).
  "Memorial/[memorialId]/Ceremonie",
  "Memorial/[memorialId]/Ceremonie/Annuler",
  REPORT,
  `[key]/${REPORT}`,
  PERSON_REPORT,
  `[key]/${PERSON_REPORT}`,
] as const;

export type V1Path = (typeof V1_PATHS)[number];
