// Whether visitors may plant a tree from a memorial page, how they may pay and what a
// tree costs them. The operator decides, for itself as a whole (visitor_setting.context_id null)
// and for any of its contexts (a funeral home, an agency): a memorial follows the nearest setting
// up its context's chain, then its operator's; with none anywhere, visitors may not plant.
// A setting is whole (on or off, its payment ways, its price), never merged across levels, so
// what an operator sees for a funeral home is what its memorials offer.
import { recordChange } from "@memorial/lib/changes/record";
import { db, Prisma, type Tx, transaction } from "@memorial/lib/db/client";
import { invalid } from "@memorial/lib/errors";
import { signalMemorialsChanged } from "@memorial/lib/events/events";
import { chainColumnsSql, contextChainSql } from "@memorial/lib/operators/context-chain";
import { loadChain } from "@memorial/lib/operators/contexts";

/** The payment ways a visitor may be offered (Stripe Checkout's payment method types). */
export const PAYMENT_WAYS = ["card", "bancontact"] as const;
export type PaymentWay = (typeof PAYMENT_WAYS)[number];

const isPaymentWay = (value: unknown): value is PaymentWay =>
  typeof value === "string" && (PAYMENT_WAYS as readonly string[]).includes(value);

/** The highest price of a visitor's tree, in euros (a typo's guard, not a business rule). */
const MAX_VISITOR_PRICE = 1000;

export interface VisitorSettings {
  /** Visitors may plant (with a claim code, and by paying when `payments` is not empty). */
  enabled: boolean;
  /** The payment ways offered; empty when the price is not set. */
  payments: PaymentWay[];
  /** The price of a visitor's tree in euros, as text with two decimals ("12.50"); null: no payment. */
  price: string | null;
  /** Where the setting comes from: a context's id, or null for the operator's (or none). */
  contextId: number | null;
}

const OFF: VisitorSettings = { enabled: false, payments: [], price: null, contextId: null };

type Client = Tx | typeof db;

interface Row {
  contextId: number | null;
  enabled: boolean;
  payments: string[];
  price: { toFixed(digits: number): string } | null;
}

function settingsOf(row: Row | undefined): VisitorSettings {
  if (!row?.enabled) return { ...OFF, contextId: row?.contextId ?? null };
  const price = row.price === null ? null : row.price.toFixed(2);
  return {
    enabled: true,
    payments: price === null ? [] : row.payments.filter(isPaymentWay),
    price,
    contextId: row.contextId,
  };
}

/** The settings a memorial of `contextId` (null: of the operator as a whole) follows. */
export async function visitorSettingsFor(
  client: Client,
  operatorId: number,
  contextId: number | null,
): Promise<VisitorSettings> {
  const chain = await loadChain(client, operatorId, contextId);
  const ids = chain.map((node) => node.id);
  const rows: Row[] = await client.visitorSetting.findMany({
    where: { operatorId, OR: [{ contextId: null }, ...(ids.length ? [{ contextId: { in: ids } }] : [])] },
    select: { contextId: true, enabled: true, payments: true, price: true },
  });
  const nearest = [...ids, null].map((id) => rows.find((row) => row.contextId === id)).find(Boolean);
  return settingsOf(nearest);
}

export interface VisitorSettingInput {
  enabled: boolean;
  payments: string[];
  /** Euros, as typed ("12.5", "12,50") or a number; null or "" for none. */
  price: string | number | null;
}

/** The price as stored (two decimals), or an error naming the problem. */
function parsePrice(price: string | number | null): string | null {
  if (price === null || price === "") return null;
  const text = String(price).trim().replace(",", ".");
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(text)) {
    throw invalid(
      `the price of a visitor's tree must be an amount in euros such as 15 or 12.50, not "${price}"`,
      {
        field: "price",
        reason: "format",
      },
    );
  }
  const value = Number(text);
  if (value <= 0 || value > MAX_VISITOR_PRICE) {
    throw invalid(`the price of a visitor's tree must be above 0 and at most ${MAX_VISITOR_PRICE} euros`, {
      field: "price",
      reason: "range",
    });
  }
  return value.toFixed(2);
}

/**
 * Sets the visitor planting of the operator (contextId null) or of one of its contexts; `null` as
 * input removes a context's own setting (it follows its parent again). Payment ways need a price.
 */
