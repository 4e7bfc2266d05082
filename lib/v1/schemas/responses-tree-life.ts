// The v1 response objects (lib/v1/schemas/responses.ts): a tree's life (extension).
import { z } from "zod";
import { nullable, uint, ZDateTime } from "./responses-common";

// ---------------------------------------------------------------------------------------------
// Extension: a tree's life, on the tree lines of Infos and the reports and in GET Arbre

const ETATS_ARBRE = ["Commande", "EnTerre", "Suivi", "Mort", "Remplace"] as const;
const SANTES = ["Vivant", "Malade"] as const;
const CAUSES_MORT = ["Secheresse", "Incendie", "Inondation", "Maladie", "Autre"] as const;
const ETAPES = ["MiseEnTerre", "Controle", "Mort", "Remplacement"] as const;

const ZSante = z
  .enum(SANTES)
  .meta({ description: "What the check found: alive (`Vivant`) or sick (`Malade`)." });
const ZCauseMort = z.enum(CAUSES_MORT).meta({
  description: "Why the tree died: drought, fire, flood, disease, other.",
});
const pointText = (description: string) =>
  nullable(z.string()).meta({ description: `${description} Decimal degrees as text; null while ordered.` });
const ZPhotoUrl = nullable(z.url()).meta({
  description:
    "Extension: the absolute address of the photo (resized, without location metadata); null when none.",
});

/** The life fields of a tree line (extension). */
export const treeLifeShape = {
  ArbreId: uint().meta({ description: "Extension: the tree's id (`GET /Arbre/{arbreId}`)." }),
  EtatArbre: z.enum(ETATS_ARBRE).meta({
    description:
      "Extension: the tree's state: `Commande` (ordered: `DatePlantation` is the order), `EnTerre` (planted in the ground), `Suivi` (checked at least once), `Mort` (dead), `Remplace` (dead and replaced by `RemplaceParArbreId`).",
  }),
  DateMiseEnTerre: nullable(ZDateTime).meta({
    description: "Extension: the day it was planted in the ground (00:00 UTC); null while ordered.",
  }),
  LatitudeArbre: pointText("Extension: the tree's own point (within 5 km of its site)."),
  LongitudeArbre: pointText("Extension: the tree's own point."),
  PhotoUrl: ZPhotoUrl,
  DernierControle: nullable(
    z.strictObject({
      Date: ZDateTime.meta({ description: "The day of the check (00:00 UTC)." }),
      Sante: ZSante,
      HauteurEnCm: nullable(uint()).meta({
        description: "The height measured, in cm; null when not measured.",
      }),
    }),
  ).meta({ description: "Extension: the tree's last check; null when never checked." }),
  DateMort: nullable(ZDateTime).meta({
    description: "Extension: the day it died (00:00 UTC); null while alive.",
  }),
  CauseMort: nullable(ZCauseMort),
  RemplaceParArbreId: nullable(uint()).meta({
    description:
      "Extension: the tree that replaced this dead one (the replacement guarantee); null otherwise.",
  }),
  RemplaceArbreId: nullable(uint()).meta({
    description: "Extension: the dead tree this one replaces; null otherwise.",
  }),
};
export type TTreeLife = { [K in keyof typeof treeLifeShape]: z.infer<(typeof treeLifeShape)[K]> };

export const ZHistoriqueEtape = z
  .strictObject({
    Etape: z.enum(ETAPES).meta({
      description: "`MiseEnTerre` (planted in the ground), `Controle` (a check), `Mort`, `Remplacement`.",
    }),
    Date: ZDateTime.meta({ description: "The day of the step (00:00 UTC)." }),
    Sante: nullable(ZSante),
    HauteurEnCm: nullable(uint()),
    CauseMort: nullable(ZCauseMort),
    Note: nullable(z.string()),
    PhotoUrl: ZPhotoUrl,
    LatitudeArbre: pointText("The point where it was planted (`MiseEnTerre`)."),
    LongitudeArbre: pointText("The point where it was planted (`MiseEnTerre`)."),
    RemplacementArbreId: nullable(uint()).meta({ description: "The replacement tree (`Remplacement`)." }),
  })
  .meta({ id: "HistoriqueEtape", description: "Extension: one step of a tree's life." });
export type THistoriqueEtape = z.infer<typeof ZHistoriqueEtape>;
