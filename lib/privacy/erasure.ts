// A family asks for the erasure of its memorial from its management page. A cooling-off
// of ERASURE_COOLING_OFF_DAYS: the request can be undone from the same page until the daily job
// `family-erasure` carries it out, on the 14th day (UTC) after the day it was asked. An e-mail
// tells the family on the day it asks (when, and how to undo) and on the day it is carried out.
//
// Carrying it out anonymises, in one transaction, once (erased_at, claimed by a conditional
// UPDATE): the deceased (the person's names, civility, birth date, place of death and photo; the
// day of death stays, the person's one required fact), the memorial (anonymous, its numbered
// anonymous title, no link to the operator's page about the deceased), the planters' names and
// messages of its trees, its guestbook's authors and messages, its visitors' plantings (names,
// messages, e-mail addresses), the family's name and address; it deletes the memorial's reminder
// subscriptions and its ceremony (a place, an address and a note that may name or locate the
// deceased's people), and the photos visitors shared (rows, then their files once committed). Trees, transactions and amounts stay, anonymous (accounting records). The memorial
// is taken down if it was not, for good: a takedown cannot be undone after an erasure.
import { type ChangeRecorder, withEvents } from "@memorial/lib/changes/record";
import { db, Prisma, type Tx } from "@memorial/lib/db/client";
import { invalid } from "@memorial/lib/errors";
import { type Language, parseLanguage } from "@memorial/lib/i18n/languages";
import { componentLogger } from "@memorial/lib/log";
import { erasureDoneEmail, erasureRequestedEmail } from "@memorial/lib/mail/erasure-email";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "@memorial/lib/mail/family-letter";
import { deleteMemorialPhotoRows, deletePhotoFiles } from "@memorial/lib/memorial-photos/files";
import { type FamilyActor, familyControl, recordFamilyChange } from "@memorial/lib/memorials/family-actor";
import { anonymousNumberTitle } from "@memorial/lib/memorials/policy";
import { formatCalendarDate } from "@memorial/lib/memorials/public-page";
import { ERASURE_COOLING_OFF_DAYS, erasureDay } from "./erasure-day";

/** The job's name, in the catalogue and for `jobs run family-erasure`. */
export const ERASURE_JOB = "family-erasure";

/** What replaces a name or a message that must stay non-empty (a guestbook entry, a planter). */
export const ERASED_TEXT = "—";

/** Writes a family letter to the outbox, when the family has an address. */
async function writeFamilyEmail(
  tx: Tx,
  memorialId: number,
  render: (
    letter: Awaited<ReturnType<typeof familyLetter>>,
  ) => Promise<{ subject: string; text: string; html: string }>,
) {
  const memorial = await tx.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    include: FAMILY_LETTER_INCLUDE,
  });
  const to = memorial.family?.email?.trim();
  if (!to) return;
  const mail = await render(await familyLetter(tx, memorial));
  await tx.outgoingEmail.create({ data: { memorialId, to, ...mail, isTest: memorial.isTest } });
}

/**
 * The family asks for the erasure (action "erase" of its management page), or undoes its request
 * ("keep"). `manageUrl` is the management page's address, for the e-mail. Asking twice changes
 * nothing; an erasure carried out cannot be undone.
 */
export async function setErasureRequested(
  actor: FamilyActor,
  requested: boolean,
  manageUrl: string,
): Promise<{ requested: boolean; changed: boolean }> {
  return familyControl(actor, async (memorial, tx, changes) => {
    if (memorial.erasedAt !== null) {
      throw invalid("this memorial was already erased", { field: "memorial", reason: "erased" });
    }
    if ((memorial.erasureRequestedAt !== null) === requested) return { requested, changed: false };
    if (requested && memorial.kind === "global") {
      throw invalid("a global memorial cannot be erased by a family", { field: "kind", reason: "global" });
    }
    const now = new Date();
    await tx.memorial.update({
      where: { id: memorial.id },
      data: { erasureRequestedAt: requested ? now : null },
    });
    await recordFamilyChange(
      changes,
      actor,
      memorial,
      requested ? "memorial.erasure_requested" : "memorial.erasure_cancelled",
      {
        before: { erasureRequestedAt: memorial.erasureRequestedAt },
        after: { erasureRequestedAt: requested ? now : null },
      },
    );
    if (requested) {
      await writeFamilyEmail(tx, memorial.id, (letter) =>
        erasureRequestedEmail({
          ...letter,
          date: formatCalendarDate(erasureDay(now), letter.language),
          manageUrl,
        }),
      );
    }
    return { requested, changed: true };
  });
}

/** The memorials whose erasure is due today: asked ERASURE_COOLING_OFF_DAYS days ago or more. */
const dueSql = Prisma.sql`"erased_at" IS NULL AND "erasure_requested_at" IS NOT NULL
  AND ("erasure_requested_at" AT TIME ZONE 'UTC')::date <= (now() AT TIME ZONE 'UTC')::date - ${ERASURE_COOLING_OFF_DAYS}::int`;

