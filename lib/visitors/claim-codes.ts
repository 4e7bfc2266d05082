// Claim codes, printed on the ceremony card (one a card) or exported as CSV, with which
// a visitor plants one tree from the memorial page (or a partner through the API for a visitor).
//
// - A code is 12 characters of Crockford's base 32 (60 random bits), written XXXX-XXXX-XXXX; it is
//   read back forgiving case, spaces, dashes and the letters people mistake (O for 0, I and L
//   for 1). Only its SHA-256 is kept: the codes are shown once, when issued.
// - A code is for one memorial, or for any memorial of one context (a funeral home), until its expiry.
// - At issue, the operator's prepaid trees are set aside for the codes, as many as it holds
//   (claim_code.prepaid): a redeemed prepaid code's tree is free without touching the balance again;
//   the other codes are paid as the operator's plantings are, when redeemed.
// - It plants once: the redemption locks the code's row and sets redeemed_at by a conditional
//   UPDATE, so of many simultaneous attempts one plants and the others get CODE_USED (409).
// - An expired unused code is credited back once (credited_at, the job `credit-expired-codes`):
//   a prepaid code returns its tree to the balance; the others were never charged, and the codes'
//   listing counts them as credited.
// - A visitor's attempts are limited (lib/limits/rate-limit.ts): CODE_TRIES per client and hour
//   count every try, good or bad, so that codes cannot be guessed; a refused attempt writes
//   nothing else.

import { randomInt, randomUUID } from "node:crypto";
import { recordChange, withEvents } from "@memorial/lib/changes/record";
import { db, Prisma, type Tx, transaction } from "@memorial/lib/db/client";
import { paged } from "@memorial/lib/db/paged";
import { DomainError, invalid, notFound } from "@memorial/lib/errors";
import { hit, RateLimitedError } from "@memorial/lib/limits/rate-limit";
import { closedToTrees } from "@memorial/lib/memorials/policy";
import { loadChain } from "@memorial/lib/operators/contexts";
import { hashSecretToken } from "@memorial/lib/secret-token";
import { plantingFormUrl } from "./links";
import { visitorSettingsFor } from "./settings";
import {
  type PlantableMemorial,
  plantableMemorial,
  plantForVisitor,
  recordVisitorPlanting,
  type VisitorPlantingOutcome,
  type VisitorWords,
} from "./visitor-planting";

export { plantingFormUrl };

/** Crockford's base 32: no I, L, O, U. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_LENGTH = 12;
/** Codes one issue makes at most. */
export const MAX_CODES_PER_ISSUE = 500;
/** The longest validity of a code, in days (about five years). */
export const MAX_CODE_DAYS = 1830;
/** Tries of a code (good or bad) one client may make per hour, over all memorials. */
export const CODE_TRIES = 10;
const CODE_TRIES_WINDOW_SECONDS = 3600;
/** Tries of codes one API key may make per hour (a partner redeeming for its visitors). */
export const API_CODE_TRIES = 300;

