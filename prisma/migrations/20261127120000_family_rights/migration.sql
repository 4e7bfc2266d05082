-- A family's rights over its memorial, from its management page.
-- Takedown: while taken_down_at is set, the memorial is not public (memorialsVisibleTo) and its
-- page answers 410 Gone; the family may undo it (memorial.restored) until an erasure is carried out.
ALTER TABLE "memorial" ADD COLUMN "taken_down_at" TIMESTAMPTZ(3);

-- Erasure: asked at erasure_requested_at (the family may undo it until then), carried out once by
-- the daily job family-erasure on the 14th day after (erased_at). An erased memorial is taken down.
ALTER TABLE "memorial"
    ADD COLUMN "erasure_requested_at" TIMESTAMPTZ(3),
    ADD COLUMN "erased_at" TIMESTAMPTZ(3),
    ADD CONSTRAINT "memorial_erased_check" CHECK ("erased_at" IS NULL OR "taken_down_at" IS NOT NULL);
-- The daily job's search: the few memorials with a request waiting.
CREATE INDEX "memorial_erasure_due_idx" ON "memorial" ("erasure_requested_at") WHERE "erasure_requested_at" IS NOT NULL AND "erased_at" IS NULL;

-- Webhook endpoints may choose memorial.taken_down and memorial.restored.
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
        'memorial.erasure_requested', 'memorial.erasure_cancelled', 'memorial.erased']::VARCHAR(50)[]);

-- The family's archive of its memorial: built in the background, kept here (every instance serves
-- it) until expires_at, then deleted by the daily job family-archives. One waiting at a time.
CREATE TABLE "memorial_archive" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "requested_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ready_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    "content" BYTEA,
    "size" INTEGER,
    CONSTRAINT "memorial_archive_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "memorial_archive_ready_check" CHECK (("ready_at" IS NULL) = ("content" IS NULL))
);
CREATE INDEX "memorial_archive_memorial_id_idx" ON "memorial_archive"("memorial_id");
CREATE INDEX "memorial_archive_expires_at_idx" ON "memorial_archive"("expires_at");
CREATE UNIQUE INDEX "memorial_archive_waiting_key" ON "memorial_archive"("memorial_id") WHERE "ready_at" IS NULL;
ALTER TABLE "memorial_archive" ADD CONSTRAINT "memorial_archive_memorial_id_fkey"
    FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE CASCADE ON UPDATE CASCADE;
