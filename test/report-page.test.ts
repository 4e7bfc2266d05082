// A report's page is read in one statement (lib/reports/queries.ts reportPage), its lines
// and the period's totals together. This test compares it, value for value, with the two statements
// it joins, sent apart: every page of a funeral home's report, a page past the end (no line, the
// totals still), a period without a tree (totals of zero), and a person's report. Then the API's
// page, whose lines PostgreSQL alone writes as JSON (reportPageJson, lib/v1/serializers/reports.ts
// reportLineAsJson): each line holds, in the specification's order, the API's words for
// reportPage's row, on lines of every kind (names with blanks and controls, every state of a
// tree's life, no person, no funeral home, decimals with more digits than a double holds, early
// dates).
import { actingAs } from "@memorial/lib/audit/actor";
import { createSpecies } from "@memorial/lib/catalogue/manage";
import { db, disconnect } from "@memorial/lib/db/client";
import { reportsSql } from "@memorial/lib/db/raw";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import {
  type ReportFilter,
  type ReportLineRow,
  type ReportTotals,
  reportLinesSql,
  reportPage,
  reportPageJson,
  reportTotalsSql,
} from "@memorial/lib/reports/queries";
import { serviceAdminScope } from "@memorial/lib/scope";
import { lifeFieldsOf } from "@memorial/lib/trees/queries";
import { parsePaging } from "@memorial/lib/v1/paging";
import { reportJsonText, reportLineAsJson } from "@memorial/lib/v1/serializers/reports";
import { serializeTreeLife } from "@memorial/lib/v1/serializers/tree-life";
import { afterAll, expect, it } from "vitest";
import { makeContext, makeIsolatedOperator, TEST_FIXTURE, unique } from "@/e2e/support/factories";
import { heaviestSpecies, makeMemorial, makePerson, plant } from "@/e2e/support/trees";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => disconnect());

/** The page as the two statements give it, sent apart. */
async function apart(filter: ReportFilter, limit: number, offset: number) {
  const [lines, [totals]] = await Promise.all([
    reportsSql.$queryRaw<ReportLineRow[]>(reportLinesSql(filter, limit, offset)),
    reportsSql.$queryRaw<ReportTotals[]>(reportTotalsSql(filter)),
  ]);
  return { lines, totals };
}

it("gives the lines and totals of the two statements it joins, on every page and past the end", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const plant = (target: Parameters<typeof plantingCommand>[0], planter: string) =>
    fixtureMemorial(caller, plantingCommand(target, { planter }), null);
  const first = await plant(newMemorialTarget(), "Anne");
  for (const planter of ["Bruno", "Chloé"])
    await plant({ kind: "existing", memorialId: first.memorialId }, planter);
  for (const planter of ["Denis", "Emma"]) await plant(newMemorialTarget(), planter);

  const viewer = serviceAdminScope(op.operatorId);
  const period = { start: new Date(Date.now() - 86_400_000), end: new Date(Date.now() + 86_400_000) };
  const filter: ReportFilter = { viewer, scope: { kind: "operator" }, ...period, language: "en" };
  const seen: string[] = [];
  for (const offset of [0, 2, 4, 6]) {
    const page = await reportPage(filter, 2, offset);
    expect(page).toEqual(await apart(filter, 2, offset));
    expect(page.totals).toMatchObject({ lines: 5, trees: 5 });
    seen.push(...page.lines.map((line) => line.planter));
  }
  expect(seen.sort()).toEqual(["Anne", "Bruno", "Chloé", "Denis", "Emma"]);
  expect((await reportPage(filter, 2, 6)).lines).toEqual([]);

  const empty = { ...filter, start: new Date("2001-01-01T00:00:00Z"), end: new Date("2001-02-01T00:00:00Z") };
  const none = await reportPage(empty, 200, 0);
  expect(none).toEqual(await apart(empty, 200, 0));
  expect(none).toEqual({ lines: [], totals: { lines: 0, trees: 0, co2: "0" } });

  const personId = (await reportPage(filter, 1, 0)).lines[0]?.personId;
  expect(personId).toEqual(expect.any(Number));
  const person: ReportFilter = { ...filter, scope: { kind: "person", personId: personId as number } };
  const personPage = await reportPage(person, 200, 0);
  expect(personPage).toEqual(await apart(person, 200, 0));
  expect(personPage.totals.lines).toBe(3);
});

