// Changes to the catalogue made by the people who run the service (the command line).
import { recordChange } from "@memorial/lib/changes/record";
import { transaction } from "@memorial/lib/db/client";
import { invalid, notFound } from "@memorial/lib/errors";
import { signalCatalogueChanged } from "@memorial/lib/events/events";
import type { PlantationTranslations, SpeciesTranslations } from "./translations";

/** The optional names and regions of a site in Dutch, English and German. */
export type PlantationTranslationFields = Omit<PlantationTranslations, "name" | "region">;
const PLANTATION_TRANSLATIONS = ["nameNl", "nameEn", "nameDe", "regionNl", "regionEn", "regionDe"] as const;

/** Each given translation at most 200 characters; blank means none (the stored name is shown). */
function plantationTranslations(input: PlantationTranslationFields): PlantationTranslationFields {
  const out: PlantationTranslationFields = {};
  for (const field of PLANTATION_TRANSLATIONS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value !== null && Array.from(value).length > 200)
      throw invalid(`${field} must be at most 200 characters`);
    out[field] = value?.trim() || null;
  }
  return out;
}

export async function createPlantation(
  input: {
    name: string;
    country: string;
    region: string;
    latitude: number;
    longitude: number;
  } & PlantationTranslationFields,
) {
  if (!/^[A-Za-z]{2}$/.test(input.country)) {
    throw invalid(`country must be an ISO 3166 two-letter code, got "${input.country}"`);
  }
  if (!(Math.abs(input.latitude) <= 90)) throw invalid("latitude must be between -90 and 90");
  if (!(Math.abs(input.longitude) <= 180)) throw invalid("longitude must be between -180 and 180");
  const plantation = await transaction(async (tx) => {
    const created = await tx.plantation.create({
      data: { ...input, ...plantationTranslations(input), country: input.country.toUpperCase() },
    });
    await recordChange(tx, {
      kind: "plantation.created",
      target: { type: "plantation", id: created.id },
      after: { siteName: created.name, country: created.country, region: created.region },
    });
    return created;
  });
  await signalCatalogueChanged();
  return plantation;
}

/**
 * Sets a site's names and regions in Dutch, English and German: the given fields only,
 * null or blank to remove one. A memorial page already kept shows them when its memorial next
 * changes, or within 10 minutes (the memorial caches' age).
 */
export async function translatePlantation(id: number, input: PlantationTranslationFields) {
  const data = plantationTranslations(input);
  await transaction(async (tx) => {
    const before = await tx.plantation.findUnique({ where: { id } });
    if (!before) throw notFound(`plantation ${id} does not exist`);
    await tx.plantation.update({ where: { id }, data });
    await recordChange(tx, {
      kind: "plantation.modified",
      target: { type: "plantation", id },
      before: Object.fromEntries(
        Object.keys(data).map((field) => [field, before[field as keyof typeof data]]),
      ),
      after: data,
    });
  });
  await signalCatalogueChanged();
  return { id, ...data };
}

export async function deactivatePlantation(id: number) {
  await transaction(async (tx) => {
    const [before] = await tx.plantation.updateManyAndReturn({
      where: { id },
      data: { active: false },
      select: { id: true },
    });
    if (!before) throw notFound(`plantation ${id} does not exist`);
    await recordChange(tx, {
      kind: "plantation.deactivated",
      target: { type: "plantation", id },
      after: { active: false },
    });
  });
  await signalCatalogueChanged();
  return { active: false };
}

/** French name (and type) required; Dutch, English and German optional (they fall back to French). */
export async function createSpecies(
  input: SpeciesTranslations & {
    latinName: string;
    maxHeightM: number;
    lifespanYears: number;
    co2KgPerTree: number;
    unitPrice: number;
  },
) {
  if (input.unitPrice < 0) throw invalid("price must not be negative");
  if (!input.name.trim()) throw invalid("name (French) must not be empty");
  for (const [field, max] of [
    ["nameNl", 200],
    ["nameEn", 200],
    ["nameDe", 200],
    ["typeNl", 100],
    ["typeEn", 100],
    ["typeDe", 100],
  ] as const) {
    const value = input[field];
    if (value != null && Array.from(value).length > max) {
      throw invalid(`${field} must be at most ${max} characters`);
    }
  }
  const species = await transaction(async (tx) => {
    const created = await tx.species.create({ data: input });
    await recordChange(tx, {
      kind: "species.created",
      target: { type: "species", id: created.id },
      after: {
        speciesName: created.name,
        latinName: created.latinName,
        unitPrice: String(created.unitPrice),
      },
    });
    return created;
  });
  await signalCatalogueChanged();
  return species;
}
