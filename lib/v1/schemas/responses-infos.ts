// The v1 response objects (lib/v1/schemas/responses.ts): 2.7 memorialInfos and one tree (Arbre).
import { z } from "zod";
import { envelope, nullable, uint, ZDateTime, ZOrigine } from "./responses-common";
import { urlMemorial } from "./responses-memorials";
import { treeLifeShape, ZHistoriqueEtape } from "./responses-tree-life";

// ---------------------------------------------------------------------------------------------
// 2.7 memorialInfos

const ZTreeLine = z
  .strictObject({
    Quantite: uint(),
    EspeceId: uint(),
    Espece: z.string(),
    Type: nullable(z.string()),
    TailleMaxEnM: z.number(),
    DureeVieEnAnnees: z.number(),
    Co2CompenseEnKgPourUnArbre: z.number(),
    PlantationId: uint(),
    Plantation: z.string(),
    Latitude: z.string().meta({ description: "Decimal degrees as text." }),
    Longitude: z.string().meta({ description: "Decimal degrees as text." }),
    DatePlantation: ZDateTime,
    Planteur: z.string().meta({
      description:
        "The planter. A visitor's name is the visitor's words: until its family publishes them, other operators read the word for unknown (`Inconnu`, `Onbekend`, `Unknown`, `Unbekannt`) and a null `MessagePlanteur`.",
    }),
    MessagePlanteur: nullable(z.string()),
    Origine: ZOrigine,
    ...treeLifeShape,
  })
  .meta({ id: "TreeLine" });
export type TTreeLine = z.infer<typeof ZTreeLine>;

export const ZArbre = z
  .strictObject({
    ...envelope("arbre"),
    MemorialId: uint().meta({ description: "The memorial the tree was planted in." }),
    ...ZTreeLine.shape,
    Historique: z.array(ZHistoriqueEtape).meta({ description: "The steps of its life, oldest first." }),
  })
  .meta({ id: "Arbre", description: "Extension: one tree, its state and its history." });
export type TArbreFields = Omit<z.infer<typeof ZArbre>, "Objet" | "Date" | "Statut" | "Contexte">;

const ZInfosFields = z.strictObject({
  MemorialId: uint(),
  MemorialNom: z.string().meta({
    description:
      "The memorial's title: `Prenom Nom`; for an anonymous memorial `MemorialAnonymeNom` or the memorial id; for the global memorial the operator's name.",
  }),
  DateCreation: ZDateTime,
  UrlMemorial: urlMemorial,
  Defunt: z
    .strictObject({
      Nom: nullable(z.string()),
      Prenom: nullable(z.string()),
      Civilite: nullable(z.string()),
      DateDeces: nullable(ZDateTime),
    })
    .meta({
      description:
        "Every field null for an anonymous or global memorial; `DateDeces` null to other operators when the date is approximate.",
    }),
  Arbres: z.array(ZTreeLine),
  Etat: z
    .enum([
      "awaiting_confirmation",
      "expired",
      "taken_down",
      "erased",
      "merged",
      "public",
      "link_only",
      "hidden",
    ])
    .meta({
      description:
        "Extension: where the memorial stands. `awaiting_confirmation`: created with `AConfirmer: true`, its family has not confirmed (no tree, no public page); `expired`: its family never confirmed before its link expired, or declined it: closed for good, no tree, no public page (webhook `memorial.expired`); `taken_down`: its family took it down (its page answers 410 Gone; the family may restore it until an erasure); `erased`: its family's erasure was carried out (anonymous, taken down for good); `merged`: merged into another memorial of the operator (its address answers 301 to the one kept); else its privacy level, the family's choice or its funeral home's default: `public` (its page is found by the home page's search), `link_only` (seen by whoever has its address, never searched, not indexed) or `hidden` (its family hid it: its page answers 404). Other operators only read public memorials, so they only see `public` and `link_only`. The same values as the webhook `memorial.privacy_changed`.",
    }),
});
export type TInfosFields = z.infer<typeof ZInfosFields>;

const infosPage = {
  NombreTotal: uint().meta({ description: "Extension: tree lines in all pages." }),
  Page: uint().meta({ description: "Extension: this page's number, 1-based." }),
  NombreParPage: uint().meta({ description: "Extension: the page size (`Limite`, default 1000)." }),
  NombreDansLaPage: uint().meta({ description: "Extension: tree lines in this page." }),
  Plus: z.boolean().meta({ description: "Extension: more pages follow." }),
};

export const ZMemorialInfos = z
  .strictObject({ ...envelope("memorialInfos"), ...ZInfosFields.shape, ...infosPage })
  .meta({
    id: "MemorialInfos",
    description:
      "2.7 memorial information, with the extensions `UrlMemorial`, `Etat` and paging of the trees.",
  });
