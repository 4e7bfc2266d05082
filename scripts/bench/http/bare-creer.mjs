// Floor for POST /v1/Memorials/Creer: bare node:http + pg sending exactly the statements the
// project sends for a planting of a new memorial with one tree (no context, no Idempotency-Key),
// in one transaction then the duplicate detection after it, on the same database, with the same
// parameters. Each statement below is the
// project's own text (lib/memorials/create-memorial.ts, lib/memorials/duplicates.ts,
// lib/plantings/*, lib/audit/record.ts, lib/events/events.ts), written with the `sql` tag, which
// numbers the parameters as Prisma's does. run.sh checks it before measuring: it logs one planting
// of each in PostgreSQL and compares the statements (same-statements.mjs), and stops when they
// differ. The key is looked up once, then kept in memory, as the project's key cache does.
//   PG_MODULE=/path/to/node_modules/pg DATABASE_URL=... AUTH_SECRET=... PORT=... node bare-creer.mjs
import { createHash, createHmac } from "node:crypto";
import { createServer } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pg = require(process.env.PG_MODULE);
// Its name in PostgreSQL's log, where same-statements.mjs finds its statements.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 20,
  application_name: "bench-bare-creer",
});
const keys = new Map();

/** A statement as Prisma builds one: its text with $1..$n, fragments inlined, and its values. */
function sql(strings, ...values) {
  return { strings, values };
}
function build(fragment, out = { text: "", values: [] }) {
  fragment.strings.forEach((part, i) => {
    out.text += part;
    if (i === fragment.values.length) return;
    const value = fragment.values[i];
    if (value && typeof value === "object" && "strings" in value) build(value, out);
    else {
      out.values.push(value);
      out.text += `$${out.values.length}`;
    }
  });
  return out;
}
const query = (client, fragment) => {
  const { text, values } = build(fragment);
  return client.query(text, values);
};

// lib/catalogue/rules.ts OPERATOR_RULES and lib/plantings/allocate-tree.ts CANDIDATE.
const OPERATOR_RULES = sql`p."active"
  AND (COALESCE(cardinality(o."allowed_countries"), 0) = 0 OR p."country" = ANY(o."allowed_countries"))
  AND (o."max_unit_price" IS NULL OR sp."unit_price" <= o."max_unit_price")`;
const CANDIDATE = (operatorId, skipLocked) => sql`
  SELECT s."plantation_id", s."species_id", sp."unit_price"::text AS "unit_price"
  FROM "stock" s
  JOIN "plantation" p ON p."id" = s."plantation_id"
  JOIN "species" sp ON sp."id" = s."species_id"
  JOIN "operator" o ON o."id" = ${operatorId}
  WHERE s."stock" > 0 AND ${OPERATOR_RULES}
  ORDER BY s."stock" DESC, s."plantation_id", s."species_id"
  LIMIT 1 ${skipLocked ? sql`FOR UPDATE OF s SKIP LOCKED` : sql``}`;

// lib/db/name-search.ts personNameKey and lib/memorials/duplicates.ts placeKey.
const nameKey = (a) =>
  sql([
    `lower(public.f_unaccent(coalesce("${a}"."first_name", '') || ' ' || coalesce("${a}"."last_name", '')))`,
  ]);
const placeKey = (a) =>
  sql([
    `nullif(btrim(regexp_replace(lower(public.f_unaccent("${a}"."place_of_death")), '[^a-z0-9]+', ' ', 'g')), '')`,
  ]);
async function key(value) {
  const hash = createHash("sha256").update(value).digest("hex");
  if (!keys.has(hash)) {
    const row = (
      await pool.query(
        `SELECT k.id, k.name, k.environment, k.revoked_at, o.id AS oid, o.name AS operator, o.language
         FROM api_key k JOIN operator o ON o.id = k.operator_id WHERE k.hash = $1`,
        [hash],
      )
    ).rows[0];
    if (!row || row.revoked_at) return null;
    keys.set(hash, row);
  }
  return keys.get(hash);
}