export async function setVisitorSetting(
  operatorId: number,
  contextId: number | null,
  input: VisitorSettingInput | null,
): Promise<VisitorSettings> {
  if (contextId !== null) {
    const context = await db.context.findFirst({
      where: { id: contextId, operatorId },
      select: { id: true },
    });
    if (!context)
      throw invalid(`context ${contextId} is not a context of this operator`, {
        field: "contextId",
        reason: "unknown",
      });
  }
  if (input === null) {
    if (contextId === null) throw invalid("the operator's own setting can be turned off, not removed");
    await transaction(async (tx) => {
      const before = await ownSetting(tx, operatorId, contextId);
      await tx.visitorSetting.deleteMany({ where: { operatorId, contextId } });
      await auditSetting(tx, operatorId, contextId, before, null);
    });
    await expireVisitorPages(operatorId, contextId);
    return visitorSettingsFor(db, operatorId, contextId);
  }
  const unknown = input.payments.find((way) => !isPaymentWay(way));
  if (unknown !== undefined) {
    throw invalid(`unknown payment way "${unknown}": the ways are ${PAYMENT_WAYS.join(", ")}`, {
      field: "payments",
      reason: "unknown",
    });
  }
  const price = parsePrice(input.price);
  const payments = [...new Set(input.payments)];
  if (payments.length > 0 && price === null) {
    throw invalid("a payment way needs the price of a visitor's tree", {
      field: "price",
      reason: "required",
    });
  }
  // One row per level, written in one statement: the context's unique key, or the operator's
  // partial unique index (context_id null), so that two simultaneous saves cannot make two rows.
  const conflict =
    contextId === null ? Prisma.sql`("operator_id") WHERE "context_id" IS NULL` : Prisma.sql`("context_id")`;
  await transaction(async (tx) => {
    const before = await ownSetting(tx, operatorId, contextId);
    await tx.$executeRaw`
      INSERT INTO "visitor_setting" ("operator_id", "context_id", "enabled", "payments", "price")
      VALUES (${operatorId}, ${contextId}, ${input.enabled}, ${payments}::varchar(20)[], ${price}::numeric)
      ON CONFLICT ${conflict} DO UPDATE SET "enabled" = EXCLUDED."enabled", "payments" = EXCLUDED."payments",
        "price" = EXCLUDED."price", "updated_at" = now()`;
    await auditSetting(tx, operatorId, contextId, before, { enabled: input.enabled, payments, price });
  });
  await expireVisitorPages(operatorId, contextId);
  return visitorSettingsFor(db, operatorId, contextId);
}

type OwnSetting = { enabled: boolean; payments: string[]; price: string | null } | null;

/** The level's own setting (none: it follows its parent), locked for the change. */
async function ownSetting(tx: Tx, operatorId: number, contextId: number | null): Promise<OwnSetting> {
  const [row] = await tx.$queryRaw<{ enabled: boolean; payments: string[]; price: string | null }[]>`
    SELECT "enabled", "payments"::text[] AS "payments", "price"::text AS "price" FROM "visitor_setting"
    WHERE "operator_id" = ${operatorId} AND "context_id" IS NOT DISTINCT FROM ${contextId}::int FOR UPDATE`;
  return row ?? null;
}

/** The audit row of a change of the setting: its fields before and after (null: none of its own). */
function auditSetting(
  tx: Tx,
  operatorId: number,
  contextId: number | null,
  before: OwnSetting,
  after: OwnSetting,
) {
  const fields = (setting: OwnSetting) =>
    setting
      ? {
          enabled: setting.enabled,
          payments: setting.payments,
          price: setting.price === null ? null : String(setting.price),
        }
      : { enabled: null, payments: null, price: null };
  return recordChange(tx, {
    kind: "visitor.settings_changed",
    target: contextId === null ? { type: "operator", id: operatorId } : { type: "context", id: contextId },
    operatorId,
    before: fields(before),
    after: fields(after),
  });
}

/** Every setting of an operator: its own (contextId null) first, then its contexts', by name. */
export async function visitorSettingsOfOperator(operatorId: number) {
  const rows = await db.visitorSetting.findMany({
    where: { operatorId },
    select: { contextId: true, enabled: true, payments: true, price: true, updatedAt: true },
  });
  const names = new Map(
    (
      await db.context.findMany({
        where: { id: { in: rows.flatMap((r) => (r.contextId === null ? [] : [r.contextId])) } },
        select: { id: true, name: true },
      })
    ).map((c) => [c.id, c.name]),
  );
  return rows
    .map((row) => ({
      ...settingsOf(row),
      enabled: row.enabled,
      contextId: row.contextId,
      contextName: row.contextId === null ? null : (names.get(row.contextId) ?? null),
      updatedAt: row.updatedAt,
    }))
    .sort((a, b) =>
      a.contextId === null
        ? -1
        : b.contextId === null
          ? 1
          : (a.contextName ?? "").localeCompare(b.contextName ?? ""),
    );
}

/**
 * Drops, on every process, the cached pages of the memorials that follow the visitor setting of
 * the operator (contextId null: all its memorials) or of one of its contexts (the memorials whose
 * context has it on its chain): their "Plant a tree" link comes or goes at once. A signal without
 * an event row, as a context's default privacy sends.
 */
async function expireVisitorPages(operatorId: number, contextId: number | null): Promise<void> {
  const rows =
    contextId === null
      ? await db.$queryRaw<{ id: number }[]>`
          SELECT "id" FROM "memorial" WHERE "operator_id" = ${operatorId} ORDER BY "id"`
      : await db.$queryRaw<{ id: number }[]>`
          SELECT m."id" FROM "memorial" m
          JOIN (${contextChainSql()}) ON "chain1"."id" = m."context_id"
          WHERE m."operator_id" = ${operatorId} AND ${contextId} IN (${chainColumnsSql("id")})
          ORDER BY m."id"`;
  await signalMemorialsChanged(
    operatorId,
    rows.map((row) => row.id),
  );
}
