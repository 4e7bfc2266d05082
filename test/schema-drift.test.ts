// The migrations are written by hand (the Prisma schema engine cannot run here, see DEVELOPERS.md),
// so this test is what keeps prisma/schema.prisma and the migrated database the same: tables,
// columns, types, nullability, enums, primary keys, unique and plain indexes, relations.
// It reads schema.prisma with a small parser of its own and compares it with the catalogue of the
// real PostgreSQL migrated by test/global-setup.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// What PostgreSQL holds that schema.prisma cannot say: partial indexes, indexes on expressions and
// CHECK constraints. They are the invariants PostgreSQL keeps for us (one global memorial per
// operator and environment, stock and balances never below zero...) and the name search's
// indexes, so the list is exact: a missing or a changed one fails.
const DB_ONLY_TABLES = new Set(["_prisma_migrations"]);
const PARTIAL_INDEXES: Record<string, string> = {
  memorial_one_global_per_operator:
    "CREATE UNIQUE INDEX memorial_one_global_per_operator ON public.memorial USING btree (operator_id, is_test) WHERE (kind = 'global'::\"MemorialKind\")",
  domain_event_pending:
    "CREATE INDEX domain_event_pending ON public.domain_event USING btree (id) WHERE (dispatched_at IS NULL)",
  webhook_delivery_due:
    "CREATE INDEX webhook_delivery_due ON public.webhook_delivery USING btree (next_attempt_at) WHERE (status = 'pending'::\"WebhookDeliveryStatus\")",
  // One visitor setting of the operator as a whole.
  visitor_setting_one_per_operator:
    "CREATE UNIQUE INDEX visitor_setting_one_per_operator ON public.visitor_setting USING btree (operator_id) WHERE (context_id IS NULL)",
  // The families' erasure requests waiting for the daily job.
  memorial_erasure_due_idx:
    "CREATE INDEX memorial_erasure_due_idx ON public.memorial USING btree (erasure_requested_at) WHERE ((erasure_requested_at IS NOT NULL) AND (erased_at IS NULL))",
  // One family archive waiting to be built per memorial.
  memorial_archive_waiting_key:
    "CREATE UNIQUE INDEX memorial_archive_waiting_key ON public.memorial_archive USING btree (memorial_id) WHERE (ready_at IS NULL)",
  // At most one merge in force per pair of duplicates.
  memorial_merge_in_force_key:
    "CREATE UNIQUE INDEX memorial_merge_in_force_key ON public.memorial_merge USING btree (duplicate_id) WHERE (undone_at IS NULL)",
};
// Indexes on expressions (the name search's trigram indexes, migration 20261125153500_name_search).
const EXPRESSION_INDEXES: Record<string, string> = {
  memorial_title_search_idx:
    "CREATE INDEX memorial_title_search_idx ON public.memorial USING gin (lower(f_unaccent((title)::text)) gin_trgm_ops)",
  person_name_search_idx:
    "CREATE INDEX person_name_search_idx ON public.person USING gin (lower(f_unaccent((((COALESCE(first_name, ''::character varying))::text || ' '::text) || (COALESCE(last_name, ''::character varying))::text))) gin_trgm_ops)",
  // The visitors' search by town.
  person_place_search_idx:
    "CREATE INDEX person_place_search_idx ON public.person USING gin (lower(f_unaccent((place_of_death)::text)) gin_trgm_ops)",
};
const DB_ONLY_INDEXES = new Set([...Object.keys(PARTIAL_INDEXES), ...Object.keys(EXPRESSION_INDEXES)]);
const CHECKS: Record<string, string> = {
  // A visitor's photo: one to three files, a size, published exactly when it has its date.
  memorial_photo_files_check:
    "CHECK (((file_keys IS NOT NULL) AND (file_widths IS NOT NULL) AND ((cardinality(file_keys) >= 1) AND (cardinality(file_keys) <= 3)) AND (cardinality(file_keys) = cardinality(file_widths))))",
  memorial_photo_published_check:
    "CHECK (((status = 'published'::\"MemorialPhotoStatus\") = (published_at IS NOT NULL)))",
  memorial_photo_size_check: "CHECK (((width > 0) AND (height > 0)))",
  operator_prepaid_trees_check: "CHECK ((prepaid_trees >= 0))",
  species_unit_price_check: "CHECK ((unit_price >= (0)::numeric))",
  plantation_latitude_check:
    "CHECK (((latitude >= ('-90'::integer)::numeric) AND (latitude <= (90)::numeric)))",
  plantation_longitude_check:
    "CHECK (((longitude >= ('-180'::integer)::numeric) AND (longitude <= (180)::numeric)))",
  stock_stock_check: "CHECK ((stock >= 0))",
  memorial_person_check: "CHECK (((kind = 'global'::\"MemorialKind\") = (person_id IS NULL)))",
  memorial_title_check: "CHECK ((char_length((title)::text) <= 400))",
  // A memorial closed as not confirmed says why.
  memorial_closed_check: "CHECK (((closed_at IS NULL) = (closed_reason IS NULL)))",
  // An erased memorial is taken down.
  memorial_erased_check: "CHECK (((erased_at IS NULL) OR (taken_down_at IS NOT NULL)))",
  memorial_archive_ready_check: "CHECK (((ready_at IS NULL) = (content IS NULL)))",
  memorial_closed_reason_check:
    "CHECK (((closed_reason)::text = ANY ((ARRAY['expired'::character varying, 'declined'::character varying])::text[])))",
  // A pair of duplicates (lower id first), its state, a merge's items, a merged memorial.
  memorial_duplicate_order_check: "CHECK ((first_memorial_id < second_memorial_id))",
  memorial_duplicate_state_check:
    "CHECK (((state)::text = ANY ((ARRAY['open'::character varying, 'not_same'::character varying, 'merged'::character varying, 'unmerged'::character varying])::text[])))",
  memorial_merge_item_kind_check:
    "CHECK (((kind)::text = ANY ((ARRAY['guestbook_entry'::character varying, 'reminder_subscription'::character varying, 'queued_planting'::character varying, 'portrait'::character varying, 'ceremony'::character varying])::text[])))",
  memorial_merged_into_check: "CHECK ((merged_into_id <> id))",
  tree_quantity_check: "CHECK ((quantity > 0))",
  transaction_free_check: "CHECK (((free_tree_count >= 0) AND (free_tree_count <= tree_count)))",
  operator_user_role_check:
    "CHECK (((role)::text = ANY ((ARRAY['admin'::character varying, 'staff'::character varying])::text[])))",
  operator_invitation_role_check:
    "CHECK (((role)::text = ANY ((ARRAY['admin'::character varying, 'staff'::character varying])::text[])))",
  // A move goes from one memorial to another.
  tree_move_memorials_check: "CHECK ((from_memorial_id <> to_memorial_id))",
  tree_in_ground_check: "CHECK (((status = 'ordered'::\"TreeStatus\") = (in_ground_on IS NULL)))",
  tree_death_check:
    "CHECK (((status = ANY (ARRAY['dead'::\"TreeStatus\", 'replaced'::\"TreeStatus\"])) = ((died_on IS NOT NULL) AND (death_reason IS NOT NULL))))",
  tree_height_cm_check: "CHECK (((height_cm >= 1) AND (height_cm <= 10000)))",
  tree_history_height_cm_check: "CHECK (((height_cm >= 1) AND (height_cm <= 10000)))",
  // Reminders.
  reminder_sent_kind_check:
    "CHECK (((kind)::text = ANY ((ARRAY['death_anniversary'::character varying, 'birthday'::character varying])::text[])))",
  reminder_subscription_kinds_check: "CHECK ((death_anniversary OR birthday))",
  reminder_subscription_language_check:
    "CHECK (((language)::text = ANY ((ARRAY['fr'::character varying, 'nl'::character varying, 'en'::character varying, 'de'::character varying])::text[])))",
  // The guestbook.
  guestbook_entry_author_name_check: "CHECK ((length(btrim((author_name)::text)) > 0))",
  guestbook_entry_message_check: "CHECK ((length(btrim((message)::text)) > 0))",
  guestbook_entry_decided_by_check:
    "CHECK (((decided_by)::text = ANY ((ARRAY['family'::character varying, 'operator'::character varying])::text[])))",
  // Visitors plant: a code plants once or is credited once; a visitor's tree is a visitor's.
  claim_code_once_check: "CHECK (((redeemed_at IS NULL) OR (credited_at IS NULL)))",
  claim_code_target_check: "CHECK (((memorial_id IS NULL) <> (context_id IS NULL)))",
  // The audit log: who acted, and actions named domain.verb.
  audit_log_actor_kind_check:
    "CHECK (((actor_kind)::text = ANY ((ARRAY['user'::character varying, 'key'::character varying, 'family'::character varying, 'visitor'::character varying, 'cli'::character varying, 'system'::character varying])::text[])))",
  audit_log_action_check: "CHECK (((action)::text ~ '^[a-z_]+\\.[a-z_]+$'::text))",
  visitor_planting_origin_check: "CHECK ((origin <> 'partner'::\"TreeOrigin\"))",
  visitor_setting_payments_check:
    "CHECK (((payments IS NOT NULL) AND (payments <@ ARRAY['card'::character varying(20), 'bancontact'::character varying(20)])))",
  visitor_setting_price_check: "CHECK (((price IS NULL) OR (price > (0)::numeric)))",
};

