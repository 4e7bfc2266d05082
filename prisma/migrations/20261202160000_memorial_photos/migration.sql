-- The photos visitors share of a memorial (lib/memorial-photos): each kept in two or three widths
-- (file_keys and file_widths side by side, narrowest first) in the photo storage's "memorial"
-- area, waiting for the family's approval, then published in the page's gallery. The caption and
-- the name of who shared it are personal data, erased as the guestbook's; client_hash is the
-- SHA-256 the limits count by, never the address.
CREATE TYPE "MemorialPhotoStatus" AS ENUM ('waiting', 'published');

CREATE TABLE "memorial_photo" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "status" "MemorialPhotoStatus" NOT NULL DEFAULT 'waiting',
    "file_keys" VARCHAR(32)[],
    "file_widths" INTEGER[],
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "caption" VARCHAR(140),
    "author_name" VARCHAR(80),
    "client_hash" CHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_at" TIMESTAMPTZ(3),
    "decided_by" VARCHAR(20),
    CONSTRAINT "memorial_photo_pkey" PRIMARY KEY ("id"),
    -- (Prisma's lists are nullable columns: the CHECK says they are not.)
    CONSTRAINT "memorial_photo_files_check" CHECK (
        "file_keys" IS NOT NULL AND "file_widths" IS NOT NULL
        AND cardinality("file_keys") BETWEEN 1 AND 3 AND cardinality("file_keys") = cardinality("file_widths")),
    CONSTRAINT "memorial_photo_size_check" CHECK ("width" > 0 AND "height" > 0),
    CONSTRAINT "memorial_photo_published_check" CHECK (("status" = 'published') = ("published_at" IS NOT NULL))
);
CREATE INDEX "memorial_photo_memorial_id_status_created_at_idx"
    ON "memorial_photo"("memorial_id", "status", "created_at");
ALTER TABLE "memorial_photo" ADD CONSTRAINT "memorial_photo_memorial_id_fkey"
    FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A visitor's photo published by the family or the operator is a webhook event.
ALTER TABLE "webhook_endpoint" DROP CONSTRAINT "webhook_endpoint_events_check";
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_events_check" CHECK (
    "events" IS NOT NULL AND cardinality("events") > 0
    AND "events" <@ ARRAY['memorial.created', 'tree.planted', 'memorial.confirmed', 'person.modified',
        'memorial.hidden', 'memorial.shown', 'memorial.anonymised', 'memorial.unanonymised',
        'memorial.title_changed', 'message.hidden', 'message.shown',
        'tree.in_ground', 'tree.checked', 'tree.died', 'tree.replaced',
        'memorial.privacy_changed',
        'guestbook.entry_received', 'guestbook.entry_published', 'guestbook.entry_hidden',
        'guestbook.entry_deleted', 'memorial.guestbook_mode_changed', 'memorial.expired',
        'tree.moved', 'memorial.merged', 'memorial.unmerged',
        'memorial.taken_down', 'memorial.restored',
        'memorial.erasure_requested', 'memorial.erasure_cancelled', 'memorial.erased',
        'guestbook.entry_withdrawn', 'memorial.personal_data_erased',
        'ceremony.scheduled', 'ceremony.changed', 'ceremony.cancelled',
        'photo.published']::VARCHAR(50)[]);