async function creer(keyValue, body, client) {
  const k = await key(keyValue ?? "");
  if (!k) return [403, { Statut: "Erreur" }];
  const c = await pool.connect();
  try {
    // The planting's transaction sets its time limit with BEGIN, in the same round trip (lib/db/raw.ts).
    await c.query("BEGIN; SET LOCAL statement_timeout = 60000");
    const d = body.Defunt;
    const language = body.Langue ?? k.language;
    const deathDate = new Date(d.DateDeces);
    const made = (
      await query(
        c,
        sql`
    WITH p AS (
      INSERT INTO "person" ("operator_id", "context_id", "epf_id", "last_name", "first_name", "civility",
        "death_date", "death_date_approximate", "birth_date", "place_of_death", "image_url", "language", "is_test")
      VALUES (${k.oid}, ${null}, ${null}, ${d.Nom}, ${d.Prenom},
        ${null}, ${deathDate}, ${false}, ${null},
        ${null}, ${null}, ${language}, ${false})
      RETURNING "id"),
    m AS (
      INSERT INTO "memorial" ("operator_id", "context_id", "kind", "status", "title", "anonymous_name",
        "person_id", "language", "deceased_url", "is_test")
      SELECT ${k.oid}, ${null},
        ${"classic"}::"MemorialKind",
        ${"visible"}::"MemorialStatus",
        ${`${d.Prenom} ${d.Nom}`}, ${null}, p."id", ${language}, ${null}, ${false}
      FROM p
      RETURNING "id", "person_id"),
    f AS (
      INSERT INTO "family" ("memorial_id", "email", "name", "language")
      SELECT m."id", ${null}, ${null}, ${null}
      FROM m WHERE ${false}
      RETURNING 1),
    t AS (
      INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id", "tree_count",
        "free_tree_count", "amount", "external_id", "memorials_lot", "u_event_id", "special_email_type", "is_test")
      SELECT ${k.oid}, ${null}, 'CreationMemorial'::"TransactionType", m."id", m."person_id", 0, 0, 0,
        ${null}, ${null}, ${null}, ${null}, ${false}
      FROM m
      RETURNING "id")
    SELECT m."id", m."person_id", t."id" AS "transaction_id" FROM m, t`,
      )
    ).rows[0];
    let taken;
    for (let attempt = 0; attempt < 50 && !taken; attempt++) {
      taken = (
        await query(
          c,
          sql`
      WITH pick AS (${CANDIDATE(k.oid, attempt === 0)}),
      taken AS (
        UPDATE "stock" s SET "stock" = s."stock" - 1
        FROM pick
        WHERE s."plantation_id" = pick."plantation_id" AND s."species_id" = pick."species_id" AND s."stock" > 0
        RETURNING pick.*)
      , ${sql`prepaid AS (
      UPDATE "operator" SET "prepaid_trees" = "prepaid_trees" - 1
      WHERE "id" = ${k.oid} AND "prepaid_trees" > 0 AND EXISTS (SELECT 1 FROM taken)
      RETURNING 1)`}
      SELECT taken.* , ${sql`EXISTS (SELECT 1 FROM prepaid) AS "free"`} FROM taken`,
        )
      ).rows[0];
      if (!taken && !(await query(c, CANDIDATE(k.oid, false))).rows[0]) break;
    }
    if (!taken) {
      await c.query("ROLLBACK");
      return [400, { Statut: "Erreur" }];
    }
    const free = taken.free;
    const planter = body.DeLaPartDe || "Inconnu";
    const planted = (
      await query(
        c,
        sql`
    WITH t AS (
      INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id", "tree_count",
        "free_tree_count", "species_id", "plantation_id", "amount", "external_id", "memorials_lot", "u_event_id",
        "special_email_type", "is_test", "origin", "payment_reference")
      VALUES (${k.oid}, ${null}, 'Plantation'::"TransactionType", ${made.id},
        ${made.person_id}, 1, ${free ? 1 : 0}, ${taken.species_id}, ${taken.plantation_id},
        ${free ? "0" : taken.unit_price}::numeric, ${null}, ${null}, ${null},
        ${null}, ${false}, ${"partner"}::"TreeOrigin", ${null})
      RETURNING "id")
    INSERT INTO "tree" ("memorial_id", "operator_id", "context_id", "epf_id", "person_id", "species_id",
      "plantation_id", "quantity", "planter", "message", "free", "unit_price", "is_test", "transaction_id",
      "origin", "message_hidden_at")
    SELECT ${made.id}, ${k.oid}, ${null},
      COALESCE(${null}::int, (SELECT pe."epf_id" FROM "person" pe WHERE pe."id" = ${made.person_id}::int)),
      ${made.person_id}, ${taken.species_id}, ${taken.plantation_id}, 1, ${planter}, ${null}, ${free},
      ${taken.unit_price}::numeric, ${false}, t."id",
      ${"partner"}::"TreeOrigin", CASE WHEN ${false} THEN now() END
    FROM t
    RETURNING "id" AS "tree_id", "transaction_id"`,
      )
    ).rows[0];
    const linkBase = `http://${client.host}`;
    const events = [
      {
        type: "memorial.created",
        operator_id: k.oid,
        memorial_id: made.id,
        is_test: false,
        payload: { awaitingConfirmation: false, linkBase },
      },
      {
        type: "tree.planted",
        operator_id: k.oid,
        memorial_id: made.id,
        is_test: false,
        payload: {
          treeId: planted.tree_id,
          transactionId: planted.transaction_id,
          speciesId: taken.species_id,
          linkBase,
        },
      },
    ];
    const audit = {
      at: new Date().toISOString(),
      actor_kind: "key",
      actor_id: k.id,
      actor_label: (k.name ?? `key ${k.id}`).slice(0, 200),
      operator_id: k.oid,
      memorial_id: made.id,
      action: "memorial.created",
      target_type: "memorial",
      target_id: String(made.id),
      changes: {
        status: { after: "visible" },
        kind: { after: "classic" },
        treeId: { after: planted.tree_id },
        speciesId: { after: taken.species_id },
        planter: { after: "(personal data, not kept)" },
      },
      client_hash: createHmac("sha256", process.env.AUTH_SECRET ?? "")
        .update(`audit-client:${client.address}`)
        .digest("hex"),
    };
    const origin = "bench-bare-creer";
    const signals = events.map((e) => ({ type: e.type, operatorId: k.oid, memorialIds: [made.id] }));
    await query(
      c,
      sql`WITH ${sql`written AS (
      INSERT INTO "domain_event" ("type", "operator_id", "memorial_id", "is_test", "payload")
      SELECT x."type", x."operator_id", x."memorial_id", x."is_test", x."payload"
      FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
        AS x("type" text, "operator_id" int, "memorial_id" int, "is_test" boolean, "payload" jsonb)
      RETURNING 1)`}, ${sql`audited AS (${sql`INSERT INTO "audit_log" ("at", "actor_kind", "actor_id", "actor_label", "operator_id", "memorial_id",
      "action", "target_type", "target_id", "changes", "client_hash")
    SELECT x."at", x."actor_kind", x."actor_id", x."actor_label", x."operator_id", x."memorial_id",
      x."action", x."target_type", x."target_id", x."changes", x."client_hash"
    FROM jsonb_to_recordset(${JSON.stringify([audit])}::jsonb)
      AS x("at" timestamptz, "actor_kind" text, "actor_id" int, "actor_label" text, "operator_id" int,
        "memorial_id" int, "action" text, "target_type" text, "target_id" text, "changes" jsonb, "client_hash" text)`} RETURNING 1)`} SELECT ${sql`pg_notify(${"domain_event"}, ${JSON.stringify({ o: origin, s: signals })})::text`} AS "notified"`,
    );
    await c.query("COMMIT");
    // After the commit, on the same connection (the project's takes one from its pool, which the
    // transaction's has just gone back to): the new memorial's possible duplicates
    // (lib/memorials/duplicates.ts), at most 10 pairs of the first 50 look-alikes.
    await query(
      c,
      sql`
    WITH new AS MATERIALIZED (
      SELECT m."id", m."operator_id", m."is_test", p."id" AS "person_id", p."death_date",
        ${nameKey("p")} AS "name", ${placeKey("p")} AS "place"
      FROM "memorial" m JOIN "person" p ON p."id" = m."person_id"
      WHERE m."id" = ${made.id} AND m."kind" <> 'global'),
    found AS (
      SELECT new."operator_id", new."id" AS "new_id", o."id" AS "other_id",
        similarity(${nameKey("op")}, new."name") AS "similarity",
        round(abs(extract(epoch FROM op."death_date" - new."death_date")) / 86400)::int AS "days",
        CASE WHEN new."place" IS NOT NULL AND ${placeKey("op")} IS NOT NULL THEN new."place" END AS "place"
      FROM new
      CROSS JOIN LATERAL (
        SELECT op.* FROM "person" op
        WHERE op."operator_id" = new."operator_id"
          AND op."death_date" BETWEEN new."death_date" - interval '1 day' AND new."death_date" + interval '1 day'
          AND op."id" <> new."person_id"
          AND similarity(${nameKey("op")}, new."name") >= ${0.6}
          AND (new."place" IS NULL OR ${placeKey("op")} IS NULL OR new."place" = ${placeKey("op")})
        LIMIT ${50}) op
      CROSS JOIN LATERAL (
        SELECT o."id", o."operator_id", o."is_test", o."kind", o."status", o."merged_into_id"
        FROM "memorial" o WHERE o."person_id" = op."id"
        OFFSET 0) o
      WHERE o."id" <> new."id" AND o."operator_id" = new."operator_id"
        AND o."is_test" = new."is_test" AND o."kind" <> 'global'
        AND o."status" <> 'expired' AND o."merged_into_id" IS NULL)
    INSERT INTO "memorial_duplicate" ("operator_id", "first_memorial_id", "second_memorial_id",
      "name_similarity", "death_days_apart", "place")
    SELECT "operator_id", least("new_id", "other_id"), greatest("new_id", "other_id"),
      round("similarity"::numeric, 3)::float8, "days", left("place", 200)
    FROM found
    ORDER BY "similarity" DESC, "days", "other_id" DESC
    LIMIT ${10}
    ON CONFLICT ("first_memorial_id", "second_memorial_id") DO NOTHING
    RETURNING "id", CASE WHEN "first_memorial_id" = ${made.id} THEN "second_memorial_id" ELSE "first_memorial_id" END AS "other"`,
    );
    return [
      200,
      {
        Objet: "memorialsCreer",
        Statut: "Ok",
        IdMemorial: made.id,
        IdDefunt: made.person_id,
        IdTransaction: planted.transaction_id,
        NombreArbre: 1,
        IdEspece: taken.species_id,
      },
    ];
  } catch (e) {
    await c.query("ROLLBACK").catch(() => {});
    return [500, { Statut: "Erreur", Message: String(e.message) }];
  } finally {
    c.release();
  }
}

createServer((req, res) => {
  let data = "";
  req.on("data", (chunk) => {
    data += chunk;
  });
  req.on("end", async () => {
    let status = 404;
    let out = { Statut: "Erreur" };
    if (req.method === "POST" && req.url === "/v1/Memorials/Creer") {
      try {
        const client = { host: req.headers.host ?? "", address: req.socket.remoteAddress ?? "" };
        [status, out] = await creer(req.headers.key, JSON.parse(data), client);
      } catch {
        status = 400;
      }
    } else if (req.method === "GET" && req.url === "/v1/Especes") {
      const r = await pool.query("SELECT id, name FROM species ORDER BY name");
      status = 200;
      out = { Especes: r.rows };
    }
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(out));
  });
}).listen(Number(process.env.PORT), "127.0.0.1");
