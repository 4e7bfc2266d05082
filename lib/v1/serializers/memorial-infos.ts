// 2.7 memorialInfos: the memorial, its deceased (every field null when nothing may be shown) and its trees.
import type { InfosTreeRow, MemorialInfos } from "@/lib/memorials/memorial-infos";
import type { TInfosFields, TTreeLine } from "@/lib/v1/schemas/responses";
import { serializeTreeLife } from "./tree-life";

export function serializeTree(tree: InfosTreeRow, origin: string): TTreeLine {
  return {
    Quantite: tree.quantity,
    EspeceId: tree.speciesId,
    Espece: tree.species,
    Type: tree.type,
    TailleMaxEnM: Number(tree.maxHeightM),
    DureeVieEnAnnees: tree.lifespanYears,
    Co2CompenseEnKgPourUnArbre: Number(tree.co2KgPerTree),
    PlantationId: tree.plantationId,
    Plantation: tree.plantation,
    Latitude: tree.latitude,
    Longitude: tree.longitude,
    DatePlantation: tree.plantedAt.toISOString(),
    Planteur: tree.planter,
    MessagePlanteur: tree.message,
    ...serializeTreeLife(tree.life, origin),
  };
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
  };
}
