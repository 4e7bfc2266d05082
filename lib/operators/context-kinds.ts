// The kinds of context and their request fields, apart from any database code so that the
// proxy can build an Error object without loading Prisma.
import type { ContextKind } from "@memorial/lib/db/generated/enums";

export const CONTEXT_KINDS: ContextKind[] = [
  "GroupeEpf",
  "Epf",
  "EpfAgence",
  "GroupePresse",
  "Titre",
  "TitreEdition",
  "Assurance",
  "GroupeMaisonRepos",
];

/** The kind a context's parent must be, when it has one. */
export const PARENT_KIND: Partial<Record<ContextKind, ContextKind>> = {
  Epf: "GroupeEpf",
  EpfAgence: "Epf",
  Titre: "GroupePresse",
  TitreEdition: "Titre",
};

/** The request field that names a context of each kind (2.1). */
export const ID_FIELD: Record<ContextKind, string> = {
  GroupeEpf: "ContexteGroupeEpfId",
  Epf: "ContexteEpfId",
  EpfAgence: "ContexteEpfAgenceId",
  GroupePresse: "ContexteGroupePresseId",
  Titre: "ContexteTitreId",
  TitreEdition: "ContexteTitreEditionId",
  Assurance: "ContexteAssuranceId",
  GroupeMaisonRepos: "ContexteGroupeMaisonReposId",
};
