// The read models of the guestbook: the public page's published messages, the
// family's management page (every message, the waiting ones first) and the operator's dashboard.
import { db } from "@memorial/lib/db/client";
import { ownMemorialsOf, PUBLIC_GUESTBOOK_ENTRIES } from "@memorial/lib/memorials/policy";
import type { OperatorScope } from "@memorial/lib/scope";
import type { GuestbookMode } from "./set-mode";

/** The most messages a page lists (the newest). */
const GUESTBOOK_PAGE_LIMIT = 200;

interface GuestbookEntryView {
  id: number;
  authorName: string;
  message: string;
  status: "pending" | "published" | "hidden";
  createdAt: Date;
  decidedBy: string | null;
}

const SELECT = {
  id: true,
  authorName: true,
  message: true,
  status: true,
  createdAt: true,
  decidedBy: true,
} as const;

/** The public page's guestbook: its mode and the published messages, newest first. */
export async function publicGuestbook(memorialId: number) {
  const memorial = await db.memorial.findUnique({
    where: { id: memorialId },
    select: { guestbookMode: true },
  });
  const entries = await db.guestbookEntry.findMany({
    where: { AND: [{ memorialId }, PUBLIC_GUESTBOOK_ENTRIES] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: GUESTBOOK_PAGE_LIMIT,
    select: SELECT,
  });
  return {
    mode: (memorial?.guestbookMode ?? "approval") as GuestbookMode,
    entries: entries as GuestbookEntryView[],
  };
}

/** The family's view: every message, the waiting ones first, then the newest. */
export async function familyGuestbook(memorialId: number) {
  const memorial = await db.memorial.findUnique({
    where: { id: memorialId },
    select: { guestbookMode: true },
  });
  const entries = await db.guestbookEntry.findMany({
    where: { memorialId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: GUESTBOOK_PAGE_LIMIT,
    select: SELECT,
  });
  const rank = (status: string) => (status === "pending" ? 0 : 1);
  return {
    mode: (memorial?.guestbookMode ?? "approval") as GuestbookMode,
    entries: (entries as GuestbookEntryView[]).sort((a, b) => rank(a.status) - rank(b.status)),
  };
}

/** The operator's view of one of its own memorials' guestbook (null when not its own). */
export async function operatorGuestbook(scope: OperatorScope, memorialId: number) {
  const memorial = await db.memorial.findFirst({
    where: { AND: [{ id: memorialId }, ownMemorialsOf(scope)] },
    select: { guestbookMode: true },
  });
  if (!memorial) return null;
  const entries = await db.guestbookEntry.findMany({
    where: { memorialId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: GUESTBOOK_PAGE_LIMIT,
    select: SELECT,
  });
  return { mode: memorial.guestbookMode as GuestbookMode, entries: entries as GuestbookEntryView[] };
}

/**
 * One message of the guestbook of one of the scope's own memorials, as the webhooks
 * guestbook.entry_* name it (they carry its id, never its words); null when it is not the scope's
 * or was deleted.
 */
export async function operatorGuestbookEntry(scope: OperatorScope, entryId: number) {
  const entry = await db.guestbookEntry.findFirst({
    where: { id: entryId, memorial: ownMemorialsOf(scope) },
    select: { ...SELECT, memorialId: true, decidedAt: true },
  });
  return entry as (GuestbookEntryView & { memorialId: number; decidedAt: Date | null }) | null;
}

export type FamilyGuestbook = Awaited<ReturnType<typeof familyGuestbook>>;
