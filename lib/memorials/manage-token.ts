// The family's management links (/manage/{token}): 256 random bits, only their SHA-256 stored
// (like confirmation links), long-lived but expiring (MANAGE_TTL_DAYS), and revocable: issuing a
// new link for a memorial revokes the ones before. Opening a link reads only; the changes are the
// use cases of hide-memorial.ts, anonymise-memorial.ts and hide-message.ts, which find the
// memorial from the token itself, so that a link can only ever act on its own memorial.

import { db, type Tx } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import type { Language } from "@memorial/lib/i18n/languages";
import { familyLinkScope } from "@memorial/lib/scope";
import { hashSecretToken as hashToken, isSecretTokenShape, newSecretToken } from "@memorial/lib/secret-token";
import { settings } from "@memorial/lib/settings";
import { familyLanguage } from "./family";
import { type AnonymousTitle, displayTitle, type MemorialKind, treesVisibleTo } from "./policy";
import { type MemorialPrivacyView, memorialPrivacy } from "./privacy";
import { type VisitorTree, visitorTrees } from "./visitor-trees";

/** Days during which a management link works (setting MANAGE_TTL_DAYS, default 365). */
export function manageTtlDays(): number {
  return settings().MANAGE_TTL_DAYS;
}

/** A plausible token (lib/secret-token.ts): nothing else is looked up. */
function plausibleManageToken(token: string): boolean {
  return isSecretTokenShape(token);
}

/** A new management link for the memorial; the links issued before stop working now. */
export async function issueManageToken(
  tx: Tx,
  memorialId: number,
): Promise<{ token: string; expiresAt: Date }> {
  const now = new Date();
  await tx.manageToken.updateMany({
    where: { memorialId, revokedAt: null, expiresAt: { gt: now } },
    data: { revokedAt: now },
  });
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(now.getTime() + manageTtlDays() * 86_400_000);
  await tx.manageToken.create({ data: { memorialId, tokenHash: hash, expiresAt } });
  return { token, expiresAt };
}

type ManageTokenState = "active" | "expired" | "revoked" | "unknown";

/** The state of a token at `now`, and its memorial when it has one. */
async function tokenRow(client: Tx | typeof db, token: string, lock: boolean) {
  if (!plausibleManageToken(token)) return null;
  const hash = hashToken(token);
  if (lock) {
    // Serialises with a revocation (a new link) of the same token's memorial.
    await client.$queryRaw`SELECT "id" FROM "manage_token" WHERE "token_hash" = ${hash} FOR SHARE`;
  }
  return client.manageToken.findUnique({ where: { tokenHash: hash } });
}

function stateOf(
  row: { expiresAt: Date; revokedAt: Date | null } | null,
  now = new Date(),
): ManageTokenState {
  if (!row) return "unknown";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "active";
}

/**
 * What a family's link names, read alone: its state, and its memorial while it is active (the
 * management page's thumbnails, one request each, need nothing more of the page).
 */
export async function manageLinkOf(
  token: string,
): Promise<{ state: "active"; memorialId: number } | { state: Exclude<ManageTokenState, "active"> }> {
  const row = await tokenRow(db, token, false);
  const state = stateOf(row);
  return state === "active" && row
    ? { state, memorialId: row.memorialId }
    : { state: state === "active" ? "unknown" : state };
}

/** The language a page of the family's link speaks when the request asks none (familyLanguage). */
export async function familyLanguageOf(memorialId: number): Promise<Language> {
  return familyLanguage(
    await db.memorial.findUniqueOrThrow({
      where: { id: memorialId },
      select: { language: true, family: { select: { language: true } } },
    }),
  );
}

/**
 * In a use case's transaction: the memorial a family's token may act on, or a NOT_FOUND
 * DomainError whose problem.reason says why: "unknown", "expired" or "revoked" (the management
 * page answers 404 for the first, 410 Gone for the others). A refused token changes nothing.
 */
