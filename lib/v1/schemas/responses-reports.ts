// The v1 response objects (lib/v1/schemas/responses.ts): 2.6 reportArbres.
import { z } from "zod";
import { envelope, nullable, uint, ZDateTime, ZOrigine } from "./responses-common";
import { treeLifeShape } from "./responses-tree-life";

// ---------------------------------------------------------------------------------------------
// 2.6 reportArbres

const ZReportLine = z
  .strictObject({
    Quantite: uint(),
    EspeceId: uint(),
    Espece: z.string(),
    Co2EnKgParArbre: z.number(),
    TotalCo2EnKg: z.number(),
    PlantationId: uint(),
    Plantation: z.string(),
    DatePlantation: ZDateTime,
    PersonneId: uint().meta({ description: "0 for a tree of the global memorial." }),
    Personne: nullable(z.string()).meta({
      description:
        "The deceased's `Prenom Nom`; null for a tree of the global memorial (or a person without a name).",
    }),
    EpfId: uint().meta({ description: "The funeral home the tree counts for; 0 when none." }),
    Epf: nullable(z.string()).meta({ description: "Funeral home name; null when EpfId is 0." }),
    Planteur: z.string().meta({ description: "The planter (`DeLaPartDe`, or the word for 'unknown')." }),
    MessagePlanteur: nullable(z.string()).meta({
      description: "The planter's message (`Message`); null when none.",
    }),
    Origine: ZOrigine,
    ...treeLifeShape,
  })
  .meta({
    id: "ReportLine",
    description: "One planting operation (one species, one site, one date, one person).",
  });

const ZReportFields = z.strictObject({
  RequestEpfId: uint(),
  RequestPersonneId: uint().meta({ description: "0 when no person was requested." }),
  DateDebut: ZDateTime,
  DateFin: ZDateTime.meta({ description: "The end of the period, exclusive." }),
  TotalArbres: uint().meta({ description: "Over the whole period." }),
  TotalCo2EnKg: z.number().meta({ description: "Over the whole period." }),
  Arbres: z.array(ZReportLine),
  NombreTotalLignes: uint(),
  Page: uint(),
  NombreLignesParPage: uint().meta({ description: "The page size, 200 by default." }),
  NombreLignesDansLaPage: uint(),
  Plus: z.boolean(),
});

export const ZReportArbres = z
  .strictObject({ ...envelope("reportArbres"), ...ZReportFields.shape })
  .meta({ id: "ReportArbres", description: "2.6 tree report." });
