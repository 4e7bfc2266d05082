// Floor for POST /v1/Memorials/Creer: bare node:http + pg sending exactly the statements the
// project sends for a planting of a new memorial with one tree (no context, no Idempotency-Key),
// in one transaction, on the same database. Keep it equal to the project's statements when they
// change (lib/memorials/create-memorial.ts, lib/plantings/*, lib/events/events.ts). The key is
// looked up once, then kept in memory, as the project's key cache does.
//   PG_MODULE=/path/to/node_modules/pg DATABASE_URL=... PORT=... node bare-creer.mjs
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const pg = require(process.env.PG_MODULE);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const keys = new Map();

const PICK = (skipLocked) => `SELECT s."plantation_id", s."species_id", sp."unit_price"
  FROM "stock" s JOIN "plantation" p ON p."id" = s."plantation_id"
  JOIN "species" sp ON sp."id" = s."species_id" JOIN "operator" o ON o."id" = $1
  WHERE s."stock" > 0 AND p."active"
  AND (COALESCE(cardinality(o."allowed_countries"), 0) = 0 OR p."country" = ANY(o."allowed_countries"))
  AND (o."max_unit_price" IS NULL OR sp."unit_price" <= o."max_unit_price")
  ORDER BY s."stock" DESC, s."plantation_id", s."species_id" LIMIT 1 ${skipLocked ? "FOR UPDATE OF s SKIP LOCKED" : ""}`;

async function key(value) {
  const hash = createHash("sha256").update(value).digest("hex");
  if (!keys.has(hash)) {
    const row = (
      await pool.query(
        `SELECT k.id, k.environment, k.revoked_at, o.id AS oid, o.name, o.language
         FROM api_key k JOIN operator o ON o.id = k.operator_id WHERE k.hash = $1`,
        [hash],
      )
    ).rows[0];
    if (!row || row.revoked_at) return null;
    keys.set(hash, row);
  }
  return keys.get(hash);
}

async function creer(keyValue, body) {
  const k = await key(keyValue ?? "");
  if (!k) return [403, { Statut: "Erreur" }];
  const c = await pool.connect();
  try {
    await c.query("BEGIN");
    const d = body.Defunt;
    const language = body.Langue ?? k.language;
    const made = (
      await c.query(
        `WITH p AS (
           INSERT INTO "person" ("operator_id", "context_id", "epf_id", "last_name", "first_name", "civility",
             "death_date", "death_date_approximate", "birth_date", "image_url", "language", "is_test")
           VALUES ($1, NULL, NULL, $2, $3, NULL, $4, false, NULL, NULL, $5, false) RETURNING "id"),
         m AS (
           INSERT INTO "memorial" ("operator_id", "context_id", "kind", "status", "title", "anonymous_name",
             "person_id", "language", "deceased_url", "is_test")
           SELECT $1, NULL, 'classic'::"MemorialKind", 'visible'::"MemorialStatus", $6, NULL, p."id", $5, NULL, false
           FROM p RETURNING "id", "person_id"),
         f AS (
           INSERT INTO "family" ("memorial_id", "email", "name", "language")
           SELECT m."id", NULL, NULL, NULL FROM m WHERE false RETURNING 1),
         t AS (
           INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id", "tree_count",
             "free_tree_count", "amount", "external_id", "memorials_lot", "u_event_id", "special_email_type", "is_test")
           SELECT $1, NULL, 'CreationMemorial'::"TransactionType", m."id", m."person_id", 0, 0, 0, NULL, NULL, NULL, NULL, false
           FROM m RETURNING "id")
         SELECT m."id", m."person_id", t."id" AS "transaction_id" FROM m, t`,
        [k.oid, d.Nom, d.Prenom, d.DateDeces, language, `${d.Prenom} ${d.Nom}`],
      )
    ).rows[0];
    let taken;
    for (let attempt = 0; attempt < 50 && !taken; attempt++) {
      taken = (
        await c.query(
          `WITH pick AS (${PICK(attempt === 0)}),
           taken AS (
             UPDATE "stock" s SET "stock" = s."stock" - 1 FROM pick
             WHERE s."plantation_id" = pick."plantation_id" AND s."species_id" = pick."species_id" AND s."stock" > 0
             RETURNING s."plantation_id", s."species_id", pick."unit_price"::text AS "unit_price"),
           prepaid AS (
             UPDATE "operator" SET "prepaid_trees" = "prepaid_trees" - 1
             WHERE "id" = $1 AND "prepaid_trees" > 0 AND EXISTS (SELECT 1 FROM taken) RETURNING 1)
           SELECT taken.*, EXISTS (SELECT 1 FROM prepaid) AS "free" FROM taken`,
          [k.oid],
        )
      ).rows[0];
    }
    if (!taken) {
      await c.query("ROLLBACK");
      return [400, { Statut: "Erreur" }];
    }
    const free = taken.free;
    const planted = (
      await c.query(
        `WITH t AS (
           INSERT INTO "transaction" ("operator_id", "context_id", "type", "memorial_id", "person_id", "tree_count",
             "free_tree_count", "species_id", "plantation_id", "amount", "external_id", "memorials_lot", "u_event_id",
             "special_email_type", "is_test")
           VALUES ($1, NULL, 'Plantation'::"TransactionType", $2, $3, 1, $4, $5, $6, $7::numeric, NULL, NULL, NULL, NULL, false)
           RETURNING "id")
         INSERT INTO "tree" ("memorial_id", "operator_id", "context_id", "epf_id", "person_id", "species_id",
           "plantation_id", "quantity", "planter", "message", "free", "unit_price", "is_test", "transaction_id")
         SELECT $2, $1, NULL, COALESCE(NULL::int, (SELECT pe."epf_id" FROM "person" pe WHERE pe."id" = $3::int)),
           $3, $5, $6, 1, $8, NULL, $9, $10::numeric, false, t."id"
         FROM t RETURNING "id" AS "tree_id", "transaction_id"`,
        [
          k.oid,
          made.id,
          made.person_id,
          free ? 1 : 0,
          taken.species_id,
          taken.plantation_id,
          free ? "0" : taken.unit_price,
          body.DeLaPartDe || "Inconnu",
          free,
          taken.unit_price,
        ],
      )
    ).rows[0];
    const events = [
      {
        type: "memorial.created",
        operator_id: k.oid,
        memorial_id: made.id,
        is_test: false,
        payload: { awaitingConfirmation: false },
      },
      {
        type: "tree.planted",
        operator_id: k.oid,
        memorial_id: made.id,
        is_test: false,
        payload: { treeId: planted.tree_id, transactionId: planted.transaction_id },
      },
    ];
    const signals = events.map((e) => ({ type: e.type, operatorId: k.oid, memorialIds: [made.id] }));
    await c.query(
      `WITH written AS (
         INSERT INTO "domain_event" ("type", "operator_id", "memorial_id", "is_test", "payload")
         SELECT x."type", x."operator_id", x."memorial_id", x."is_test", x."payload"
         FROM jsonb_to_recordset($1::jsonb) AS x("type" text, "operator_id" int, "memorial_id" int, "is_test" boolean, "payload" jsonb)
         RETURNING 1)
       SELECT pg_notify('domain_event', $2)::text`,
      [JSON.stringify(events), JSON.stringify(signals)],
    );
    await c.query("COMMIT");
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
        [status, out] = await creer(req.headers.key, JSON.parse(data));
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
