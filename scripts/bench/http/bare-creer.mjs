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
    const person = (
      await c.query(
        `INSERT INTO person (operator_id, last_name, first_name, death_date, death_date_approximate, language, is_test, updated_at)
         VALUES ($1,$2,$3,$4,false,$5,false, now()) RETURNING *`,
        [k.oid, d.Nom, d.Prenom, d.DateDeces, body.Langue ?? k.language],
      )
    ).rows[0];
    const mem = (
      await c.query(
        `INSERT INTO memorial (operator_id, kind, status, title, person_id, language, is_test)
         VALUES ($1,'classic','visible',$2,$3,$4,false) RETURNING *`,
        [k.oid, `${d.Prenom} ${d.Nom}`, person.id, body.Langue ?? k.language],
      )
    ).rows[0];
    const creation = (
      await c.query(
        `INSERT INTO "transaction" (operator_id, type, memorial_id, person_id, tree_count, free_tree_count, amount, is_test)
         VALUES ($1,'CreationMemorial',$2,$3,0,0,0,false) RETURNING *`,
        [k.oid, mem.id, person.id],
      )
    ).rows[0];
    let taken;
    for (let attempt = 0; attempt < 50 && !taken; attempt++) {
      taken = (
        await c.query(
          `WITH pick AS (${PICK(attempt === 0)}) UPDATE "stock" s SET "stock" = s."stock" - 1 FROM pick
           WHERE s."plantation_id" = pick."plantation_id" AND s."species_id" = pick."species_id" AND s."stock" > 0
           RETURNING s."plantation_id", s."species_id", pick."unit_price"::text AS unit_price`,
          [k.oid],
        )
      ).rows[0];
    }
    if (!taken) {
      await c.query("ROLLBACK");
      return [400, { Statut: "Erreur" }];
    }
    const free =
      (
        await c.query(
          `UPDATE operator SET prepaid_trees = prepaid_trees - 1 WHERE id = $1 AND prepaid_trees > 0 RETURNING prepaid_trees`,
          [k.oid],
        )
      ).rowCount > 0;
    const t = (
      await c.query(
        `INSERT INTO "transaction" (operator_id, type, memorial_id, person_id, tree_count, free_tree_count, species_id, plantation_id, amount, is_test)
         VALUES ($1,'Plantation',$2,$3,1,$4,$5,$6,$7,false) RETURNING *`,
        [
          k.oid,
          mem.id,
          person.id,
          free ? 1 : 0,
          taken.species_id,
          taken.plantation_id,
          free ? 0 : taken.unit_price,
        ],
      )
    ).rows[0];
    await c.query("SELECT epf_id FROM person WHERE id = $1", [person.id]);
    const tree = (
      await c.query(
        `INSERT INTO tree (memorial_id, operator_id, person_id, species_id, plantation_id, planter, free, unit_price, is_test, transaction_id)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,false,$9) RETURNING *`,
        [
          mem.id,
          k.oid,
          person.id,
          taken.species_id,
          taken.plantation_id,
          body.DeLaPartDe || "Inconnu",
          free,
          taken.unit_price,
          t.id,
        ],
      )
    ).rows[0];
    const events = [
      {
        type: "memorial.created",
        operator_id: k.oid,
        memorial_id: mem.id,
        is_test: false,
        payload: { awaitingConfirmation: false },
      },
      {
        type: "tree.planted",
        operator_id: k.oid,
        memorial_id: mem.id,
        is_test: false,
        payload: { treeId: tree.id, transactionId: t.id },
      },
    ];
    const signals = events.map((e) => ({ type: e.type, operatorId: k.oid, memorialIds: [mem.id] }));
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
        IdMemorial: mem.id,
        IdDefunt: person.id,
        IdTransaction: t.id ?? creation.id,
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
