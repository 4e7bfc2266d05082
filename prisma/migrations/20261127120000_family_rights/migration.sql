-- Issue 31.1: a family's rights over its memorial, from its management page.
-- Takedown: while taken_down_at is set, the memorial is not public (memorialsVisibleTo) and its
-- page answers 410 Gone; the family may undo it (memorial.restored) until an erasure is carried out.
ALTER TABLE "memorial" ADD COLUMN "taken_down_at" TIMESTAMPTZ(3);

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
        'memorial.taken_down', 'memorial.restored',
        'memorial.erasure_requested', 'memorial.erasure_cancelled', 'memorial.erased']::VARCHAR(50)[]);
