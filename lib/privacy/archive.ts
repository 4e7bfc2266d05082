// The family downloads everything about its memorial as one ZIP archive, asked from
// its management page (action "archive"), built in the background by the job `family-archive` and
// sent by e-mail when ready: a link to download it with the management link, valid
// ARCHIVE_VALID_DAYS days. The archive is kept in the database (memorial_archive.content), so that
// every instance serves it, and deleted with its row by the daily job `family-archives` once its
// validity has passed (an erasure ends it at once). One archive waits at a time per memorial.
//
// What it holds: memorial.json (the memorial, the deceased person, the family, the ceremony: its
// start and former start as the date and time where it takes place, with their offset), trees.csv (each
// tree and where its life stands), tree-history.csv (each step of each tree's life), guestbook.csv,
// photos/ (the trees' photos), visitor-photos.csv and visitor-photos/ (the photos visitors shared,
// waiting or published, each in its widest file), emails/ (each e-mail sent to the family:
// headers and text).

import { mapLink } from "@memorial/lib/ceremonies/rules";
import { formatZoned } from "@memorial/lib/ceremonies/zoned-time";
import { recordChange, withEvents } from "@memorial/lib/changes/record";
import { db } from "@memorial/lib/db/client";
import { invalid } from "@memorial/lib/errors";
import { type CsvValue, csvLine } from "@memorial/lib/exports/csv";
import { enqueue } from "@memorial/lib/jobs/enqueue";
import { archiveReadyEmail } from "@memorial/lib/mail/archive-email";
import { FAMILY_LETTER_INCLUDE, familyLetter } from "@memorial/lib/mail/family-letter";
import { readPhotoFile } from "@memorial/lib/memorial-photos/files";
import { type FamilyActor, familyControl } from "@memorial/lib/memorials/family-actor";
import { formatCalendarDate } from "@memorial/lib/memorials/public-page";
import { isPhotoKey } from "@memorial/lib/photos/prepare-photo";
import { photoStorage } from "@memorial/lib/photos/storage";
import { strToU8, zipSync } from "fflate";

/** The job that builds one archive, and the daily job that deletes those past their validity. */
export const ARCHIVE_JOB = "family-archive";
export const ARCHIVES_CLEANUP_JOB = "family-archives";

/** Days an archive can be downloaded once built. */
const ARCHIVE_VALID_DAYS = 7;

/**
 * The family asks for its archive: a row waiting to be built and its job, in one transaction.
 * Asking while one is being built changes nothing. `manageUrl` (the management page) goes into the
 * job's payload for the e-mail's link, never into a table.
 */