/** Carries out the erasure of one memorial, if still due (once: its row is claimed). */
async function eraseMemorial(memorialId: number): Promise<boolean> {
  const photoFiles: string[] = [];
  const erased = await withEvents(async (tx, changes) => {
    const claimed = await tx.$queryRaw<{ id: number; language: string; person_id: number | null }[]>`
      SELECT "id", "language", "person_id" FROM "memorial" WHERE "id" = ${memorialId} AND ${dueSql} FOR UPDATE`;
    const row = claimed[0];
    if (!row) return false;
    // The last letter, written while the memorial still has its names and the family its address.
    await writeFamilyEmail(tx, memorialId, (letter) => erasureDoneEmail(letter));
    photoFiles.push(
      ...(await eraseRows(tx, changes, memorialId, row.person_id, parseLanguage(row.language) ?? "fr")),
    );
    return true;
  });
  // The visitors' photos' files go once their rows are gone for good (a rolled-back erasure keeps both).
  await deletePhotoFiles(photoFiles);
  return erased;
}

async function eraseRows(
  tx: Tx,
  changes: ChangeRecorder,
  id: number,
  personId: number | null,
  language: Language,
) {
  const now = new Date();
  const before = await tx.memorial.findUniqueOrThrow({
    where: { id },
    select: { takenDownAt: true, kind: true },
  });
  const memorial = await tx.memorial.update({
    where: { id },
    data: {
      kind: "anonymous",
      anonymisedAt: now,
      anonymousName: null,
      anonymousTitle: "name",
      title: anonymousNumberTitle(id, language),
      deceasedUrl: null,
      takenDownAt: before.takenDownAt ?? now,
      erasedAt: now,
    },
  });
  if (personId !== null) {
    await tx.person.update({
      where: { id: personId },
      data: {
        firstName: null,
        lastName: null,
        civility: null,
        birthDate: null,
        placeOfDeath: null,
        imageUrl: null,
      },
    });
  }
  await tx.tree.updateMany({ where: { memorialId: id }, data: { planter: ERASED_TEXT, message: null } });
  await tx.guestbookEntry.updateMany({
    where: { memorialId: id },
    data: { authorName: ERASED_TEXT, message: ERASED_TEXT },
  });
  await tx.visitorPlanting.updateMany({
    where: { memorialId: id },
    data: { planter: ERASED_TEXT, message: null, email: null },
  });
  await tx.family.updateMany({ where: { memorialId: id }, data: { email: null, name: null } });
  // A planting still waiting (for stock, or in a confirmation link kept until its retention) holds
  // its planter's words too; a possible duplicate, the place of death it matched on.
  await tx.queuedPlanting.updateMany({
    where: { memorialId: id },
    data: { planter: ERASED_TEXT, message: null },
  });
  await tx.confirmationToken.updateMany({
    where: { memorialId: id },
    data: { planter: ERASED_TEXT, message: null },
  });
  await tx.memorialDuplicate.updateMany({
    where: { OR: [{ firstMemorialId: id }, { secondMemorialId: id }] },
    data: { place: null },
  });
  // The record of the reminders sent goes first: it references its subscription.
  await tx.$executeRaw`DELETE FROM "reminder_sent" WHERE "subscription_id" IN (
    SELECT "id" FROM "reminder_subscription" WHERE "memorial_id" = ${id})`;
  await tx.reminderSubscription.deleteMany({ where: { memorialId: id } });
  // The ceremony goes whole: its place, address, links and note are what it is, nothing of it is
  // left to keep anonymous; the page it was shown on is down for good.
  await tx.ceremony.deleteMany({ where: { memorialId: id } });
  // The photos visitors shared: faces, places and words of the deceased's people, nothing to keep.
  const photoFiles = await deleteMemorialPhotoRows(tx, id);
  // Its archives (lib/privacy/archive.ts) hold everything erased here: gone with it.
  await tx.memorialArchive.deleteMany({ where: { memorialId: id } });
  // Carried out on the family's behalf: recorded as its change (history, webhook memorial.erased).
  // The job acts for the family who asked: the row names them (their page shows it).
  await recordFamilyChange(changes, { by: "family", token: "" }, memorial, "memorial.erased", {
    before: { kind: before.kind, erasedAt: null },
    after: { kind: "anonymous", erasedAt: now },
    actor: { kind: "family", memorialId: id },
  });
  return photoFiles;
}

/** The daily job: every erasure due, each in its own transaction; answers how many were carried out. */
export async function eraseDueMemorials(): Promise<number> {
  const due = await db.$queryRaw<{ id: number }[]>`SELECT "id" FROM "memorial" WHERE ${dueSql} ORDER BY "id"`;
  let erased = 0;
  for (const { id } of due) if (await eraseMemorial(id)) erased += 1;
  if (erased > 0) componentLogger("privacy").info({ erased }, "family erasures carried out");
  return erased;
}