// ---------------------------------------------------------------------------------------------
// A parser of the parts of the Prisma schema language this project uses.

interface SchemaColumn {
  field: string;
  column: string;
  /** format_type() spelling of the PostgreSQL type Prisma would create. */
  type: string;
  nullable: boolean;
  autoincrement: boolean;
}

interface SchemaIndex {
  name: string;
  columns: string[];
  unique: boolean;
}

interface SchemaRelation {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
}

interface SchemaTable {
  model: string;
  table: string;
  columns: SchemaColumn[];
  primaryKey: string[];
  indexes: SchemaIndex[];
  relations: SchemaRelation[];
}

interface ParsedSchema {
  enums: Map<string, string[]>;
  tables: SchemaTable[];
}

/** Removes a `//` comment that is not inside a string. */
function stripComment(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"' && line[i - 1] !== "\\") quoted = !quoted;
    if (!quoted && line[i] === "/" && line[i + 1] === "/") return line.slice(0, i);
  }
  return line;
}

function blocks(source: string): { kind: string; name: string; lines: string[] }[] {
  const result: { kind: string; name: string; lines: string[] }[] = [];
  let current: { kind: string; name: string; lines: string[] } | null = null;
  for (const raw of source.split("\n")) {
    const line = stripComment(raw).trim();
    if (!line) continue;
    if (!current) {
      const open = /^(model|enum|generator|datasource|type|view)\s+(\w+)\s*\{$/.exec(line);
      if (open) current = { kind: open[1], name: open[2], lines: [] };
      else throw new Error(`schema.prisma: unexpected line outside a block: ${line}`);
    } else if (line === "}") {
      result.push(current);
      current = null;
    } else {
      current.lines.push(line);
    }
  }
  if (current) throw new Error(`schema.prisma: block ${current.name} is not closed`);
  return result;
}

/** `[a, b(sort: Desc)]` → ["a", "b"] */
function fieldList(text: string): string[] {
  const inner = /\[([^\]]*)\]/.exec(text);
  if (!inner) throw new Error(`expected a field list in ${text}`);
  return inner[1]
    .split(",")
    .map((part) => part.replace(/\(.*\)/, "").trim())
    .filter(Boolean);
}