export async function memorialOfToken(tx: Tx, token: string): Promise<number> {
  const row = await tokenRow(tx, token, true);
  const state = stateOf(row);
  if (state === "active" && row) return row.memorialId;
  const why = {
    unknown: "does not exist",
    expired: "has expired",
    revoked: "has been replaced by a newer one",
  };
  throw new DomainError("NOT_FOUND", `this management link ${why[state === "active" ? "unknown" : state]}`, {
    field: "token",
    reason: state === "active" ? "unknown" : state,
  });
}

export interface ManageView {
  state: "active";
  memorialId: number;
  title: string;
  kind: MemorialKind;
  status: "awaiting_confirmation" | "visible" | "expired";
  hidden: boolean;
  /** Taken down by the family (its page answers 410 Gone) until it restores it. */
  takenDown: boolean;
  /** When the family asked for the erasure (null: not asked), and whether it was carried out. */
  erasureRequestedAt: Date | null;
  erased: boolean;
  /** The family made it anonymous (and may make it classic again). */
  anonymisedByFamily: boolean;
  /** How it is titled while anonymous: its anonymous name, or the initials. */
  anonymousTitle: AnonymousTitle;
  language: Language;
  expiresAt: Date;
  /** The trees with a message, the family's to hide or show. */
  messages: {
    treeId: number;
    planter: string;
    message: string;
    hidden: boolean;
    plantedAt: Date;
    /** A visitor's tree, its origin and where its words stand in the guestbook. */
    visitor?: VisitorTree;
  }[];
  /** When the closing summary was sent (null: not yet), and whether it can be. */
  summarySentAt: Date | null;
  hasFamilyEmail: boolean;
  /** Its privacy level, and whether the funeral home's default still applies. */
  privacy: MemorialPrivacyView;
}

type ManageLookup = ManageView | { state: "expired" | "revoked"; language: Language } | { state: "unknown" };

/** What the management page shows (reads only: GET and HEAD, e-mail scanners included). */
export async function lookupManage(token: string): Promise<ManageLookup> {
  const row = await tokenRow(db, token, false);
  const state = stateOf(row);
  if (!row || state === "unknown") return { state: "unknown" };
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: row.memorialId },
    include: {
      family: { select: { language: true, email: true } },
      person: { select: { firstName: true, lastName: true } },
    },
  });
  // The page speaks to the family: in the family's language (Famille.Langue), as its e-mails.
  const language = familyLanguage(memorial);
  if (state !== "active") return { state, language };
  // The link's edge: its Scope is the family link of this memorial, in the memorial's environment
  // (the policy shows it production trees, and a test memorial's own test trees).
  const scope = familyLinkScope(memorial);
  const trees = await db.tree.findMany({
    where: { AND: [{ memorialId: memorial.id, message: { not: null } }, treesVisibleTo(scope)] },
    orderBy: [{ plantedAt: "asc" }, { id: "asc" }],
    select: { id: true, planter: true, message: true, messageHiddenAt: true, plantedAt: true },
    take: 500,
  });
  const visitors = await visitorTrees(
    db,
    trees.map((t) => t.id),
  );
  return {
    state: "active",
    memorialId: memorial.id,
    title: displayTitle(memorial, language),
    kind: memorial.kind,
    status: memorial.status as ManageView["status"],
    hidden: memorial.hiddenAt !== null,
    takenDown: memorial.takenDownAt !== null,
    erasureRequestedAt: memorial.erasureRequestedAt,
    erased: memorial.erasedAt !== null,
    anonymisedByFamily: memorial.anonymisedAt !== null,
    anonymousTitle: memorial.anonymousTitle,
    language,
    expiresAt: row.expiresAt,
    privacy: (await memorialPrivacy(memorial.id)) ?? { level: "public", isDefault: true },
    messages: trees
      .filter((t) => t.message?.trim())
      .map((t) => ({
        treeId: t.id,
        planter: t.planter,
        message: t.message ?? "",
        hidden: t.messageHiddenAt !== null,
        plantedAt: t.plantedAt,
        ...(visitors.has(t.id) ? { visitor: visitors.get(t.id) } : {}),
      })),
    summarySentAt: memorial.summarySentAt,
    hasFamilyEmail: Boolean(memorial.family?.email?.trim()),
  };
}
