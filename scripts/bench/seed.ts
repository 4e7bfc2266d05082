// npm run bench:seed [-- --size xlarge|large|small|xlarge,small]: fills the benchmark databases
// (scripts/bench/databases.ts) with a funeral-home group's volume: operators (one GroupeEpf each) of
// funeral homes (Epf) with 2 agencies each, persons spread over the funeral homes, one memorial per
// person (a tenth anonymous, a fiftieth awaiting confirmation and treeless), one global memorial per
// operator, and trees planted in the 45 days after each death, each with its transaction.
// Small: 10,000 trees, 2,000 persons, 10 groups of 10 funeral homes, deaths over 2021-2025; large:
// 1,000,000 trees and 200,000 persons, same structure; xlarge: 10,000,000 trees, 2,000,000 persons,
// 20 groups of 50 funeral homes, deaths over 2016-2025 (a national operator's decade).
// Everything is set-based SQL (INSERT ... SELECT generate_series); the secondary indexes of the big
// tables are dropped during the load and built once after it (much faster than maintaining them
// row by row), and trees and their transactions go in chunks of a million with progress reported.

import { migrate } from "@memorial/lib/service/migrate";
import pg from "pg";
import { type BenchDatabase, benchTarget, recreateDatabase, SIZES, sizesFromArgs } from "./databases";

const CHUNK = 1_000_000;
const BIG_TABLES = ["person", "memorial", "transaction", "tree"];

async function step(client: pg.Client, label: string, sql: string, values: unknown[] = []) {
  const started = performance.now();
  const result = await client.query(sql, values);
  const rows = result.rowCount ?? 0;
  console.log(`  ${label}: ${rows} rows, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Drops the big tables' indexes that back no constraint; returns their definitions to rebuild them. */
async function dropSecondaryIndexes(client: pg.Client): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS "name", pg_get_indexdef(i.indexrelid) AS "definition"
     FROM pg_index i
     WHERE i.indrelid = ANY($1::regclass[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [BIG_TABLES.map((table) => `"${table}"`)],
  );
  for (const { name } of rows) await client.query(`DROP INDEX ${name}`);
  console.log(`  dropped ${rows.length} secondary indexes for the load`);
  return rows;
}

/** `INSERT ... SELECT` over seed_tree's ids, a chunk at a time (`{range}` is the chunk's filter). */
async function chunked(client: pg.Client, label: string, trees: number, sql: string) {
  const started = performance.now();
  for (let first = 1; first <= trees; first += CHUNK) {
    const last = Math.min(trees, first + CHUNK - 1);
    await client.query(sql.replace("{range}", `t."id" BETWEEN ${first} AND ${last}`));
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ${label}: ${last} / ${trees} rows, ${seconds.toFixed(1)} s`);
  }
}