function argument(text: string, name: string): string | undefined {
  return new RegExp(`${name}:\\s*"([^"]+)"`).exec(text)?.[1];
}

function postgresType(type: string, native: RegExpExecArray | null, enums: Map<string, string[]>): string {
  if (native) {
    const [, name, args = ""] = native;
    const a = args.replace(/\s+/g, "");
    switch (name) {
      case "VarChar":
        return a ? `character varying(${a})` : "character varying";
      case "Char":
        return `character(${a || 1})`;
      case "Text":
        return "text";
      case "Decimal":
        return a ? `numeric(${a})` : "numeric";
      case "Timestamptz":
        return `timestamp(${a || 6}) with time zone`;
      case "Timestamp":
        return `timestamp(${a || 6}) without time zone`;
      case "Date":
        return "date";
      case "Integer":
        return "integer";
      case "SmallInt":
        return "smallint";
      case "BigInt":
        return "bigint";
      case "Uuid":
        return "uuid";
      case "JsonB":
        return "jsonb";
      default:
        throw new Error(`native type @db.${name} is not known to the drift test; add it`);
    }
  }
  if (enums.has(type)) return type;
  const defaults: Record<string, string> = {
    String: "text",
    Int: "integer",
    BigInt: "bigint",
    Boolean: "boolean",
    Float: "double precision",
    Decimal: "numeric(65,30)",
    DateTime: "timestamp(3) without time zone",
    Json: "jsonb",
    Bytes: "bytea",
  };
  const mapped = defaults[type];
  if (!mapped) throw new Error(`type ${type} is not known to the drift test; add it`);
  return mapped;
}

