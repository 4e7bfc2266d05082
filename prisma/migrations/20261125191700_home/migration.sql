-- Privacy levels and the visitors' search.
-- public: found by the home page's search; link_only: shown to whoever has its address, never
-- searched, noindex. "hidden" stays the family's hide (memorial.hidden_at).
CREATE TYPE "MemorialPrivacy" AS ENUM ('public', 'link_only');

-- The family's choice; null: the funeral home's default (context.default_privacy up its chain).
ALTER TABLE "memorial" ADD COLUMN "privacy" "MemorialPrivacy";
-- The funeral home's default for its memorials; null: public.
ALTER TABLE "context" ADD COLUMN "default_privacy" "MemorialPrivacy";

-- The search by town (person.place_of_death): the same lower-case unaccented trigram key as the
-- name search's indexes (lib/db/name-search.ts).
CREATE INDEX "person_place_search_idx" ON "person"
    USING gin (lower(public.f_unaccent("place_of_death")) public.gin_trgm_ops);

-- Webhook endpoints may choose memorial.privacy_changed. The list stays the one of
-- WEBHOOK_EVENTS (lib/webhooks/event-types.ts).
ALTER TABLE "webhook_endpoint" DROP CONSTRAINT "webhook_endpoint_events_check";
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_events_check" CHECK (
    "events" IS NOT NULL AND cardinality("events") > 0
    AND "events" <@ ARRAY['memorial.created', 'tree.planted', 'memorial.confirmed', 'person.modified',
        'memorial.hidden', 'memorial.shown', 'memorial.anonymised', 'memorial.unanonymised',
        'memorial.title_changed', 'message.hidden', 'message.shown',
        'tree.in_ground', 'tree.checked', 'tree.died', 'tree.replaced',
        'memorial.privacy_changed']::VARCHAR(50)[]);
