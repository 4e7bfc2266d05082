// Plantation and species records (contract.md, "Listings and reports").
import type { PlantationRow, SpeciesRow } from "@memorial/lib/catalogue/queries";
import type { TEspece, TPlantation } from "@memorial/lib/v1/schemas/responses";

export function serializePlantation(row: PlantationRow): TPlantation {
  return {
    Id: row.id,
    Nom: row.name,
    Pays: row.country,
    Region: row.region,
    Latitude: row.latitude,
    Longitude: row.longitude,
    Active: row.active,
    Especes: row.species.map((s) => ({
      EspeceId: s.speciesId,
      Espece: s.species,
      Disponible: s.available,
    })),
  };
}

export function serializeSpecies(row: SpeciesRow): TEspece {
  return {
    Id: row.id,
    Nom: row.name,
    NomLatin: row.latinName,
    Type: row.type,
    TailleMaxEnM: Number(row.maxHeightM),
    DureeVieEnAnnees: row.lifespanYears,
    Co2CompenseEnKgPourUnArbre: Number(row.co2KgPerTree),
    PrixUnitaire: Number(row.unitPrice),
    Disponible: row.available,
  };
}