function parsePrismaSchema(source: string): ParsedSchema {
  const all = blocks(source);
  const enums = new Map<string, string[]>();
  for (const block of all.filter((b) => b.kind === "enum")) {
    enums.set(
      block.name,
      block.lines.filter((l) => !l.startsWith("@@")).map((l) => l.split(/\s+/)[0]),
    );
  }
  const models = all.filter((b) => b.kind === "model");
  const modelNames = new Set(models.map((m) => m.name));
  const tableOf = new Map(
    models.map((m) => {
      const map = m.lines.map((l) => /^@@map\("([^"]+)"\)/.exec(l)?.[1]).find(Boolean);
      return [m.name, map ?? m.name];
    }),
  );

  const tables: SchemaTable[] = [];
  const pendingRelations: { table: SchemaTable; fields: string[]; model: string; references: string[] }[] =
    [];
  for (const model of models) {
    const table: SchemaTable = {
      model: model.name,
      table: tableOf.get(model.name)!,
      columns: [],
      primaryKey: [],
      indexes: [],
      relations: [],
    };
    const blockAttributes: string[] = [];
    for (const line of model.lines) {
      if (line.startsWith("@@")) {
        blockAttributes.push(line);
        continue;
      }
      const match = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
      if (!match) throw new Error(`model ${model.name}: cannot read the line "${line}"`);
      const [, field, type, list, optional, attributes] = match;
      if (modelNames.has(type)) {
        const relation = /@relation\(([^)]*(?:\([^)]*\)[^)]*)*)\)/.exec(attributes);
        if (relation && /fields:/.test(relation[1])) {
          const fields = fieldList(relation[1].slice(relation[1].indexOf("fields:")));
          const references = fieldList(relation[1].slice(relation[1].indexOf("references:")));
          pendingRelations.push({ table, fields, model: type, references });
        }
        continue;
      }
      const column = /@map\("([^"]+)"\)/.exec(attributes)?.[1] ?? field;
      const native = /@db\.(\w+)(?:\(([^)]*)\))?/.exec(attributes);
      const base = postgresType(type, native, enums);
      table.columns.push({
        field,
        column,
        type: list ? `${base}[]` : base,
        // Prisma's migrations never declare NOT NULL on a scalar list.
        nullable: Boolean(optional) || Boolean(list),
        autoincrement: /@default\(autoincrement\(\)\)/.test(attributes),
      });
      if (/@id\b/.test(attributes)) table.primaryKey = [column];
      if (/@unique\b/.test(attributes)) {
        const map = /@unique\(([^)]*)\)/.exec(attributes);
        table.indexes.push({
          name: (map && argument(map[1], "map")) ?? `${table.table}_${column}_key`,
          columns: [column],
          unique: true,
        });
      }
    }
    const columnOf = (name: string) => {
      const found = table.columns.find((c) => c.field === name);
      if (!found) throw new Error(`model ${model.name}: no scalar field ${name}`);
      return found.column;
    };
    for (const attribute of blockAttributes) {
      const kind = /^@@(\w+)/.exec(attribute)![1];
      if (kind === "map") continue;
      if (kind === "id") {
        table.primaryKey = fieldList(attribute).map(columnOf);
      } else if (kind === "unique" || kind === "index") {
        const columns = fieldList(attribute).map(columnOf);
        const suffix = kind === "unique" ? "key" : "idx";
        table.indexes.push({
          name: argument(attribute, "map") ?? `${table.table}_${columns.join("_")}_${suffix}`,
          columns,
          unique: kind === "unique",
        });
      } else {
        throw new Error(`model ${model.name}: block attribute @@${kind} is not known to the drift test`);
      }
    }
    tables.push(table);
  }
  for (const pending of pendingRelations) {
    const target = tables.find((t) => t.model === pending.model)!;
    const columnOf = (t: SchemaTable, name: string) => t.columns.find((c) => c.field === name)!.column;
    pending.table.relations.push({
      columns: pending.fields.map((f) => columnOf(pending.table, f)),
      referencedTable: target.table,
      referencedColumns: pending.references.map((f) => columnOf(target, f)),
    });
  }
  return { enums, tables };
}

