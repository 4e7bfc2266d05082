// 2.7 memorialInfos: the memorial, its deceased (every field null when nothing may be shown) and its trees.
import type { InfosTreeRow, MemorialInfos } from "@memorial/lib/trees/memorial-infos";
import type { TInfosFields, TTreeLine } from "@memorial/lib/v1/schemas/responses";
import { serializeTreeLife, serializeTreeOrder } from "./tree-life";

function serializeTree(tree: InfosTreeRow, origin: string): TTreeLine {
  return Object.assign(serializeTreeOrder(tree, tree, tree.plantedAt), serializeTreeLife(tree.life, origin));
}

/**
 * `urlMemorial`: the public address, null while the memorial is not public (extension); `origin`:
 * the service's public origin, for the trees' photos.
 */
export function serializeMemorialInfos(
  infos: MemorialInfos,
  urlMemorial: string | null,
  origin: string,
): TInfosFields {
  const deceased = infos.deceased;
  return {
    MemorialId: infos.id,
    MemorialNom: infos.name,
    DateCreation: infos.createdAt.toISOString(),
    UrlMemorial: urlMemorial,
    Defunt: {
      Nom: deceased?.lastName ?? null,
      Prenom: deceased?.firstName ?? null,
      Civilite: deceased?.civility ?? null,
      DateDeces: deceased?.deathDate?.toISOString() ?? null,
    },
    Arbres: infos.trees.map((tree) => serializeTree(tree, origin)),
    Etat: infos.state,
  };
}
