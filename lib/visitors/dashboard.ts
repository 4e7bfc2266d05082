// The dashboard's "Visitor planting" page (admins): the operator's settings (its
// own and its funeral homes'), and codes issued for a memorial or a funeral home, answered at once
// as the cards' PDF or as CSV — the only time the codes are shown, since only their hash is kept.
// The routes (app/api/dashboard/visitors) read the request and answer; the rules are here.
import { db } from "@memorial/lib/db/client";
import { invalid } from "@memorial/lib/errors";
import { PUBLIC_FORM_BYTES, readCappedText } from "@memorial/lib/http/capped-body";
import { getPublicMemorial } from "@memorial/lib/memorials/public-queries";
import { z } from "zod";
import { claimCardsFor, claimCodesCsvOf } from "./claim-code-files";
import { issueClaimCodes, MAX_CODE_DAYS, MAX_CODES_PER_ISSUE } from "./claim-codes";
import { stripeConfigured } from "./payments";
import { PAYMENT_WAYS, setVisitorSetting, visitorSettingsFor, visitorSettingsOfOperator } from "./settings";

/** What the page shows: the settings of every level, and the contexts one may be set for. */
export async function visitorPlantingOverview(operatorId: number) {
  const [settings, contexts, own] = await Promise.all([
    visitorSettingsOfOperator(operatorId),
    db.context.findMany({
      where: { operatorId },
      select: { id: true, kind: true, name: true },
      orderBy: [{ kind: "asc" }, { name: "asc" }, { id: "asc" }],
    }),
    visitorSettingsFor(db, operatorId, null),
  ]);
  return {
    /** The operator's own setting (off when it never set one). */
    operator: { enabled: own.enabled, payments: own.payments, price: own.price },
    /** The contexts' own settings (a context without one follows its parent, then the operator). */
    contexts: settings
      .filter((s) => s.contextId !== null)
      .map((s) => ({
        contextId: s.contextId as number,
        contextName: s.contextName,
        enabled: s.enabled,
        payments: s.payments,
        price: s.price,
      })),
    choices: contexts,
    paymentWays: PAYMENT_WAYS,
    /** Whether the service can take payments at all (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET). */
    paymentsConfigured: stripeConfigured(),
    maxCodes: MAX_CODES_PER_ISSUE,
    maxDays: MAX_CODE_DAYS,
  };
}

export type VisitorPlantingOverview = Awaited<ReturnType<typeof visitorPlantingOverview>>;

const SettingInput = z.strictObject({
  contextId: z.number().int().positive().nullable(),
  /** Null: the context's own setting is removed (it follows its parent again). */
  setting: z
    .strictObject({
      enabled: z.boolean(),
      payments: z.array(z.string().max(20)).max(5),
      price: z.string().max(20).nullable(),
    })
    .nullable(),
});

/** Saves one level's setting from the page's JSON; answers the overview. */
export async function saveVisitorSetting(operatorId: number, body: unknown) {
  const input = SettingInput.parse(body);
  await setVisitorSetting(operatorId, input.contextId, input.setting);
  return visitorPlantingOverview(operatorId);
}

const CodesInput = z.strictObject({
  target: z.enum(["memorial", "context"]),
  id: z.coerce.number().int().positive().max(2_147_483_647),
  count: z.coerce.number().int(),
  /** The last day the codes plant, YYYY-MM-DD (they expire at its end, UTC). */
  expires: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  format: z.enum(["cards", "csv"]),
});

export interface CodesFile {
  filename: string;
  contentType: string;
  body: Uint8Array | string;
  count: number;
}

/**
 * Issues codes from the page's JSON and makes their file: the cards (for a memorial the public can
 * see: its form must open) or the CSV. Checked before any code is issued, so a refusal issues none.
 */
export async function issueCodesFile(
  operatorId: number,
  body: unknown,
  linkBase: string,
): Promise<CodesFile> {
  const input = CodesInput.parse(body);
  const expiresAt = new Date(`${input.expires}T23:59:59.999Z`);
  if (Number.isNaN(expiresAt.getTime())) {
    throw invalid(`"${input.expires}" is not a day`, { field: "expiresAt", reason: "date" });
  }
  const memorialId = input.target === "memorial" ? input.id : null;
  if (input.format === "cards") {
    if (memorialId === null) {
      throw invalid("cards lead to one memorial's planting form: issue them for a memorial, or as CSV", {
        field: "format",
        reason: "cards-need-memorial",
      });
    }
    const own = await db.memorial.findFirst({ where: { id: memorialId, operatorId }, select: { id: true } });
    if (own && !(await getPublicMemorial(memorialId))) {
      throw invalid("the memorial is not public: its planting form would not open", {
        field: "memorialId",
        reason: "not-public",
      });
    }
  }
  const issued = await issueClaimCodes({
    operatorId,
    isTest: false,
    memorialId,
    contextId: input.target === "context" ? input.id : null,
    count: input.count,
    expiresAt,
  });
  const name = `planting-codes-${memorialId === null ? `context-${input.id}` : `memorial-${memorialId}`}-${issued.batch.slice(0, 8)}`;
  if (input.format === "csv") {
    return {
      filename: `${name}.csv`,
      contentType: "text/csv; charset=utf-8",
      body: claimCodesCsvOf(issued, linkBase),
      count: issued.codes.length,
    };
  }
  const pdf = await claimCardsFor(memorialId as number, issued, linkBase);
  if (!pdf) throw invalid("the memorial is not public: its planting form would not open");
  return { filename: `${name}.pdf`, contentType: "application/pdf", body: pdf, count: issued.codes.length };
}

/** The page's JSON body (at most 16 KiB), or a clear refusal. */
export async function readJsonBody(request: Request): Promise<unknown> {
  try {
    return JSON.parse(await readCappedText(request, PUBLIC_FORM_BYTES));
  } catch {
    throw invalid("the body must be JSON, at most 16 KiB");
  }
}