// ---------------------------------------------------------------------------------------------
// The migrated database, read from the PostgreSQL catalogue.

interface DatabaseColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  default: string | null;
}

let client: pg.Client;
let schema: ParsedSchema;

beforeAll(async () => {
  schema = parsePrismaSchema(readFileSync(path.resolve("prisma/schema.prisma"), "utf8"));
  client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
});

async function databaseTables(): Promise<string[]> {
  const { rows } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return rows.map((r) => r.table_name).filter((t) => !DB_ONLY_TABLES.has(t));
}

async function databaseColumns(): Promise<DatabaseColumn[]> {
  // information_schema says whether a column exists and is nullable; format_type() gives the full
  // type (varchar lengths, numeric precision, timestamp precision, array element types, enums).
  const { rows } = await client.query<DatabaseColumn>(
    `SELECT c.table_name AS "table", c.column_name AS "column",
            format_type(a.atttypid, a.atttypmod) AS "type",
            c.is_nullable = 'YES' AS "nullable", c.column_default AS "default"
     FROM information_schema.columns c
     JOIN pg_attribute a ON a.attrelid = format('%I.%I', c.table_schema, c.table_name)::regclass
                        AND a.attname = c.column_name
     WHERE c.table_schema = 'public'
     ORDER BY c.table_name, c.ordinal_position`,
  );
  return rows
    .filter((r) => !DB_ONLY_TABLES.has(r.table))
    .map((r) => ({ ...r, type: r.type.replace(/"/g, "") }));
}

interface DatabaseIndex {
  table: string;
  name: string;
  columns: string[];
  unique: boolean;
  primary: boolean;
  partial: boolean;
  expression: boolean;
}

async function databaseIndexes(): Promise<DatabaseIndex[]> {
  const { rows } = await client.query<DatabaseIndex>(
    `SELECT t.relname AS "table", i.relname AS "name",
            ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(attnum, n)
                  JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
                  ORDER BY k.n)::text[] AS "columns",
            x.indisunique AS "unique", x.indisprimary AS "primary", x.indpred IS NOT NULL AS "partial",
            x.indexprs IS NOT NULL AS "expression"
     FROM pg_index x
     JOIN pg_class i ON i.oid = x.indexrelid
     JOIN pg_class t ON t.oid = x.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public'
     ORDER BY t.relname, i.relname`,
  );
  return rows.filter((r) => !DB_ONLY_TABLES.has(r.table));
}

// ---------------------------------------------------------------------------------------------

describe("schema.prisma and the migrated database", () => {
  it("have the same tables", async () => {
    expect(await databaseTables()).toEqual(schema.tables.map((t) => t.table).sort());
  });

  it("have the same enums with the same values in the same order", async () => {
    const { rows } = await client.query<{ name: string; values: string[] }>(
      `SELECT t.typname AS "name", array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS "values"
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
       JOIN pg_namespace n ON n.oid = t.typnamespace WHERE n.nspname = 'public'
       GROUP BY t.typname ORDER BY t.typname`,
    );
    expect(rows).toEqual(
      [...schema.enums.entries()]
        .map(([name, values]) => ({ name, values }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it("have the same columns, with the same types and nullability", async () => {
    const actual = (await databaseColumns()).map(({ table, column, type, nullable }) => ({
      table,
      column,
      type,
      nullable,
    }));
    const expected = schema.tables.flatMap((t) =>
      t.columns.map((c) => ({ table: t.table, column: c.column, type: c.type, nullable: c.nullable })),
    );
    const key = (c: { table: string; column: string }) => `${c.table}.${c.column}`;
    const sort = <T extends { table: string; column: string }>(list: T[]) =>
      [...list].sort((a, b) => key(a).localeCompare(key(b)));
    // Compared as sorted lists so that a failure shows exactly which column differs.
    expect(sort(actual)).toEqual(sort(expected));
  });

  it("number the @default(autoincrement()) columns from a sequence", async () => {
    const columns = await databaseColumns();
    for (const table of schema.tables) {
      for (const column of table.columns) {
        const found = columns.find((c) => c.table === table.table && c.column === column.column);
        const sequenced = Boolean(found?.default?.startsWith("nextval("));
        expect({ column: `${table.table}.${column.column}`, sequenced }).toEqual({
          column: `${table.table}.${column.column}`,
          sequenced: column.autoincrement,
        });
      }
    }
  });

  it("have the same primary keys", async () => {
    const primary = (await databaseIndexes()).filter((i) => i.primary);
    const actual = primary.map((i) => ({ table: i.table, name: i.name, columns: i.columns }));
    const expected = schema.tables.map((t) => ({
      table: t.table,
      name: `${t.table}_pkey`,
      columns: t.primaryKey,
    }));
    expect(actual.sort((a, b) => a.table.localeCompare(b.table))).toEqual(
      expected.sort((a, b) => a.table.localeCompare(b.table)),
    );
  });

  it("have the same unique and plain indexes (partial and expression ones only where listed)", async () => {
    const indexes = (await databaseIndexes()).filter((i) => !i.primary);
    for (const name of DB_ONLY_INDEXES) {
      // The allowed extras are the ones schema.prisma cannot express: partial and expression indexes.
      const index = indexes.find((i) => i.name === name);
      expect(index?.partial || index?.expression, `${name} is a partial or expression index`).toBe(true);
    }
    const actual = indexes
      .filter((i) => !DB_ONLY_INDEXES.has(i.name))
      .map(({ table, name, columns, unique, partial }) => ({ table, name, columns, unique, partial }));
    const expected = schema.tables.flatMap((t) =>
      t.indexes.map((i) => ({
        table: t.table,
        name: i.name,
        columns: i.columns,
        unique: i.unique,
        partial: false,
      })),
    );
    const sort = <T extends { name: string }>(list: T[]) =>
      [...list].sort((a, b) => a.name.localeCompare(b.name));
    expect(sort(actual)).toEqual(sort(expected));
  });

  it("hold exactly the partial and expression indexes and CHECK constraints listed above", async () => {
    const indexes = await client.query<{ name: string; def: string }>(
      `SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
       WHERE n.nspname = 'public' AND (x.indpred IS NOT NULL OR x.indexprs IS NOT NULL)`,
    );
    expect(Object.fromEntries(indexes.rows.map((r) => [r.name, r.def]))).toEqual({
      ...PARTIAL_INDEXES,
      ...EXPRESSION_INDEXES,
    });
    const checks = await client.query<{ name: string; def: string }>(
      `SELECT c.conname AS name, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
       WHERE c.contype = 'c' AND n.nspname = 'public'`,
    );
    expect(Object.fromEntries(checks.rows.map((r) => [r.name, r.def]))).toEqual(CHECKS);
  });

  it("hold a foreign key for every relation of the schema", async () => {
    const { rows } = await client.query<{
      table: string;
      columns: string[];
      referenced: string;
      refColumns: string[];
    }>(
      `SELECT t.relname AS "table", r.relname AS "referenced",
              ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS "columns",
              ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(attnum, n)
                    JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS "refColumns"
       FROM pg_constraint c
       JOIN pg_class t ON t.oid = c.conrelid
       JOIN pg_class r ON r.oid = c.confrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE c.contype = 'f' AND n.nspname = 'public'`,
    );
    const keys = new Set(rows.map((r) => `${r.table}(${r.columns}) -> ${r.referenced}(${r.refColumns})`));
    const relations = schema.tables.flatMap((t) =>
      t.relations.map((r) => `${t.table}(${r.columns}) -> ${r.referencedTable}(${r.referencedColumns})`),
    );
    expect(relations.length).toBeGreaterThan(0);
    expect(relations.filter((r) => !keys.has(r))).toEqual([]);
  });
});

describe("the schema parser", () => {
  it("reads maps, native types, lists, optionals, ids and indexes", () => {
    const parsed = parsePrismaSchema(`
      enum Colour {
        red
        green
      }
      model Thing {
        id      Int      @id @default(autoincrement())
        label   String?  @db.VarChar(20) // a comment with @unique in it
        tags    String[] @default([]) @map("tag_list") @db.VarChar(2)
        colour  Colour
        price   Decimal  @db.Decimal(10, 2)
        at      DateTime @map("at_time") @db.Timestamptz(3)
        plain   DateTime
        code    String   @unique @db.Char(4)
        ownerId Int      @map("owner_id")
        owner   Owner    @relation(fields: [ownerId], references: [a])

        @@unique([label, colour])
        @@index([ownerId, at(sort: Desc)], map: "custom_name")
        @@map("thing")
      }
      model Owner {
        a Int
        b Int
        things Thing[]
        @@id([a, b])
      }
    `);
    const thing = parsed.tables.find((t) => t.table === "thing")!;
    expect(parsed.enums.get("Colour")).toEqual(["red", "green"]);
    expect(thing.columns.map((c) => [c.column, c.type, c.nullable])).toEqual([
      ["id", "integer", false],
      ["label", "character varying(20)", true],
      ["tag_list", "character varying(2)[]", true],
      ["colour", "Colour", false],
      ["price", "numeric(10,2)", false],
      ["at_time", "timestamp(3) with time zone", false],
      ["plain", "timestamp(3) without time zone", false],
      ["code", "character(4)", false],
      ["owner_id", "integer", false],
    ]);
    expect(thing.primaryKey).toEqual(["id"]);
    expect(thing.indexes).toEqual([
      { name: "thing_code_key", columns: ["code"], unique: true },
      { name: "thing_label_colour_key", columns: ["label", "colour"], unique: true },
      { name: "custom_name", columns: ["owner_id", "at_time"], unique: false },
    ]);
    expect(thing.relations).toEqual([
      { columns: ["owner_id"], referencedTable: "Owner", referencedColumns: ["a"] },
    ]);
    expect(parsed.tables.find((t) => t.table === "Owner")!.primaryKey).toEqual(["a", "b"]);
  });
});
