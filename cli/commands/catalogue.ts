// The catalogue: planting sites, species and their stock.
import {
  createPlantation,
  createSpecies,
  deactivatePlantation,
  type PlantationTranslationFields,
  translatePlantation,
} from "@memorial/lib/catalogue/manage";
import { addStock } from "@memorial/lib/plantings/add-stock";
import { type Command, decimal, integer, str, text, UsageError, type Values } from "../arguments";

/** A site's names and regions in nl, en, de: --name-nl, --region-de … */
const PLANTATION_NAME_OPTIONS = {
  "name-nl": str,
  "name-en": str,
  "name-de": str,
  "region-nl": str,
  "region-en": str,
  "region-de": str,
} as const;

/** The translations given on the command line; an empty value ("") removes one. */
function plantationNameOptions(values: Values): PlantationTranslationFields {
  const out: PlantationTranslationFields = {};
  for (const [option, field] of [
    ["name-nl", "nameNl"],
    ["name-en", "nameEn"],
    ["name-de", "nameDe"],
    ["region-nl", "regionNl"],
    ["region-en", "regionEn"],
    ["region-de", "regionDe"],
  ] as const) {
    const value = values[option];
    if (typeof value === "string") out[field] = value.trim() || null;
  }
  return out;
}

export const CATALOGUE_COMMANDS: Record<string, Command> = {
  "plantation create": {
    options: { name: str, country: str, region: str, lat: str, lng: str, ...PLANTATION_NAME_OPTIONS },
    run: async (f) => {
      const name = text(f, "name")!;
      const country = text(f, "country")!;
      if (!/^[A-Za-z]{2}$/.test(country))
        throw new UsageError(`--country must be an ISO 3166 two-letter code, got "${country}"`);
      const region = text(f, "region")!;
      const latitude = decimal(f, "lat", -90, 90)!;
      const longitude = decimal(f, "lng", -180, 180)!;
      const site = await createPlantation({
        name,
        country,
        region,
        latitude,
        longitude,
        ...plantationNameOptions(f),
      });
      return { id: site.id };
    },
  },
  // A site's name and region in Dutch, English and German ("" removes one).
  "plantation translate": {
    options: { id: str, ...PLANTATION_NAME_OPTIONS },
    run: async (f) => translatePlantation(integer(f, "id")!, plantationNameOptions(f)),
  },
  "plantation deactivate": {
    options: { id: str },
    run: async (f) => {
      const id = integer(f, "id")!;
      return deactivatePlantation(id);
    },
  },
  "species create": {
    options: {
      name: str,
      latin: str,
      type: str,
      height: str,
      lifespan: str,
      co2: str,
      price: str,
      "name-nl": str,
      "name-en": str,
      "name-de": str,
      "type-nl": str,
      "type-en": str,
      "type-de": str,
    },
    run: async (f) => {
      const name = text(f, "name")!;
      const latinName = text(f, "latin")!;
      const type = text(f, "type")!;
      const maxHeightM = decimal(f, "height", 0.1, 200)!;
      const lifespanYears = integer(f, "lifespan")!;
      const co2KgPerTree = decimal(f, "co2", 0, 100_000)!;
      const unitPrice = decimal(f, "price", 0, 100_000)!;
      // French is required (--name, --type); the other languages are optional and fall back to it.
      const nameNl = text(f, "name-nl", false);
      const nameEn = text(f, "name-en", false);
      const nameDe = text(f, "name-de", false);
      const typeNl = text(f, "type-nl", false);
      const typeEn = text(f, "type-en", false);
      const typeDe = text(f, "type-de", false);
      const species = await createSpecies({
        name,
        latinName,
        type,
        nameNl,
        nameEn,
        nameDe,
        typeNl,
        typeEn,
        typeDe,
        maxHeightM,
        lifespanYears,
        co2KgPerTree,
        unitPrice,
      });
      return { id: species.id };
    },
  },
  "stock add": {
    options: { plantation: str, species: str, trees: str },
    run: async (f) => {
      const plantationId = integer(f, "plantation")!;
      const speciesId = integer(f, "species")!;
      const trees = integer(f, "trees")!;
      return addStock(plantationId, speciesId, trees);
    },
  },
};