async function seed(database: BenchDatabase) {
  const { trees, persons, groups: GROUPS, epfsPerGroup, from, years } = SIZES[database.size];
  const EPFS = GROUPS * epfsPerGroup;
  const START = `${from}-01-01T00:00:00Z`;
  // Deaths over the period but the last 46 days, so that every tree is planted within it.
  const deathDays = Math.round(years * 365.25) - 46;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const [{ count }] = (await client.query(`SELECT COUNT(*)::int AS count FROM "operator"`)).rows;
    if (count > 0) throw new Error(`${database.size}: the database already has operators; use an empty one`);
    await client.query(`SET work_mem = '256MB'`);
    await client.query(`SET maintenance_work_mem = '1GB'`);
    // Seeded values are consistent by construction; skipping the per-row foreign-key triggers
    // makes the load several times faster. Needs a superuser; without one, the checks just run.
    await client.query(`SET session_replication_role = replica`).catch(() => {});
    await client.query(`SELECT setseed(0.42)`);

    await step(
      client,
      "operators",
      `INSERT INTO "operator" ("id", "name", "language", "created_at")
       SELECT g, 'Groupe funéraire ' || g, 'fr', $1::timestamptz - interval '1 year'
       FROM generate_series(1, ${GROUPS}) g`,
      [START],
    );
    // Context ids: groups 1..G, funeral homes G+1..G+E, agencies after (small: 1..10, 11..110, 111..310).
    await step(
      client,
      "contexts",
      `INSERT INTO "context" ("id", "operator_id", "kind", "name", "parent_id")
       SELECT g, g, 'GroupeEpf'::"ContextKind", 'Groupe ' || g, NULL FROM generate_series(1, ${GROUPS}) g
       UNION ALL
       SELECT ${GROUPS} + e, (e - 1) / ${epfsPerGroup} + 1, 'Epf'::"ContextKind", 'Funérailles ' || e,
              (e - 1) / ${epfsPerGroup} + 1
       FROM generate_series(1, ${EPFS}) e
       UNION ALL
       SELECT ${GROUPS + EPFS} + a, ((a - 1) / 2) / ${epfsPerGroup} + 1, 'EpfAgence'::"ContextKind", 'Agence ' || a,
              ${GROUPS} + (a - 1) / 2 + 1
       FROM generate_series(1, ${EPFS * 2}) a`,
    );
    await step(
      client,
      "species",
      `INSERT INTO "species" ("id", "name", "latin_name", "type", "max_height_m", "lifespan_years",
                              "co2_kg_per_tree", "unit_price")
       SELECT s, 'Espèce ' || s, 'Species ' || s, CASE WHEN s % 3 = 0 THEN 'Conifère' ELSE 'Feuillu' END,
              20 + s * 2, 100 + s * 50, 200 + s * 85.5, 10 + s * 1.5
       FROM generate_series(1, 10) s`,
    );
    await step(
      client,
      "plantations",
      `INSERT INTO "plantation" ("id", "name", "country", "region", "latitude", "longitude")
       SELECT s, 'Forêt ' || s, (ARRAY['BE', 'FR', 'NL', 'DE', 'BE', 'FR'])[s], 'Région ' || s,
              47 + s * 0.8123, 2 + s * 0.51
       FROM generate_series(1, 6) s`,
    );
    await step(
      client,
      "stock",
      `INSERT INTO "stock" ("plantation_id", "species_id", "stock")
       SELECT p, s, 100000 FROM generate_series(1, 6) p, generate_series(1, 10) s`,
    );
    const indexes = await dropSecondaryIndexes(client);
    // Person p belongs to funeral home (p - 1) % EPFS + 1, created by it or one of its agencies;
    // 1 % are test data (made with a test key).
    await step(
      client,
      "persons",
      `INSERT INTO "person" ("id", "operator_id", "context_id", "epf_id", "last_name", "first_name",
                             "civility", "death_date", "language", "is_test", "created_at", "updated_at")
       SELECT p, (e - 1) / ${epfsPerGroup} + 1,
              CASE p % 3 WHEN 0 THEN ${GROUPS} + e ELSE ${GROUPS + EPFS} + (e - 1) * 2 + p % 3 END,
              ${GROUPS} + e, 'Nom' || p, 'Prenom' || p, CASE WHEN p % 2 = 0 THEN 'Madame' ELSE 'Monsieur' END,
              d, 'fr', p % 100 = 99, d + interval '1 day', d + interval '1 day'
       FROM (SELECT p, (p - 1) % ${EPFS} + 1 AS e,
                    $1::timestamptz + random() * interval '${deathDays} days' AS d
             FROM generate_series(1, ${persons}) p) x`,
      [START],
    );
    // Memorial id = person id; then one global memorial per operator.
    await step(
      client,
      "memorials",
      `INSERT INTO "memorial" ("id", "operator_id", "context_id", "kind", "status", "title", "anonymous_name",
                               "person_id", "language", "is_test", "created_at", "confirmed_at")
       SELECT p."id", p."operator_id", p."context_id",
              (CASE WHEN p."id" % 10 = 3 THEN 'anonymous' ELSE 'classic' END)::"MemorialKind",
              (CASE WHEN p."id" % 50 = 0 THEN 'awaiting_confirmation' ELSE 'visible' END)::"MemorialStatus",
              CASE WHEN p."id" % 20 = 3 THEN 'Un ami de la famille'
                   WHEN p."id" % 10 = 3 THEN p."id"::text
                   ELSE p."first_name" || ' ' || p."last_name" END,
              CASE WHEN p."id" % 20 = 3 THEN 'Un ami de la famille' END,
              p."id", 'fr', p."is_test", p."created_at",
              CASE WHEN p."id" % 50 <> 0 THEN p."created_at" END
       FROM "person" p
       UNION ALL
       SELECT ${persons} + o."id", o."id", NULL, 'global'::"MemorialKind", 'visible'::"MemorialStatus", o."name", NULL, NULL, 'fr', false,
              o."created_at", o."created_at"
       FROM "operator" o`,
    );
    // Trees: person p gets trees j with (j - 1) % persons + 1 = p (those awaiting confirmation
    // give theirs to the previous person), planted in the 45 days after the death. Ids follow the
    // planting date, as they do in a live database.
    await step(
      client,
      "tree plan",
      `CREATE TEMP TABLE seed_tree AS
       SELECT row_number() OVER (ORDER BY x."planted_at", x."j")::int AS "id", x.*
       FROM (SELECT j, p."id" AS "person_id", p."operator_id", p."context_id", p."epf_id", p."is_test",
                    s AS "species_id", 1 + (s + j) % 6 AS "plantation_id",
                    p."death_date" + interval '1 day' + random() * interval '44 days' AS "planted_at"
             FROM (SELECT j, (1 + floor(random() * 10))::int AS s,
                          CASE WHEN ((j - 1) % ${persons} + 1) % 50 = 0 THEN (j - 1) % ${persons}
                               ELSE (j - 1) % ${persons} + 1 END AS pid
                   FROM generate_series(1, ${trees}) j) g
             JOIN "person" p ON p."id" = g.pid) x`,
    );
    await step(client, "tree plan index", `CREATE INDEX ON seed_tree ("id")`);
    await client.query(`ANALYZE seed_tree`);
    const memorials = persons + GROUPS;
    await step(
      client,
      "creation transactions",
      `INSERT INTO "transaction" ("id", "operator_id", "context_id", "type", "memorial_id", "person_id",
                                  "tree_count", "free_tree_count", "amount", "is_test", "created_at")
       SELECT m."id", m."operator_id", m."context_id", 'CreationMemorial'::"TransactionType", m."id", m."person_id", 0, 0, 0,
              m."is_test", m."created_at"
       FROM "memorial" m`,
    );
    await chunked(
      client,
      "planting transactions",
      trees,
      `INSERT INTO "transaction" ("id", "operator_id", "context_id", "type", "memorial_id", "person_id",
                                  "tree_count", "free_tree_count", "species_id", "plantation_id", "amount",
                                  "is_test", "created_at")
       SELECT ${memorials} + t."id", t."operator_id", t."context_id", 'Plantation'::"TransactionType", t."person_id", t."person_id",
              1, 0, t."species_id", t."plantation_id", sp."unit_price", t."is_test", t."planted_at"
       FROM seed_tree t JOIN "species" sp ON sp."id" = t."species_id"
       WHERE {range}
       ORDER BY t."id"`,
    );
    await chunked(
      client,
      "trees",
      trees,
      `INSERT INTO "tree" ("id", "memorial_id", "operator_id", "context_id", "epf_id", "person_id",
                           "species_id", "plantation_id", "quantity", "planter", "message", "free",
                           "unit_price", "is_test", "planted_at", "transaction_id")
       SELECT t."id", t."person_id", t."operator_id", t."context_id", t."epf_id", t."person_id",
              t."species_id", t."plantation_id", 1, 'Famille ' || t."person_id",
              CASE WHEN t."j" % 3 = 0 THEN 'Avec toute notre affection' END, false,
              sp."unit_price", t."is_test", t."planted_at", ${memorials} + t."id"
       FROM seed_tree t JOIN "species" sp ON sp."id" = t."species_id"
       WHERE {range}
       ORDER BY t."id"`,
    );
    await client.query(`DROP TABLE seed_tree`);
    const indexing = performance.now();
    for (const { name, definition } of indexes) {
      const started = performance.now();
      await client.query(definition);
      console.log(`  index ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    console.log(`  indexes rebuilt in ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
    for (const table of [
      "operator",
      "context",
      "species",
      "plantation",
      "person",
      "memorial",
      "transaction",
      "tree",
    ]) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT MAX("id") FROM "${table}"))`,
      );
    }
    const started = performance.now();
    await client.query("VACUUM (ANALYZE)");
    console.log(`  vacuum analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [{ size }] = (
      await client.query(`SELECT pg_size_pretty(pg_database_size(current_database())) AS "size"`)
    ).rows;
    console.log(`  database size: ${size}`);
  } finally {
    await client.end();
  }
}

const sizes = sizesFromArgs(process.argv.slice(2), Boolean(process.env.DATABASE_URL));
const target = await benchTarget(sizes);
try {
  for (const database of target.databases) {
    console.log(
      `${database.size}: ${SIZES[database.size].trees} trees, ${SIZES[database.size].persons} persons`,
    );
    if (target.adminUrl) await recreateDatabase(target.adminUrl, database.url);
    await migrate(database.url);
    const started = performance.now();
    await seed(database);
    console.log(`${database.size}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
} finally {
  await target.stop();
}