/** Lines of every kind for a new operator, planted within ten seconds from the `plantedAt` it gives. */
async function linesOfEveryKind() {
  const op = await makeIsolatedOperator();
  const epf = await makeContext(op.operatorId, "Epf");
  const species = await actingAs(TEST_FIXTURE, () =>
    createSpecies({
      name: unique('Chêne "vert"'),
      nameEn: unique("Oak"),
      latinName: "Quercus ilex",
      type: "Feuillu",
      maxHeightM: 20,
      lifespanYears: 500,
      co2KgPerTree: 12.3,
      unitPrice: 20,
    }),
  );
  const names: [string | null, string | null][] = [
    ["  ", "Dupont"],
    ["\u00a0Anne\u2028", null],
    ["\u3000\t", "\ufeff"],
    ["Zoë", `O'Brien "Junior" \\ \u0001\u001f\u007f 😀 </script>`],
    ["", ""],
  ];
  const plantedAt = new Date("2026-11-01T10:00:00.123Z");
  const trees: number[] = [];
  for (const [i, [firstName, lastName]] of names.entries()) {
    const person = await makePerson({ operatorId: op.operatorId, epfId: epf.id, firstName, lastName });
    const memorial = await makeMemorial({ operatorId: op.operatorId, personId: person.id });
    const tree = await plant({
      operatorId: op.operatorId,
      memorialId: memorial.id,
      personId: person.id,
      contextId: epf.id,
      epfId: epf.id,
      speciesId: i % 2 ? species.id : op.speciesId,
      plantationId: op.plantationId,
      plantedAt: new Date(plantedAt.getTime() + i * 1000),
      quantity: i + 1,
      planter: ["La famille", '\b\f\n\r\t"\\/', "$& $' $` $$", "Ünïcödé 🌳", "x"][i],
      message: i % 2 ? null : `Nos pensées ${"\u2028\u2029"} ${i}`,
    });
    trees.push(tree.id);
  }
  // No person and no funeral home (a tree of the global memorial); a visitor's.
  const global = await makeMemorial({ operatorId: op.operatorId, personId: null, kind: "global" });
  const lone = await plant({
    operatorId: op.operatorId,
    memorialId: global.id,
    personId: null,
    contextId: null,
    epfId: null,
    speciesId: species.id,
    plantationId: op.plantationId,
    plantedAt: new Date(plantedAt.getTime() + 9000),
  });
  await db.tree.update({ where: { id: lone.id }, data: { origin: "visitor_code" } });
  // A tree's life in each of its states (the table's CHECKs hold, as lib/trees leaves them).
  const day = (text: string) => new Date(`${text}T00:00:00Z`);
  const [inGround, checked, sick, dead, replaced] = trees;
  const planted = { inGroundOn: day("2026-11-02"), latitude: "50.500000", longitude: "-4.000000" };
  await db.tree.update({
    where: { id: inGround },
    data: { status: "in_ground", ...planted, plantedBy: 'Équipe "Nord"', photoKey: "abc123" },
  });
  await db.tree.update({
    where: { id: checked },
    data: {
      status: "monitored",
      ...planted,
      health: "alive",
      lastCheckedOn: day("2026-11-10"),
      heightCm: 120,
    },
  });
  await db.tree.update({
    where: { id: sick },
    data: {
      status: "monitored",
      inGroundOn: day("2026-11-03"),
      health: "sick",
      lastCheckedOn: day("2026-11-11"),
    },
  });
  await db.tree.update({
    where: { id: dead },
    data: { status: "dead", ...planted, diedOn: day("2026-11-12"), deathReason: "fire" },
  });
  await db.tree.update({
    where: { id: replaced },
    data: { status: "replaced", ...planted, diedOn: day("2026-11-13"), deathReason: "other" },
  });
  await db.tree.update({ where: { id: lone.id }, data: { replacesTreeId: replaced } });
  return { op, epf, plantedAt };
}

/**
 * A line of 2.6 as the specification words it, for a row of reportPage, in its order: what
 * PostgreSQL must write. The tree's life is the Arbre endpoint's (serializeTreeLife).
 */
function specifiedLine(row: ReportLineRow, origin: string) {
  return {
    Quantite: row.quantity,
    EspeceId: row.speciesId,
    Espece: row.species,
    Co2EnKgParArbre: Number(row.co2PerTree),
    TotalCo2EnKg: Number(row.co2Total),
    PlantationId: row.plantationId,
    Plantation: row.plantation,
    DatePlantation: row.plantedAt.toISOString(),
    PersonneId: row.personId ?? 0,
    // The deceased's `Prenom Nom`, of the parts that are not blank (String.prototype.trim's blanks).
    Personne: [row.firstName, row.lastName].filter((part) => part?.trim()).join(" ") || null,
    EpfId: row.epfId ?? 0,
    Epf: row.epf,
    Planteur: row.planter,
    MessagePlanteur: row.message,
    Origine: row.origin,
    ...serializeTreeLife(lifeFieldsOf(row), origin),
  };
}

