// Extension: a tree's life in the API's words, on the tree lines of Infos and the
// reports and in GET /v1/Arbre/{arbreId}. Days are written as date-times at 00:00 UTC, as every
// date of the API; photos as absolute addresses on the service's public origin.
import { trimDecimal } from "@memorial/lib/catalogue/queries";
import { treePhotoUrl } from "@memorial/lib/trees/photo-url";
import type { TreeHistoryEntry, TreeLife, TreeLifeFields, TreeOrderLine } from "@memorial/lib/trees/queries";
import type { DeathReason, TreeHealth, TreeStatus } from "@memorial/lib/trees/transitions";
import type { TArbreFields, THistoriqueEtape, TTreeLife } from "@memorial/lib/v1/schemas/responses";

export const ETAT: Record<TreeStatus, TTreeLife["EtatArbre"]> = {
  ordered: "Commande",
  in_ground: "EnTerre",
  monitored: "Suivi",
  dead: "Mort",
  replaced: "Remplace",
};
export const SANTE: Record<TreeHealth, "Vivant" | "Malade"> = { alive: "Vivant", sick: "Malade" };
export const CAUSE: Record<DeathReason, NonNullable<TTreeLife["CauseMort"]>> = {
  drought: "Secheresse",
  fire: "Incendie",
  flood: "Inondation",
  disease: "Maladie",
  other: "Autre",
};
const ETAPE: Record<TreeHistoryEntry["step"], THistoriqueEtape["Etape"]> = {
  in_ground: "MiseEnTerre",
  checked: "Controle",
  died: "Mort",
  replaced: "Remplacement",
};

/** What makes a day (YYYY-MM-DD) the API's date-time at 00:00 UTC. */
export const DAY_TIME_SUFFIX = "T00:00:00.000Z";
/** A day (YYYY-MM-DD) as the API's date-time at 00:00 UTC. */
const dayTime = (day: string | null) => (day === null ? null : `${day}${DAY_TIME_SUFFIX}`);

export function serializeTreeLife(life: TreeLifeFields, origin: string): TTreeLife {
  return {
    ArbreId: life.treeId,
    EtatArbre: ETAT[life.status],
    DateMiseEnTerre: dayTime(life.inGroundOn),
    LatitudeArbre: life.latitude,
    LongitudeArbre: life.longitude,
    PhotoUrl: treePhotoUrl(life.photoKey, origin),
    DernierControle: life.lastCheck && {
      Date: `${life.lastCheck.on}${DAY_TIME_SUFFIX}`,
      Sante: SANTE[life.lastCheck.health],
      HauteurEnCm: life.lastCheck.heightCm,
    },
    DateMort: dayTime(life.diedOn),
    CauseMort: life.deathReason && CAUSE[life.deathReason],
    RemplaceParArbreId: life.replacedByTreeId,
    RemplaceArbreId: life.replacesTreeId,
  };
}

/** One step of the history; who recorded it stays the operator's (the dashboard's). */
function serializeHistoryStep(step: TreeHistoryEntry, origin: string): THistoriqueEtape {
  return {
    Etape: ETAPE[step.step],
    Date: `${step.on}T00:00:00.000Z`,
    Sante: step.health && SANTE[step.health],
    HauteurEnCm: step.heightCm,
    CauseMort: step.reason && CAUSE[step.reason],
    Note: step.note,
    PhotoUrl: treePhotoUrl(step.photoKey, origin),
    LatitudeArbre: step.latitude,
    LongitudeArbre: step.longitude,
    RemplacementArbreId: step.replacementTreeId,
  };
}

/** A tree line as ordered (Infos' Arbres, GET /v1/Arbre): its species, its site's point, its planter. */
export function serializeTreeOrder(
  tree: TreeOrderLine,
  point: { latitude: string; longitude: string },
  orderedAt: Date,
) {
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
    Latitude: point.latitude,
    Longitude: point.longitude,
    DatePlantation: orderedAt.toISOString(),
    Planteur: tree.planter,
    MessagePlanteur: tree.message,
    Origine: tree.origin,
  };
}

/** GET /v1/Arbre/{arbreId}: the tree line of Infos, its memorial and its history. */
export function serializeArbre(tree: TreeLife, origin: string): TArbreFields {
  return Object.assign(
    { MemorialId: tree.memorialId },
    serializeTreeOrder(
      tree,
      { latitude: trimDecimal(tree.site.latitude), longitude: trimDecimal(tree.site.longitude) },
      tree.orderedAt,
    ),
    serializeTreeLife(tree, origin),
    { Historique: tree.history.map((step) => serializeHistoryStep(step, origin)) },
  );
}
