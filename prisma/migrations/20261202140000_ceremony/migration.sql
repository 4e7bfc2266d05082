-- The ceremony of a memorial (lib/ceremonies): one per memorial, set by its operator (the funeral
-- home), shown on the memorial's page and offered as a calendar file. A change keeps the row and
-- bumps its sequence (the calendar file's SEQUENCE); a cancellation keeps it, marked cancelled.
CREATE TYPE "CeremonyStatus" AS ENUM ('scheduled', 'cancelled');

CREATE TABLE "ceremony" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "time_zone" VARCHAR(64) NOT NULL DEFAULT 'Europe/Brussels',
    "place_name" VARCHAR(200) NOT NULL,
    "place_address" VARCHAR(300) NOT NULL,
    "map_url" VARCHAR(500),
    "livestream_url" VARCHAR(500),
    "note" VARCHAR(500),
    "status" "CeremonyStatus" NOT NULL DEFAULT 'scheduled',
    "sequence" INTEGER NOT NULL DEFAULT 0,
    "previous_starts_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ceremony_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "ceremony_memorial_id_key" ON "ceremony"("memorial_id");
ALTER TABLE "ceremony" ADD CONSTRAINT "ceremony_memorial_id_fkey"
    FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The ceremony's webhooks: scheduled, changed (moved or another detail), cancelled.
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
        'ceremony.scheduled', 'ceremony.changed', 'ceremony.cancelled']::VARCHAR(50)[]);