it("writes in PostgreSQL each line as the specification words it, in its order, and the whole answer", async () => {
  const { op, epf, plantedAt } = await linesOfEveryKind();
  const viewer = serviceAdminScope(op.operatorId);
  const period = {
    start: new Date(plantedAt.getTime() - 86_400_000),
    end: new Date(plantedAt.getTime() + 86_400_000),
  };
  const request = { epfId: epf.id, personId: null };
  for (const origin of ["https://trees.example.org", "http://127.0.0.1:3000//"]) {
    for (const language of ["fr", "en"]) {
      const filter: ReportFilter = { viewer, scope: { kind: "operator" }, ...period, language };
      for (const [limit, offset] of [
        [200, 0],
        [4, 0],
        [4, 4],
        [4, 8],
      ]) {
        const rows = await reportPage(filter, limit, offset);
        const page = await reportPageJson(filter, limit, offset, reportLineAsJson(origin));
        expect(page.count).toBe(rows.lines.length);
        expect(page.totals).toEqual(rows.totals);
        const lines = JSON.parse(page.linesJson) as Record<string, unknown>[];
        const specified = rows.lines.map((row) => specifiedLine(row, origin));
        expect(lines).toEqual(specified);
        expect(lines.map(Object.keys)).toEqual(specified.map(Object.keys));

        const paging = parsePaging(
          new URLSearchParams({ Page: String(offset / limit + 1), Limite: String(limit) }),
          200,
        );
        // The envelope's text holds what the lines are put after: they go in the report's Arbres.
        const head = { Objet: "reportArbres", Contexte: { Nom: 'a "Arbres":[] b', Arbres: [] } };
        expect(JSON.parse(reportJsonText(head, { period }, request, paging, page))).toEqual({
          ...head,
          RequestEpfId: epf.id,
          RequestPersonneId: 0,
          DateDebut: period.start.toISOString(),
          DateFin: period.end.toISOString(),
          TotalArbres: rows.totals.trees,
          TotalCo2EnKg: Number(rows.totals.co2),
          Arbres: specified,
          NombreTotalLignes: rows.totals.lines,
          Page: offset / limit + 1,
          NombreLignesParPage: limit,
          NombreLignesDansLaPage: rows.lines.length,
          Plus: offset + rows.lines.length < rows.totals.lines,
        });
      }
    }
  }
  const all: ReportFilter = { viewer, scope: { kind: "operator" }, ...period };
  const lines = JSON.parse((await reportPageJson(all, 200, 0, reportLineAsJson("https://x.org"))).linesJson);
  expect(lines).toHaveLength(6);
  expect(lines.map((line: { Personne: string | null }) => line.Personne)).toEqual([
    "Dupont",
    "\u00a0Anne\u2028",
    null,
    `Zoë O'Brien "Junior" \\ \u0001\u001f\u007f 😀 </script>`,
    null,
    null,
  ]);
  expect(lines.map((line: { EtatArbre: string }) => line.EtatArbre)).toEqual([
    "EnTerre",
    "Suivi",
    "Suivi",
    "Mort",
    "Remplace",
    "Commande",
  ]);
});

it("writes a line's CO2 with all its digits, and early years with their four digits", async () => {
  const { op, plantedAt } = await linesOfEveryKind();
  const viewer = serviceAdminScope(op.operatorId);
  const period = {
    start: new Date(plantedAt.getTime() - 86_400_000),
    end: new Date(plantedAt.getTime() + 86_400_000),
  };
  const filter: ReportFilter = { viewer, scope: { kind: "operator" }, ...period };
  const [first] = (await reportPage(filter, 1, 0)).lines;
  const heavy = await actingAs(TEST_FIXTURE, () => createSpecies(heaviestSpecies()));
  // 99,999,999.99 kg × 1,000,001 = 100,000,099,989,999.99 kg: 17 digits, written as they are
  // (a double would hold 100000099989999.98).
  await db.tree.update({ where: { id: first.id }, data: { speciesId: heavy.id, quantity: 1_000_001 } });
  const heavyPage = await reportPageJson(filter, 200, 0, reportLineAsJson("https://x.org"));
  expect(heavyPage.linesJson).toContain('"Co2EnKgParArbre":99999999.99,"TotalCo2EnKg":100000099989999.99,');

  // An early year, written with its four digits.
  await db.tree.update({ where: { id: first.id }, data: { plantedAt: new Date("0100-06-01T00:00:00.5Z") } });
  const early: ReportFilter = { ...filter, start: new Date("0100-01-01T00:00:00Z") };
  const rows = await reportPage(early, 200, 0);
  const page = await reportPageJson(early, 200, 0, reportLineAsJson("https://x.org"));
  expect(page.linesJson).toContain('"DatePlantation":"0100-06-01T00:00:00.500Z"');
  expect(JSON.parse(page.linesJson)[0]).toEqual(specifiedLine(rows.lines[0]!, "https://x.org"));
});
