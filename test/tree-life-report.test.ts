// The trees' life reports (lib/reports/tree-life.ts) on a hand-made operator whose
// trees are in every state: allocated vs in the ground vs alive per funeral home and per site, the
// survival rate per site and species (a replaced tree counts as dead), the trees waiting to be
// planted; a test tree and another operator's trees counted nowhere.

import { actingAs } from "@memorial/lib/audit/actor";
import { createPlantation, createSpecies } from "@memorial/lib/catalogue/manage";
import { db } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import {
  lifePerFuneralHome,
  lifePerSite,
  survivalPerSiteAndSpecies,
  survivalRate,
  treesWaitingCount,
} from "@memorial/lib/reports/tree-life";
import { afterAll, describe, expect, it } from "vitest";
import { makeContext, makeIsolatedOperator, TEST_FIXTURE, unique } from "@/e2e/support/factories";
import { makeMemorial, makePerson, plant } from "@/e2e/support/trees";

afterAll(() => db.$disconnect());

type State =
  | { status: "ordered" }
  | { status: "in_ground" }
  | { status: "monitored"; health: "alive" | "sick" }
  | { status: "dead" | "replaced" };

/** Puts a tree in a state as lib/trees leaves it (the table's CHECKs hold). */
async function setState(treeId: number, state: State) {
  if (state.status === "ordered") return;
  await db.tree.update({
    where: { id: treeId },
    data: {
      status: state.status,
      inGroundOn: new Date("2026-11-02T00:00:00Z"),
      ...(state.status === "monitored"
        ? { health: state.health, lastCheckedOn: new Date("2026-11-10T00:00:00Z") }
        : {}),
      ...(state.status === "dead" || state.status === "replaced"
        ? { diedOn: new Date("2026-11-12T00:00:00Z"), deathReason: "drought" as const }
        : {}),
    },
  });
}

async function world() {
  const op = await makeIsolatedOperator({ language: "en" });
  const other = await makeIsolatedOperator();
  const siteB = await actingAs(TEST_FIXTURE, () =>
    createPlantation({
      name: unique("Site B"),
      country: op.country,
      region: "Test region",
      latitude: 51,
      longitude: 5,
    }),
  );
  const species2 = await actingAs(TEST_FIXTURE, () =>
    createSpecies({
      name: unique("Species 2"),
      latinName: "Fagus sylvatica",
      type: "Feuillu",
      maxHeightM: 30,
      lifespanYears: 300,
      co2KgPerTree: 50,
      unitPrice: 20,
    }),
  );
  const [north, south] = [await makeContext(op.operatorId, "Epf"), await makeContext(op.operatorId, "Epf")];
  const person = await makePerson({ operatorId: op.operatorId, epfId: north.id });
  const memorial = await makeMemorial({ operatorId: op.operatorId, personId: person.id });
  const testPerson = await makePerson({ operatorId: op.operatorId, isTest: true });
  const testMemorial = await makeMemorial({
    operatorId: op.operatorId,
    personId: testPerson.id,
    isTest: true,
  });
  const plantedAt = new Date("2026-11-01T10:00:00Z");
  const tree = async (
    where: { epfId: number | null; plantationId: number; speciesId: number },
    state: State,
    quantity = 1,
    isTest = false,
  ) => {
    const row = await plant({
      operatorId: op.operatorId,
      memorialId: isTest ? testMemorial.id : memorial.id,
      personId: null,
      contextId: where.epfId,
      plantedAt,
      quantity,
      isTest,
      ...where,
    });
    await setState(row.id, state);
    return row;
  };
  const northA1 = { epfId: north.id, plantationId: op.plantationId, speciesId: op.speciesId };
  const southB2 = { epfId: south.id, plantationId: siteB.id, speciesId: species2.id };
  const noneA2 = { epfId: null, plantationId: op.plantationId, speciesId: species2.id };
  await tree(northA1, { status: "in_ground" }, 2);
  await tree(northA1, { status: "monitored", health: "sick" });
  await tree(northA1, { status: "dead" });
  const died = await tree(northA1, { status: "replaced" });
  const replacement = await tree(northA1, { status: "ordered" });
  await db.tree.update({ where: { id: replacement.id }, data: { replacesTreeId: died.id } });
  await tree(northA1, { status: "ordered" });
  await tree(southB2, { status: "monitored", health: "alive" }, 3);
  await tree(southB2, { status: "ordered" });
  await tree(noneA2, { status: "dead" });
  // Counted nowhere in production: a test tree, and another operator's trees at its own site.
  await tree(northA1, { status: "in_ground" }, 1, true);
  const otherPerson = await makePerson({ operatorId: other.operatorId });
  const otherMemorial = await makeMemorial({ operatorId: other.operatorId, personId: otherPerson.id });
  await plant({
    operatorId: other.operatorId,
    memorialId: otherMemorial.id,
    personId: null,
    contextId: null,
    epfId: null,
    speciesId: other.speciesId,
    plantationId: other.plantationId,
    plantedAt,
  });
  return {
    live: (await authenticateKey(op.key)) as Caller,
    test: (await authenticateKey(op.testKey)) as Caller,
    north,
    south,
    siteA: op.plantationId,
    siteB: siteB.id,
    species1: op.speciesId,
    species2: species2.id,
  };
}

