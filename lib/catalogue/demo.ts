// The demo catalogue written on an empty database: real species with real figures, real planting
// sites in Belgium, France, the Netherlands and Germany, and one demo operator.
import { actingAs } from "@memorial/lib/audit/actor";
import { type Tx, transaction } from "@memorial/lib/db/client";
import { createContext } from "@memorial/lib/operators/contexts";
import { createOperator } from "@memorial/lib/operators/create-operator";
import type { PlantationTranslationFields } from "./manage";

// Height and lifespan from common forestry references; CO2 is what one tree absorbs over its first
// 50 years of growth in a managed European forest (order of magnitude used by planting programmes).
const SPECIES = [
  ["Chêne pédonculé", "Quercus robur", "Feuillu", 40, 800, 1000, 25],
  ["Hêtre commun", "Fagus sylvatica", "Feuillu", 40, 300, 900, 22],
  ["Pin sylvestre", "Pinus sylvestris", "Conifère", 35, 300, 700, 15],
  ["Bouleau verruqueux", "Betula pendula", "Feuillu", 25, 90, 300, 12],
  ["Tilleul à petites feuilles", "Tilia cordata", "Feuillu", 30, 500, 800, 20],
  ["Châtaignier", "Castanea sativa", "Feuillu", 35, 600, 950, 24],
  ["Érable sycomore", "Acer pseudoplatanus", "Feuillu", 35, 400, 850, 18],
  ["Sorbier des oiseleurs", "Sorbus aucuparia", "Feuillu", 15, 100, 200, 10],
  ["Aulne glutineux", "Alnus glutinosa", "Feuillu", 25, 120, 400, 11],
  ["Sapin pectiné", "Abies alba", "Conifère", 50, 500, 1100, 26],
] as const;

// The common names in Dutch, English and German, by latin name (the migration
// 20261123160000_translations_family writes the same into an existing database).
export const SPECIES_NAMES: Record<string, { nl: string; en: string; de: string }> = {
  "Quercus robur": { nl: "Zomereik", en: "English oak", de: "Stieleiche" },
  "Fagus sylvatica": { nl: "Beuk", en: "European beech", de: "Rotbuche" },
  "Pinus sylvestris": { nl: "Grove den", en: "Scots pine", de: "Waldkiefer" },
  "Betula pendula": { nl: "Ruwe berk", en: "Silver birch", de: "Hängebirke" },
  "Tilia cordata": { nl: "Winterlinde", en: "Small-leaved lime", de: "Winterlinde" },
  "Castanea sativa": { nl: "Tamme kastanje", en: "Sweet chestnut", de: "Edelkastanie" },
  "Acer pseudoplatanus": { nl: "Gewone esdoorn", en: "Sycamore", de: "Bergahorn" },
  "Sorbus aucuparia": { nl: "Wilde lijsterbes", en: "Rowan", de: "Vogelbeere" },
  "Alnus glutinosa": { nl: "Zwarte els", en: "Common alder", de: "Schwarzerle" },
  "Abies alba": { nl: "Zilverspar", en: "European silver fir", de: "Weißtanne" },
};

const SPECIES_TYPES: Record<string, { nl: string; en: string; de: string }> = {
  Feuillu: { nl: "Loofboom", en: "Broadleaf", de: "Laubbaum" },
  Conifère: { nl: "Naaldboom", en: "Conifer", de: "Nadelbaum" },
};

const PLANTATIONS = [
  ["Forêt de Soignes", "BE", "Région de Bruxelles-Capitale", 50.7667, 4.4167],
  ["Hautes Fagnes", "BE", "Province de Liège", 50.5, 6.05],
  ["Forêt d'Orléans", "FR", "Centre-Val de Loire", 47.9833, 2.15],
  ["Forêt de Paimpont (Brocéliande)", "FR", "Bretagne", 48.0167, -2.1667],
  ["Nationaal Park De Hoge Veluwe", "NL", "Gelderland", 52.1167, 5.8333],
  ["Nationalpark Eifel", "DE", "Nordrhein-Westfalen", 50.5667, 6.3833],
] as const;