export async function requestArchive(actor: FamilyActor, manageUrl: string): Promise<{ requested: boolean }> {
  return familyControl(actor, async (memorial, tx) => {
    if (memorial.erasedAt !== null) {
      throw invalid("this memorial was erased: there is nothing left to archive", {
        field: "memorial",
        reason: "erased",
      });
    }
    const rows = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO "memorial_archive" ("memorial_id") VALUES (${memorial.id})
      ON CONFLICT ("memorial_id") WHERE "ready_at" IS NULL DO NOTHING RETURNING "id"`;
    const row = rows[0];
    if (!row) return { requested: false };
    await enqueue(tx, ARCHIVE_JOB, { archive: row.id, manageUrl }, { maxAttempts: 5 });
    await recordChange(tx, {
      kind: "memorial.archive_requested",
      target: { type: "archive", id: row.id },
      operatorId: memorial.operatorId,
      memorialId: memorial.id,
    });
    return { requested: true };
  });
}

const csv = (header: string[], rows: CsvValue[][]) =>
  strToU8(`\uFEFF${[header, ...rows].map((row) => csvLine(row)).join("")}`);

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

/** Builds the archive's files (name → bytes) of memorial `memorialId`. */
async function archiveFiles(memorialId: number): Promise<Record<string, Uint8Array>> {
  const memorial = await db.memorial.findUniqueOrThrow({
    where: { id: memorialId },
    include: { person: true, family: true, ceremony: true },
  });
  const trees = await db.tree.findMany({
    where: { memorialId },
    orderBy: { id: "asc" },
    include: {
      species: { select: { name: true } },
      plantation: { select: { name: true } },
      history: { orderBy: [{ occurredOn: "asc" }, { id: "asc" }] },
    },
  });
  const guestbook = await db.guestbookEntry.findMany({ where: { memorialId }, orderBy: { id: "asc" } });
  const visitorPhotos = await db.memorialPhoto.findMany({ where: { memorialId }, orderBy: { id: "asc" } });
  const familyEmail = memorial.family?.email?.trim().toLowerCase();
  // The family's address, case aside (lower() = lower(): an insensitive equals is an ILIKE, where
  // an `_` of the address would match other addresses' e-mails).
  const emailIds = familyEmail
    ? await db.$queryRaw<{ id: number }[]>`
        SELECT "id" FROM "outgoing_email"
        WHERE "memorial_id" = ${memorialId} AND lower("to_address") = ${familyEmail} ORDER BY "id"`
    : [];
  const emails = await db.outgoingEmail.findMany({
    where: { id: { in: emailIds.map((row) => row.id) } },
    orderBy: { id: "asc" },
  });
  const { person, family, ceremony } = memorial;
  const files: Record<string, Uint8Array> = {
    "memorial.json": strToU8(
      `${JSON.stringify(
        {
          memorial: {
            id: memorial.id,
            title: memorial.title,
            kind: memorial.kind,
            status: memorial.status,
            language: memorial.language,
            privacy: memorial.privacy,
            createdAt: memorial.createdAt,
            confirmedAt: memorial.confirmedAt,
            hiddenAt: memorial.hiddenAt,
            takenDownAt: memorial.takenDownAt,
            erasureRequestedAt: memorial.erasureRequestedAt,
            guestbookMode: memorial.guestbookMode,
            deceasedUrl: memorial.deceasedUrl,
          },
          person: person && {
            firstName: person.firstName,
            lastName: person.lastName,
            civility: person.civility,
            birthDate: day(person.birthDate),
            deathDate: day(person.deathDate),
            placeOfDeath: person.placeOfDeath,
            imageUrl: person.imageUrl,
          },
          family: family && { name: family.name, email: family.email, language: family.language },
          // Its times as the page shows them, where the ceremony takes place (a zone's summer time
          // never moves them), with the offset that makes each one instant.
          ceremony: ceremony && {
            startsAt: formatZoned(ceremony.startsAt, ceremony.timeZone),
            timeZone: ceremony.timeZone,
            placeName: ceremony.placeName,
            placeAddress: ceremony.placeAddress,
            mapUrl: mapLink(ceremony),
            livestreamUrl: ceremony.livestreamUrl,
            note: ceremony.note,
            status: ceremony.status,
            previousStartsAt: ceremony.previousStartsAt
              ? formatZoned(ceremony.previousStartsAt, ceremony.timeZone)
              : null,
          },
        },
        null,
        2,
      )}\n`,
    ),
    "trees.csv": csv(
      [
        "tree",
        "planted_at",
        "species",
        "site",
        "planter",
        "message",
        "status",
        "in_ground_on",
        "latitude",
        "longitude",
        "planted_by",
        "last_checked_on",
        "health",
        "photo",
      ],
      trees.map((t) => [
        t.id,
        t.plantedAt,
        t.species.name,
        t.plantation.name,
        t.planter,
        t.message,
        t.status,
        day(t.inGroundOn),
        t.latitude?.toString(),
        t.longitude?.toString(),
        t.plantedBy,
        day(t.lastCheckedOn),
        t.health,
        t.photoKey && isPhotoKey(t.photoKey) ? `photos/${t.photoKey}.jpg` : null,
      ]),
    ),
    "tree-history.csv": csv(
      ["tree", "step", "date", "health", "height_cm", "reason", "note", "planted_by", "photo"],
      trees.flatMap((t) =>
        t.history.map((h) => [
          t.id,
          h.step,
          day(h.occurredOn),
          h.health,
          h.heightCm,
          h.reason,
          h.note,
          h.plantedBy,
          h.photoKey && isPhotoKey(h.photoKey) ? `photos/${h.photoKey}.jpg` : null,
        ]),
      ),
    ),
    "guestbook.csv": csv(
      ["entry", "written_at", "author", "message", "status"],
      guestbook.map((e) => [e.id, e.createdAt, e.authorName, e.message, e.status]),
    ),
    "visitor-photos.csv": csv(
      ["photo", "shared_at", "status", "published_at", "caption", "shared_by", "width", "height", "file"],
      visitorPhotos.map((p) => [
        p.id,
        p.createdAt,
        p.status,
        p.publishedAt,
        p.caption,
        p.authorName,
        p.width,
        p.height,
        `visitor-photos/${p.id}.jpg`,
      ]),
    ),
  };
  for (const photo of visitorPhotos) {
    const widest = photo.fileKeys.at(-1);
    const body = widest ? await readPhotoFile(widest) : null;
    if (body) files[`visitor-photos/${photo.id}.jpg`] = body;
  }
  const keys = new Set(
    trees.flatMap((t) => [t.photoKey, ...t.history.map((h) => h.photoKey)]).filter((k): k is string => !!k),
  );
  for (const key of keys) {
    if (!isPhotoKey(key)) continue;
    const body = await photoStorage().get(key);
    if (body) files[`photos/${key}.jpg`] = body;
  }
  emails.forEach((mail, i) => {
    const name = `emails/${String(i + 1).padStart(3, "0")}.txt`;
    files[name] = strToU8(
      `To: ${mail.to}\r\nDate: ${(mail.sentAt ?? mail.createdAt).toISOString()}\r\nSubject: ${mail.subject}\r\n\r\n${mail.text}\r\n`,
    );
  });
  return files;
}

/** The job: builds archive `archiveId`, keeps it, and writes the e-mail with its link (once). */
export async function buildArchive(archiveId: number, manageUrl: string): Promise<boolean> {
  const archive = await db.memorialArchive.findUnique({ where: { id: archiveId } });
  if (!archive || archive.readyAt) return false;
  const zip = zipSync(await archiveFiles(archive.memorialId), { level: 6 });
  return withEvents(async (tx) => {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + ARCHIVE_VALID_DAYS * 86_400_000);
    // The memorial first, as the family's actions take it (memorialForActor, FOR UPDATE): a request
    // made while this one is built then waits here instead of a deadlock (its insertion waiting for
    // this update, the e-mail's key check below waiting for its lock on the memorial).
    await tx.$queryRaw`SELECT "id" FROM "memorial" WHERE "id" = ${archive.memorialId} FOR SHARE`;
    const claimed = await tx.$executeRaw`
      UPDATE "memorial_archive" SET "ready_at" = ${now}, "expires_at" = ${expiresAt},
        "content" = ${Buffer.from(zip)}, "size" = ${zip.length}
      WHERE "id" = ${archiveId} AND "ready_at" IS NULL`;
    if (claimed === 0) return false;
    const memorial = await tx.memorial.findUniqueOrThrow({
      where: { id: archive.memorialId },
      include: FAMILY_LETTER_INCLUDE,
    });
    const to = memorial.family?.email?.trim();
    if (to) {
      const letter = await familyLetter(tx, memorial);
      const mail = await archiveReadyEmail({
        ...letter,
        url: `${manageUrl}/archive/${archiveId}`,
        until: formatCalendarDate(expiresAt, letter.language),
      });
      await tx.outgoingEmail.create({
        data: { memorialId: memorial.id, to, ...mail, isTest: memorial.isTest },
      });
    }
    return true;
  });
}

/** The archive `archiveId` of memorial `memorialId`, while it can be downloaded. */
export async function downloadableArchive(memorialId: number, archiveId: number) {
  return db.memorialArchive.findFirst({
    where: { id: archiveId, memorialId, readyAt: { not: null }, expiresAt: { gt: new Date() } },
    select: { id: true, content: true, size: true, expiresAt: true },
  });
}

/** The daily job: deletes the archives past their validity (their content with them). */
export async function removeExpiredArchives(): Promise<number> {
  return db.$executeRaw`DELETE FROM "memorial_archive" WHERE "expires_at" < now()`;
}

/** The memorial's latest archive, for its management page. */
export async function latestArchive(memorialId: number) {
  return db.memorialArchive.findFirst({
    where: { memorialId, OR: [{ readyAt: null }, { expiresAt: { gt: new Date() } }] },
    orderBy: { id: "desc" },
    select: { id: true, readyAt: true, expiresAt: true },
  });
}

export type LatestArchive = Awaited<ReturnType<typeof latestArchive>>;
