// Floor for POST /v1/Memorials/Creer: bare node:http + pg sending exactly the statements the
// project sends for a planting of a new memorial with one tree (no context, no Idempotency-Key),
// in one transaction then the duplicate detection after it, on the same database, with the same
// parameters. Each statement is the project's own: the new memorial's, the stock candidate's and
// the duplicate detection's are built by the project's functions, imported from the compiled
// package (@memorial/lib: lib/memorials/create-memorial.ts newMemorialSql,
// lib/plantings/allocate-tree.ts CANDIDATE, lib/memorials/duplicates.ts duplicatesSql); the
// others are copies of its text (lib/plantings/*, lib/audit/record.ts, lib/events/events.ts),
// written with the `sql` tag, which numbers the parameters as Prisma's does. Only the statements
// come from the project: they are sent through pg, with nothing of the framework around them.
// run.sh checks it before measuring: it logs one planting of each in PostgreSQL and compares the
// statements (same-statements.mjs), and stops when they differ. The key is looked up once, then
// kept in memory, as the project's key cache does.
//   PG_MODULE=/path/to/node_modules/pg DATABASE_URL=... AUTH_SECRET=... PORT=... node bare-creer.mjs
import { createHash, createHmac } from "node:crypto";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { newMemorialSql } from "@memorial/lib/memorials/create-memorial";
import { duplicatesSql } from "@memorial/lib/memorials/duplicates";
import { CANDIDATE } from "@memorial/lib/plantings/allocate-tree";

const require = createRequire(import.meta.url);
const pg = require(process.env.PG_MODULE);
// Its name in PostgreSQL's log, where same-statements.mjs finds its statements.
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 20,
  application_name: "bench-bare-creer",
});
const keys = new Map();

/**
 * A statement as Prisma builds one: its text with $1..$n, fragments inlined, and its values. A
 * fragment is the tag's or Prisma's (Prisma.Sql: strings and values too).
 */
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
        newMemorialSql({
          operatorId: k.oid,
          contextId: null,
          epfId: null,
          isTest: false,
          language,
          deceased: {
            lastName: d.Nom,
            firstName: d.Prenom,
            civility: null,
            deathDate,
            deathDateApproximate: false,
            birthDate: null,
            placeOfDeath: null,
            imageUrl: null,
            url: null,
          },
          kind: "classic",
          status: "visible",
          title: `${d.Prenom} ${d.Nom}`,
          anonymousName: null,
          family: null,
          creation: { externalId: null, memorialsLot: null, uEventId: null, specialEmailType: null },
        }),
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
    await query(c, duplicatesSql(made.id));
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