// The sites' names and regions in the other languages (the migration
// 20261126171500_plantation_names_i18n gives an existing demo database the same).
const PLANTATION_NAMES: Record<string, PlantationTranslationFields> = {
  "Forêt de Soignes": {
    nameNl: "Zoniënwoud",
    nameEn: "Sonian Forest",
    nameDe: "Sonienwald",
    regionNl: "Brussels Hoofdstedelijk Gewest",
    regionEn: "Brussels-Capital Region",
    regionDe: "Region Brüssel-Hauptstadt",
  },
  "Hautes Fagnes": {
    nameNl: "Hoge Venen",
    nameEn: "High Fens",
    nameDe: "Hohes Venn",
    regionNl: "Provincie Luik",
    regionEn: "Province of Liège",
    regionDe: "Provinz Lüttich",
  },
  "Forêt d'Orléans": { nameNl: "Woud van Orléans", nameEn: "Orléans Forest", nameDe: "Wald von Orléans" },
  "Forêt de Paimpont (Brocéliande)": {
    nameNl: "Woud van Paimpont (Brocéliande)",
    nameEn: "Paimpont Forest (Brocéliande)",
    nameDe: "Wald von Paimpont (Brocéliande)",
    regionEn: "Brittany",
  },
  "Nationaal Park De Hoge Veluwe": {
    nameEn: "De Hoge Veluwe National Park",
    nameDe: "Nationalpark De Hoge Veluwe",
  },
  "Nationalpark Eifel": {
    nameNl: "Nationaal Park Eifel",
    nameEn: "Eifel National Park",
    regionNl: "Noordrijn-Westfalen",
    regionEn: "North Rhine-Westphalia",
  },
};

// Which species grow at which site (indexes into SPECIES), with a starting stock.
const STOCK: Record<number, number[]> = {
  0: [0, 1, 4, 6],
  1: [1, 2, 3, 7, 9],
  2: [0, 2, 5, 8],
  3: [0, 1, 5, 7],
  4: [2, 3, 8],
  5: [1, 6, 9],
};

// Any constant shared by every instance: several instances starting together on an empty
// database take turns, and only the first writes the catalogue.
const DEMO_LOCK = 7_240_320;

export interface DemoOperator {
  operatorId: number;
  key: string;
  testKey: string;
  /** The demo funeral home, for the report calls (printed at start). */
  funeralHomeId: number;
}

/** Writes the demo data when the database has no species and no operator; returns the demo key. */
export function seedDemo(): Promise<DemoOperator | null> {
  // The audit log names the service's start as the author of the demo operator, keys and contexts.
  return actingAs({ kind: "system", name: "demo seed" }, () =>
    transaction(async (db) => {
      await db.$executeRaw`SELECT pg_advisory_xact_lock(${DEMO_LOCK})`;
      const [species, operators] = await Promise.all([db.species.count(), db.operator.count()]);
      if (species > 0 || operators > 0) return null;
      return writeDemo(db);
    }),
  );
}

async function writeDemo(db: Tx): Promise<DemoOperator> {
  const speciesIds: number[] = [];
  for (const [name, latinName, type, height, lifespan, co2, price] of SPECIES) {
    const row = await db.species.create({
      data: {
        name,
        latinName,
        type,
        nameNl: SPECIES_NAMES[latinName].nl,
        nameEn: SPECIES_NAMES[latinName].en,
        nameDe: SPECIES_NAMES[latinName].de,
        typeNl: SPECIES_TYPES[type].nl,
        typeEn: SPECIES_TYPES[type].en,
        typeDe: SPECIES_TYPES[type].de,
        maxHeightM: height,
        lifespanYears: lifespan,
        co2KgPerTree: co2,
        unitPrice: price,
      },
    });
    speciesIds.push(row.id);
  }
  for (const [index, [name, country, region, latitude, longitude]] of PLANTATIONS.entries()) {
    const site = await db.plantation.create({
      data: { name, country, region, latitude, longitude, ...PLANTATION_NAMES[name] },
    });
    await db.stock.createMany({
      data: STOCK[index].map((s, i) => ({
        plantationId: site.id,
        speciesId: speciesIds[s],
        stock: 500 + 250 * ((index + i) % 4),
      })),
    });
  }
  const demo = await createOperator({ name: "Pompes Funèbres Démo", language: "fr", prepaidTrees: 10 }, db);
  const group = await createContext(
    { operatorId: demo.operatorId, kind: "GroupeEpf", name: "Groupe Démo" },
    db,
  );
  const home = await createContext(
    { operatorId: demo.operatorId, kind: "Epf", name: "Funérarium Démo Bruxelles", parentId: group.id },
    db,
  );
  await createContext(
    { operatorId: demo.operatorId, kind: "EpfAgence", name: "Agence Démo Uccle", parentId: home.id },
    db,
  );
  return { ...demo, funeralHomeId: home.id };
}
