// The v1 response objects (lib/v1/schemas/responses.ts): the catalogue, planting sites and species.
import { z } from "zod";
import { envelope, listingPageShape, nullable, uint } from "./responses-common";

// ---------------------------------------------------------------------------------------------
// Catalogue

const decimalText = (description: string, example: string) =>
  z.string().meta({ description, examples: [example] });

const ZPlantationEspece = z
  .strictObject({
    EspeceId: uint(),
    Espece: z.string().meta({ description: "Species name." }),
    Disponible: uint().meta({
      description:
        "This site's stock of the species open to the caller; 0 outside its rules (country, price) or at an inactive site.",
    }),
  })
  .meta({ id: "PlantationEspece" });

const ZPlantation = z
  .strictObject({
    Id: uint(),
    Nom: z.string(),
    Pays: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .meta({ description: "ISO 3166 two-letter code." }),
    Region: z.string(),
    Latitude: decimalText("Decimal degrees as text.", "50.7667"),
    Longitude: decimalText("Decimal degrees as text.", "4.4167"),
    Active: z.boolean(),
    Especes: z.array(ZPlantationEspece).meta({ description: "Every species planted at this site, by name." }),
  })
  .meta({ id: "Plantation", description: "A planting site." });
export type TPlantation = z.infer<typeof ZPlantation>;

const ZEspece = z
  .strictObject({
    Id: uint(),
    Nom: z.string(),
    NomLatin: z.string(),
    Type: nullable(z.string()).meta({ examples: ["Feuillu", "Conifère"] }),
    TailleMaxEnM: z.number().meta({ description: "Maximum height in metres." }),
    DureeVieEnAnnees: z.number().meta({ description: "Lifespan in years." }),
    Co2CompenseEnKgPourUnArbre: z.number().meta({ description: "CO2 offset per tree, kg." }),
    PrixUnitaire: z.number().meta({ description: "Unit price, euros." }),
    Disponible: uint().meta({
      description:
        "Trees of this species the caller can have planted now (stock at active sites within its rules).",
    }),
  })
  .meta({ id: "Espece", description: "A tree species." });
export type TEspece = z.infer<typeof ZEspece>;

export const ZPlantationsListing = z
  .strictObject({
    ...envelope("plantations"),
    Plantations: z.array(ZPlantation),
    ...listingPageShape,
  })
  .meta({ id: "PlantationsListing" });
export const ZPlantationResponse = z
  .strictObject({ ...envelope("plantation"), Plantation: ZPlantation })
  .meta({ id: "PlantationResponse" });
export const ZEspecesListing = z
  .strictObject({ ...envelope("especes"), Especes: z.array(ZEspece), ...listingPageShape })
  .meta({ id: "EspecesListing" });
export const ZEspeceResponse = z
  .strictObject({ ...envelope("espece"), Espece: ZEspece })
  .meta({ id: "EspeceResponse" });
