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

/** How many contexts a chain of `kind` holds: itself and each parent PARENT_KIND requires. */
function chainLength(kind: ContextKind): number {
  const parent = PARENT_KIND[kind];
  return parent ? 1 + chainLength(parent) : 1;
}

/**
 * The depth limit of a funeral home's chain of contexts, stated once: the longest line of the
 * hierarchy (GroupeEpf > Epf > EpfAgence: 3). Every reader of a chain (lib/operators/context-chain.ts)
 * walks this many levels and no more, so that a row linked deeper by hand is read alike everywhere.
 */
export const CONTEXT_CHAIN_DEPTH = Math.max(...CONTEXT_KINDS.map(chainLength));
