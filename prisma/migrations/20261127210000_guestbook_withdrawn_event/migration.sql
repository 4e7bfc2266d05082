-- A guestbook message withdrawn by its author is a domain event and a webhook,
-- guestbook.entry_withdrawn: webhook endpoints may choose it.
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
        'guestbook.entry_withdrawn']::VARCHAR(50)[]);