/** A new code, as printed: XXXX-XXXX-XXXX. */
function newClaimCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join("")}-${chars.slice(4, 8).join("")}-${chars.slice(8).join("")}`;
}

/** A code as typed, made canonical (no dash, upper case, O→0, I/L→1); null when it cannot be one. */
function canonicalCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== CODE_LENGTH) return null;
  for (const char of code) if (!ALPHABET.includes(char)) return null;
  return code;
}

/** What is stored of a code: the SHA-256 of its canonical form. */
const codeHash = (canonical: string) => hashSecretToken(`claim-code:${canonical}`);

export interface IssueCodesInput {
  operatorId: number;
  isTest: boolean;
  /** One of the two: a memorial of the operator, or one of its contexts. */
  memorialId?: number | null;
  contextId?: number | null;
  count: number;
  expiresAt: Date;
}

interface IssuedCode {
  id: number;
  code: string;
  prepaid: boolean;
}

export interface IssuedCodes {
  batch: string;
  memorialId: number | null;
  contextId: number | null;
  expiresAt: Date;
  codes: IssuedCode[];
  /** Of the codes, those a prepaid tree was set aside for. */
  prepaidCount: number;
}

/** Issues `count` codes; the plain codes are in the answer only. */
export async function issueClaimCodes(input: IssueCodesInput): Promise<IssuedCodes> {
  const memorialId = input.memorialId || null;
  const contextId = input.contextId || null;
  if ((memorialId === null) === (contextId === null)) {
    throw invalid(
      "a claim code is for one memorial or for the memorials of one context: give one of the two",
      {
        field: "memorialId",
        reason: "required",
      },
    );
  }
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_CODES_PER_ISSUE) {
    throw invalid(`the number of codes must be a whole number from 1 to ${MAX_CODES_PER_ISSUE}`, {
      field: "count",
      reason: "range",
    });
  }
  const now = Date.now();
  if (!(input.expiresAt.getTime() > now)) {
    throw invalid("the expiry of the codes must be in the future", { field: "expiresAt", reason: "past" });
  }
  if (input.expiresAt.getTime() > now + MAX_CODE_DAYS * 86_400_000) {
    throw invalid(`the expiry of the codes must be within ${MAX_CODE_DAYS} days`, {
      field: "expiresAt",
      reason: "range",
    });
  }
  // Where the codes will be used: the memorial's context, or the context itself.
  let settingsContext: number | null;
  if (memorialId !== null) {
    const memorial = await db.memorial.findFirst({
      where: { id: memorialId, operatorId: input.operatorId, isTest: input.isTest, kind: { not: "global" } },
      select: {
        contextId: true,
        status: true,
        hiddenAt: true,
        takenDownAt: true,
        erasureRequestedAt: true,
        erasedAt: true,
        mergedIntoId: true,
      },
    });
    if (!memorial)
      throw notFound(`memorial ${memorialId} does not exist`, { field: "memorialId", reason: "not-found" });
    // A memorial awaiting its family may have cards printed for its ceremony: they plant once the
    // family confirms.
    const closed = closedToTrees(memorial, "later");
    if (closed) {
      throw new DomainError(
        "MEMORIAL_CLOSED",
        `memorial ${memorialId} ${closed}: its codes could plant nothing`,
        {
          field: "memorialId",
          reason: "closed",
        },
      );
    }
    settingsContext = memorial.contextId;
  } else {
    const context = await db.context.findFirst({
      where: { id: contextId as number, operatorId: input.operatorId },
      select: { id: true },
    });
    if (!context)
      throw notFound(`context ${contextId} does not exist`, { field: "contextId", reason: "not-found" });
    settingsContext = contextId;
  }
  const settings = await visitorSettingsFor(db, input.operatorId, settingsContext);
  if (!settings.enabled) {
    throw invalid(
      "visitors may not plant in these memorials: turn visitor planting on for the operator or the funeral home first",
      { field: "visitorPlanting", reason: "off" },
    );
  }

  const batch = randomUUID().replace(/-/g, "");
  const codes = Array.from({ length: input.count }, newClaimCode);
  return db.$transaction(async (tx) => {
    // The operator's prepaid trees set aside, as many as it holds (none for a test key).
    const [{ reserved }] = input.isTest
      ? [{ reserved: 0 }]
      : await tx.$queryRaw<{ reserved: number }[]>`
          WITH before AS (SELECT "prepaid_trees" FROM "operator" WHERE "id" = ${input.operatorId} FOR UPDATE)
          UPDATE "operator" o SET "prepaid_trees" = o."prepaid_trees" - LEAST(before."prepaid_trees", ${input.count})
          FROM before WHERE o."id" = ${input.operatorId}
          RETURNING LEAST(before."prepaid_trees", ${input.count})::int AS "reserved"`;
    const rows = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "claim_code" ("operator_id", "memorial_id", "context_id", "code_hash", "batch", "is_test",
        "prepaid", "expires_at")
      SELECT ${input.operatorId}, ${memorialId}::int, ${contextId}::int, h, ${batch}, ${input.isTest},
        n <= ${reserved}, ${input.expiresAt}
      FROM unnest(${codes.map((code) => codeHash(canonicalCode(code) as string))}::text[]) WITH ORDINALITY AS c(h, n)
      ORDER BY n
      RETURNING "id"`;
    await recordChange(tx, {
      kind: "code.issued",
      target: { type: "code", id: batch },
      operatorId: input.operatorId,
      memorialId,
      after: {
        count: rows.length,
        prepaidCount: reserved,
        contextId,
        expiresAt: input.expiresAt,
        isTest: input.isTest,
      },
    });
    return {
      batch,
      memorialId,
      contextId,
      expiresAt: input.expiresAt,
      codes: rows.map((row, index) => ({ id: row.id, code: codes[index], prepaid: index < reserved })),
      prepaidCount: reserved,
    };
  });
}

