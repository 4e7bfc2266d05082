// The translated catalogue at the database level: the migration's UPDATEs give an existing
// database's demo species their names (by latin name, keeping names set by hand), and the
// demo catalogue's lists agree with the migration.
import { readFileSync } from "node:fs";
import path from "node:path";
import { SPECIES_NAMES } from "@memorial/lib/catalogue/demo";
import { db } from "@memorial/lib/db/client";
import { afterAll, describe, expect, it } from "vitest";
import { unique } from "@/e2e/support/factories";

afterAll(() => db.$disconnect());

const MIGRATION = path.join(
  process.cwd(),
  "prisma/migrations/20261123160000_translations_family/migration.sql",
);

/** The migration's UPDATE statements, run again on rows written as an older database had them. */
function updates(): string[] {
  return readFileSync(MIGRATION, "utf8")
    .split(";")
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter((statement) => statement.startsWith("UPDATE"));
}

describe("translations of an existing catalogue", () => {
  it("names the demo species of an existing database in nl, en and de, leaving hand-set names", async () => {
    const make = (latinName: string, type: string, nameNl: string | null = null) =>
      db.species.create({
        data: {
          name: unique("Ancien nom"),
          latinName,
          type,
          nameNl,
          maxHeightM: 30,
          lifespanYears: 300,
          co2KgPerTree: 500,
          unitPrice: 10,
        },
      });
    const pine = await make("Pinus sylvestris", "Conifère");
    const fir = await make("Abies alba", "Conifère", "Gewone zilverspar");
    const other = await make("Prunus avium", "Feuillu");
    for (const sql of updates()) await db.$executeRawUnsafe(sql);

    expect(await db.species.findUniqueOrThrow({ where: { id: pine.id } })).toMatchObject({
      nameNl: "Grove den",
      nameEn: "Scots pine",
      nameDe: "Waldkiefer",
      typeNl: "Naaldboom",
      typeEn: "Conifer",
      typeDe: "Nadelbaum",
    });
    expect(await db.species.findUniqueOrThrow({ where: { id: fir.id } })).toMatchObject({
      nameNl: "Gewone zilverspar",
      nameEn: "European silver fir",
    });
    // Not in the demo catalogue: no name, the French one shows; its type is still translated.
    expect(await db.species.findUniqueOrThrow({ where: { id: other.id } })).toMatchObject({
      nameNl: null,
      typeNl: "Loofboom",
    });
  });

  it("the demo catalogue and the migration list the same names", () => {
    const sql = readFileSync(MIGRATION, "utf8");
    for (const [latin, names] of Object.entries(SPECIES_NAMES)) {
      expect(sql).toContain(`('${latin}', '${names.nl}', '${names.en}', '${names.de}')`);
    }
  });
});