describe("the trees' life reports", () => {
  it("count allocated, in the ground and alive per funeral home and site, the survival per site and species, the trees waiting", async () => {
    const w = await world();

    expect(await lifePerFuneralHome(w.live)).toEqual(
      expect.arrayContaining([
        { epfId: w.north.id, name: w.north.name, allocated: 7, inGround: 5, alive: 3 },
        { epfId: w.south.id, name: w.south.name, allocated: 4, inGround: 3, alive: 3 },
        { epfId: null, name: null, allocated: 1, inGround: 1, alive: 0 },
      ]),
    );
    expect(await lifePerFuneralHome(w.live)).toHaveLength(3);
    // Trees without a funeral home come last.
    expect((await lifePerFuneralHome(w.live)).at(-1)?.epfId).toBeNull();

    const sites = await lifePerSite(w.live);
    expect(sites).toHaveLength(2);
    expect(sites.find((s) => s.plantationId === w.siteA)).toMatchObject({
      allocated: 8,
      inGround: 6,
      alive: 3,
    });
    expect(sites.find((s) => s.plantationId === w.siteB)).toMatchObject({
      allocated: 4,
      inGround: 3,
      alive: 3,
    });

    const survival = await survivalPerSiteAndSpecies(w.live, "en");
    expect(survival).toHaveLength(3);
    const of = (site: number, species: number) =>
      survival.find((s) => s.plantationId === site && s.speciesId === species);
    // Site A, species 1: 2 + 1 (sick) alive; 1 dead + 1 replaced dead → 3 / 5.
    expect(of(w.siteA, w.species1)).toMatchObject({ inGround: 5, alive: 3, dead: 2, rate: 0.6 });
    expect(of(w.siteA, w.species2)).toMatchObject({ inGround: 1, alive: 0, dead: 1, rate: 0 });
    expect(of(w.siteB, w.species2)).toMatchObject({ inGround: 3, alive: 3, dead: 0, rate: 1 });

    // Ordered, not in the ground: the replacement, and one tree of each funeral home.
    expect(await treesWaitingCount(w.live)).toBe(3);

    // A test scope counts its operator's test trees only.
    expect(await lifePerSite(w.test)).toEqual([
      expect.objectContaining({ allocated: 1, inGround: 1, alive: 1 }),
    ]);
    expect(await treesWaitingCount(w.test)).toBe(0);
  });

  it("has no survival rate where no tree is in the ground", () => {
    expect(survivalRate(0, 0)).toBeNull();
    expect(survivalRate(1, 3)).toBe(0.25);
  });
});