export interface RedeemInput {
  code: string;
  memorialId: number;
  words: VisitorWords;
  linkBase: string;
  /** The client's address (lib/auth/client-address.ts), or the API key's id, for the limits. */
  client: string;
  /** A partner redeeming through the API: its own memorials too, and its codes only. */
  operator?: { operatorId: number; isTest: boolean };
}

/** The message of a code that is not one of this memorial's (unknown, malformed, another's). */
const UNKNOWN_CODE = "this claim code does not exist or is not for this memorial";

interface CodeRow {
  id: number;
  operator_id: number;
  memorial_id: number | null;
  context_id: number | null;
  is_test: boolean;
  prepaid: boolean;
  expires_at: Date;
  redeemed_at: Date | null;
  credited_at: Date | null;
}

/**
 * Plants the tree of a claim code in a memorial, once. Every try counts in the client's limit;
 * a refused one writes nothing else.
 */
export async function redeemClaimCode(input: RedeemInput): Promise<VisitorPlantingOutcome> {
  // A partner's key tries its visitors' codes through the API: its own, larger, count.
  const tries = await hit([
    input.operator
      ? {
          bucket: "claim-code-key",
          subject: input.client,
          max: API_CODE_TRIES,
          windowSeconds: CODE_TRIES_WINDOW_SECONDS,
        }
      : {
          bucket: "claim-code-client",
          subject: input.client,
          max: CODE_TRIES,
          windowSeconds: CODE_TRIES_WINDOW_SECONDS,
        },
  ]);
  if (!tries.allowed) {
    throw new RateLimitedError(
      tries.bucket,
      tries.retryAfterSeconds,
      `too many claim codes tried from this address; retry in ${Math.ceil(tries.retryAfterSeconds / 60)} min`,
    );
  }
  const canonical = canonicalCode(input.code);
  if (canonical === null) throw notFound(UNKNOWN_CODE, { field: "code", reason: "not-found" });
  return withEvents(async (tx, changes) => {
    const memorial = await plantableMemorial(tx, input.memorialId, input.operator);
    const code = await lockCode(tx, codeHash(canonical), memorial);
    // Through the API, a key's own codes of its own environment only (a test key, its test codes).
    const foreign =
      input.operator &&
      (code?.operator_id !== input.operator.operatorId || code?.is_test !== input.operator.isTest);
    if (!code || foreign) {
      throw notFound(UNKNOWN_CODE, { field: "code", reason: "not-found" });
    }
    if (code.redeemed_at !== null) {
      throw new DomainError("CODE_USED", "this claim code has already planted its tree", {
        field: "code",
        reason: "used",
      });
    }
    if (code.credited_at !== null || code.expires_at.getTime() <= Date.now()) {
      throw new DomainError(
        "CODE_EXPIRED",
        `this claim code expired on ${code.expires_at.toISOString().slice(0, 10)}`,
        {
          field: "code",
          reason: "expired",
        },
      );
    }
    const settings = await visitorSettingsFor(tx, memorial.operatorId, memorial.contextId);
    if (!settings.enabled)
      throw invalid("visitors may not plant a tree in this memorial", { field: "memorialId", reason: "off" });
    await tx.$executeRaw`UPDATE "claim_code" SET "redeemed_at" = now() WHERE "id" = ${code.id}`;
    const visitorPlantingId = await recordVisitorPlanting(tx, {
      memorial,
      origin: "visitor_code",
      words: input.words,
      linkBase: input.linkBase,
      claimCodeId: code.id,
    });
    await recordChange(tx, {
      kind: "code.redeemed",
      target: { type: "code", id: code.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
      before: { redeemed: false },
      after: { redeemed: true, visitorPlantingId, planter: input.words.planter },
    });
    return plantForVisitor(tx, changes, visitorPlantingId, {
      prepaid: code.prepaid ? "reserved" : "use",
      paymentReference: null,
    });
  });
}

/**
 * The code with this hash, locked, when it is for this memorial (its own, or its context on the
 * memorial's chain) and of the memorial's operator and environment; null otherwise.
 */
async function lockCode(tx: Tx, hash: string, memorial: PlantableMemorial): Promise<CodeRow | null> {
  const [row] = await tx.$queryRaw<CodeRow[]>`
    SELECT "id", "operator_id", "memorial_id", "context_id", "is_test", "prepaid", "expires_at",
           "redeemed_at", "credited_at"
    FROM "claim_code" WHERE "code_hash" = ${hash}
    FOR UPDATE`;
  if (!row || row.operator_id !== memorial.operatorId || row.is_test !== memorial.isTest) return null;
  if (row.memorial_id !== null) return row.memorial_id === memorial.id ? row : null;
  const chain = await loadChain(tx, memorial.operatorId, memorial.contextId);
  return chain.some((node) => node.id === row.context_id) ? row : null;
}

/** The job that credits expired codes back (hourly; `jobs run credit-expired-codes`). */
export const CREDIT_CODES_JOB = "credit-expired-codes";

/**
 * Credits every expired unused code back, once (credited_at by a conditional UPDATE): a prepaid
 * code returns its tree to its operator's balance. Returns how many codes were credited.
 */
export async function creditExpiredCodes(): Promise<number> {
  return transaction(async (tx) => {
    const credited = await tx.$queryRaw<
      { id: number; operator_id: number; memorial_id: number | null; prepaid: boolean; is_test: boolean }[]
    >`
      WITH credited AS (
        UPDATE "claim_code" SET "credited_at" = now()
        WHERE "expires_at" <= now() AND "redeemed_at" IS NULL AND "credited_at" IS NULL
        RETURNING "id", "operator_id", "memorial_id", "prepaid", "is_test"),
      returned AS (
        UPDATE "operator" o SET "prepaid_trees" = o."prepaid_trees" + c."trees"
        FROM (SELECT "operator_id", count(*)::int AS "trees" FROM credited WHERE "prepaid" AND NOT "is_test"
              GROUP BY "operator_id") c
        WHERE o."id" = c."operator_id"
        RETURNING 1)
      SELECT "id", "operator_id", "memorial_id", "prepaid", "is_test" FROM credited ORDER BY "id"`;
    for (const code of credited) {
      await recordChange(tx, {
        kind: "code.credited",
        target: { type: "code", id: code.id },
        operatorId: code.operator_id,
        memorialId: code.memorial_id,
        before: { credited: false },
        after: { credited: true, prepaidReturned: code.prepaid && !code.is_test },
      });
    }
    return credited.length;
  });
}

type CodeState = "unused" | "redeemed" | "expired" | "credited";

/** The state of a code as the listings show it. */
const codeStateSql = Prisma.sql`CASE
  WHEN c."redeemed_at" IS NOT NULL THEN 'redeemed'
  WHEN c."credited_at" IS NOT NULL THEN 'credited'
  WHEN c."expires_at" <= now() THEN 'expired'
  ELSE 'unused' END`;

export interface ClaimCodeRow {
  id: number;
  batch: string;
  memorialId: number | null;
  contextId: number | null;
  createdAt: Date;
  expiresAt: Date;
  prepaid: boolean;
  state: CodeState;
  redeemedAt: Date | null;
  creditedAt: Date | null;
  /** The tree it planted (null while its planting waits for stock). */
  treeId: number | null;
}

/** One page of an operator's codes in one environment, by id (the plain codes are never kept). */
export async function listClaimCodes(input: {
  operatorId: number;
  isTest: boolean;
  limit: number;
  offset: number;
  batch?: string;
}) {
  return paged<ClaimCodeRow>(
    Prisma.sql`
      SELECT c."id", c."batch", c."memorial_id" AS "memorialId", c."context_id" AS "contextId",
             c."created_at" AS "createdAt", c."expires_at" AS "expiresAt", c."prepaid",
             ${codeStateSql} AS "state", c."redeemed_at" AS "redeemedAt", c."credited_at" AS "creditedAt",
             vp."tree_id" AS "treeId"
      FROM "claim_code" c
      LEFT JOIN "visitor_planting" vp ON vp."claim_code_id" = c."id"
      WHERE c."operator_id" = ${input.operatorId} AND c."is_test" = ${input.isTest}
        ${input.batch ? Prisma.sql`AND c."batch" = ${input.batch}` : Prisma.empty}`,
    Prisma.sql`q."id"`,
    input.limit,
    input.offset,
  );
}
