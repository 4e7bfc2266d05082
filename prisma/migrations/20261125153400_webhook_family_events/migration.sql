-- Webhook endpoints may choose the family's events too: a memorial hidden or shown
-- again, made anonymous or named again, its anonymous title chosen, a planter's message hidden or
-- shown again. The list stays the one of WEBHOOK_EVENTS (lib/webhooks/endpoints.ts).

ALTER TABLE "webhook_endpoint" DROP CONSTRAINT "webhook_endpoint_events_check";
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_events_check" CHECK (
    "events" IS NOT NULL AND cardinality("events") > 0
    AND "events" <@ ARRAY['memorial.created', 'tree.planted', 'memorial.confirmed', 'person.modified',
        'memorial.hidden', 'memorial.shown', 'memorial.anonymised', 'memorial.unanonymised',
        'memorial.title_changed', 'message.hidden', 'message.shown']::VARCHAR(50)[]);
