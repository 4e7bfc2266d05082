// npm run bench:explain [-- --size xlarge]: EXPLAIN (ANALYZE, BUFFERS) of the report statements on a
// database of `npm run bench:seed` (xlarge by default), built by the code that the service runs
// (lib/reports/queries.ts): a funeral home's page and totals over 30 days and over 3660 days, a
// person's over the 60 days after the death, and the API's 30-day page as it is sent (its lines
// written as JSON by PostgreSQL, reportPageJsonSql). Each statement runs twice; the second plan is
// printed (warm cache, as in the benchmark).
import { benchTarget, SIZES, type Size, sizesFromArgs } from "./databases";

const argv = process.argv.slice(2);
const [size]: Size[] = argv.includes("--size")
  ? sizesFromArgs(argv, Boolean(process.env.DATABASE_URL))
  : ["xlarge"];

const target = await benchTarget([size]);
try {
  process.env.DATABASE_URL = target.databases[0].url;
  const { db, Prisma, disconnect } = await import("@memorial/lib/db/client");
  const { reportLinesSql, reportPageJsonSql, reportTotalsSql } = await import(
    "@memorial/lib/reports/queries"
  );
  const { reportLineAsJson } = await import("@memorial/lib/v1/serializers/reports");
  const { serviceAdminScope } = await import("@memorial/lib/scope");
  const viewer = serviceAdminScope(1);
  const epfId = SIZES[size].groups + 1;
  const year = SIZES[size].from + SIZES[size].years - 2;
  const [person] = await db.$queryRaw<{ id: number; deathDate: Date }[]>`
    SELECT "id", "death_date" AS "deathDate" FROM "person"
    WHERE "epf_id" = ${epfId} AND NOT "is_test" AND date_part('year', "death_date") = ${year}
    ORDER BY "id" LIMIT 1`;
  const day = 86_400_000;
  const period = (from: Date, days: number) => ({ start: from, end: new Date(from.getTime() + days * day) });
  const march = new Date(Date.UTC(year, 2, 1));
  const decade = new Date(Date.UTC(SIZES[size].from, 0, 1));
  const epf = { kind: "epf" as const, epfId };
  const cases: [string, ReturnType<typeof reportTotalsSql>][] = [
    ["funeral home, 30 days: page 1", reportLinesSql({ viewer, scope: epf, ...period(march, 30) }, 200, 0)],
    ["funeral home, 30 days: totals", reportTotalsSql({ viewer, scope: epf, ...period(march, 30) })],
    [
      "funeral home, 30 days: the API's page as sent (lines as JSON, totals)",
      reportPageJsonSql(
        { viewer, scope: epf, ...period(march, 30) },
        200,
        0,
        reportLineAsJson("https://trees.example.org"),
      ),
    ],
    [
      "funeral home, 3660 days: page 1",
      reportLinesSql({ viewer, scope: epf, ...period(decade, 3660) }, 200, 0),
    ],
    ["funeral home, 3660 days: totals", reportTotalsSql({ viewer, scope: epf, ...period(decade, 3660) })],
    [
      "person, 60 days: page 1",
      reportLinesSql(
        { viewer, scope: { kind: "person", personId: person.id }, ...period(person.deathDate, 60) },
        200,
        0,
      ),
    ],
    [
      "person, 60 days: totals",
      reportTotalsSql({
        viewer,
        scope: { kind: "person", personId: person.id },
        ...period(person.deathDate, 60),
      }),
    ],
  ];
  for (const [name, sql] of cases) {
    const explain = Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${sql}`;
    await db.$queryRaw(explain);
    const plan = await db.$queryRaw<{ "QUERY PLAN": string }[]>(explain);
    console.log(`\n== ${size}: ${name}\n${plan.map((row) => row["QUERY PLAN"]).join("\n")}`);
  }
  await disconnect();
} finally {
  await target.stop();
}
