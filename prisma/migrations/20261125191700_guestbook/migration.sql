-- The guestbook of the memorial pages (lib/guestbook): visitors' messages, the family's
-- moderation mode, and the record of the family's daily digests (once per memorial and day).
CREATE TYPE "GuestbookMode" AS ENUM ('open', 'approval', 'closed');
CREATE TYPE "GuestbookStatus" AS ENUM ('pending', 'published', 'hidden');

ALTER TABLE "memorial" ADD COLUMN "guestbook_mode" "GuestbookMode" NOT NULL DEFAULT 'approval';

CREATE TABLE "guestbook_entry" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "author_name" VARCHAR(80) NOT NULL,
    "message" VARCHAR(1000) NOT NULL,
    "status" "GuestbookStatus" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),
    "decided_by" VARCHAR(20),
    "client_key" CHAR(64) NOT NULL,
    "digested_at" TIMESTAMPTZ(3),
    CONSTRAINT "guestbook_entry_pkey" PRIMARY KEY ("id"),
    -- Whatever the code does: a name and a message, who decided is the family or the operator.
    CONSTRAINT "guestbook_entry_author_name_check" CHECK (length(btrim("author_name")) > 0),
    CONSTRAINT "guestbook_entry_message_check" CHECK (length(btrim("message")) > 0),
    CONSTRAINT "guestbook_entry_decided_by_check" CHECK ("decided_by" IN ('family', 'operator'))
);
CREATE INDEX "guestbook_entry_memorial_id_status_created_at_idx"
    ON "guestbook_entry"("memorial_id", "status", "created_at");
CREATE INDEX "guestbook_entry_client_key_created_at_idx" ON "guestbook_entry"("client_key", "created_at");
ALTER TABLE "guestbook_entry" ADD CONSTRAINT "guestbook_entry_memorial_id_fkey"
    FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "guestbook_digest" (
    "memorial_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "entries" INTEGER NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "guestbook_digest_pkey" PRIMARY KEY ("memorial_id", "day")
);
ALTER TABLE "guestbook_digest" ADD CONSTRAINT "guestbook_digest_memorial_id_fkey"
    FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The guestbook's webhook events.
ALTER TABLE "webhook_endpoint" DROP CONSTRAINT "webhook_endpoint_events_check";
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_events_check" CHECK (
    "events" IS NOT NULL AND cardinality("events") > 0
    AND "events" <@ ARRAY['memorial.created', 'tree.planted', 'memorial.confirmed', 'person.modified',
        'memorial.hidden', 'memorial.shown', 'memorial.anonymised', 'memorial.unanonymised',
        'memorial.title_changed', 'message.hidden', 'message.shown',
        'tree.in_ground', 'tree.checked', 'tree.died', 'tree.replaced',
        'guestbook.entry_received', 'guestbook.entry_published', 'guestbook.entry_hidden',
        'guestbook.entry_deleted', 'memorial.guestbook_mode_changed']::VARCHAR(50)[]);
