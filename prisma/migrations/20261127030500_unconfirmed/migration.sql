-- Memorials never confirmed, or declined by their family. A memorial awaiting its
-- family gets one reminder (reminded_at) and a last one before its link expires
-- (last_reminded_at), each claimed once by a conditional UPDATE; at the link's expiry, or when the
-- family declines, it is closed once: status 'expired', closed_at, closed_reason. Its waiting tree
-- goes where the operator chose (operator.unconfirmed_outcome): credited back to its prepaid trees
-- or planted in its global memorial.
ALTER TYPE "MemorialStatus" ADD VALUE 'expired';

ALTER TABLE "memorial"
    ADD COLUMN "reminded_at" TIMESTAMPTZ(3),
    ADD COLUMN "last_reminded_at" TIMESTAMPTZ(3),
    ADD COLUMN "closed_at" TIMESTAMPTZ(3),
    ADD COLUMN "closed_reason" VARCHAR(10),
    ADD CONSTRAINT "memorial_closed_reason_check" CHECK ("closed_reason" IN ('expired', 'declined')),
    ADD CONSTRAINT "memorial_closed_check" CHECK (("closed_at" IS NULL) = ("closed_reason" IS NULL));

CREATE TYPE "UnconfirmedOutcome" AS ENUM ('credit', 'global');
ALTER TABLE "operator" ADD COLUMN "unconfirmed_outcome" "UnconfirmedOutcome" NOT NULL DEFAULT 'credit';

ALTER TABLE "webhook_endpoint" DROP CONSTRAINT "webhook_endpoint_events_check";
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_events_check" CHECK (
    "events" IS NOT NULL AND cardinality("events") > 0
    AND "events" <@ ARRAY['memorial.created', 'tree.planted', 'memorial.confirmed', 'person.modified',
        'memorial.hidden', 'memorial.shown', 'memorial.anonymised', 'memorial.unanonymised',
        'memorial.title_changed', 'message.hidden', 'message.shown',
        'tree.in_ground', 'tree.checked', 'tree.died', 'tree.replaced',
        'memorial.privacy_changed',
        'guestbook.entry_received', 'guestbook.entry_published', 'guestbook.entry_hidden',
        'guestbook.entry_deleted', 'memorial.guestbook_mode_changed', 'memorial.expired']::VARCHAR(50)[]);
