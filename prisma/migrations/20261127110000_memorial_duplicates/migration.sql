-- Duplicate memorials of one operator. When a memorial is created, the operator's other
-- memorials whose person has a similar name (pg_trgm similarity of the name search's key,
-- lower(public.f_unaccent(first_name || ' ' || last_name)), migration 20261125153500), a date of
-- death within one day and, when both give one, the same place of death are recorded as a pair
-- (lib/memorials/duplicates.ts). The operator merges a pair (memorial_merge: what moved, so that an
-- undo within 30 days is exact) or says they are not the same person (the pair stays, never
-- suggested again). Never across operators.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

-- The detection's candidates: the operator's persons who died within a day of the new one (a
-- short range of this index, whatever the operator's size); the names are compared on those only.
CREATE INDEX "person_operator_death_idx" ON "person" ("operator_id", "death_date");

-- One row per pair, the lower memorial id first; its state: 'open' (listed), 'not_same' (the
-- operator said so: never listed again), 'merged', 'unmerged' (a merge undone: listed no more).
CREATE TABLE "memorial_duplicate" (
    "id" SERIAL PRIMARY KEY,
    "operator_id" INTEGER NOT NULL REFERENCES "operator"("id"),
    "first_memorial_id" INTEGER NOT NULL REFERENCES "memorial"("id"),
    "second_memorial_id" INTEGER NOT NULL REFERENCES "memorial"("id"),
    -- What matched: the names' trigram similarity (0-1), the days between the dates of death
    -- (0 or 1), and the normalised place of death when both memorials give one (else null).
    "name_similarity" DOUBLE PRECISION NOT NULL,
    "death_days_apart" INTEGER NOT NULL,
    "place" VARCHAR(200),
    "state" VARCHAR(10) NOT NULL DEFAULT 'open',
    "detected_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "decided_at" TIMESTAMPTZ(3),
    "decided_by" VARCHAR(254),
    CONSTRAINT "memorial_duplicate_order_check" CHECK ("first_memorial_id" < "second_memorial_id"),
    CONSTRAINT "memorial_duplicate_state_check" CHECK ("state" IN ('open', 'not_same', 'merged', 'unmerged'))
);
CREATE UNIQUE INDEX "memorial_duplicate_pair_key" ON "memorial_duplicate" ("first_memorial_id", "second_memorial_id");
CREATE INDEX "memorial_duplicate_second_idx" ON "memorial_duplicate" ("second_memorial_id");
CREATE INDEX "memorial_duplicate_operator_state_idx" ON "memorial_duplicate" ("operator_id", "state");

-- A merge: the merged memorial's page answers 301 to the kept one's while merged_into_id is set.
ALTER TABLE "memorial" ADD COLUMN "merged_into_id" INTEGER REFERENCES "memorial"("id"),
    ADD CONSTRAINT "memorial_merged_into_check" CHECK ("merged_into_id" <> "id");
CREATE INDEX "memorial_merged_into_idx" ON "memorial" ("merged_into_id");

-- Each merge and its undo; a pair has at most one merge in force.
CREATE TABLE "memorial_merge" (
    "id" SERIAL PRIMARY KEY,
    "operator_id" INTEGER NOT NULL REFERENCES "operator"("id"),
    "duplicate_id" INTEGER NOT NULL REFERENCES "memorial_duplicate"("id"),
    "kept_memorial_id" INTEGER NOT NULL REFERENCES "memorial"("id"),
    "merged_memorial_id" INTEGER NOT NULL REFERENCES "memorial"("id"),
    "merged_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "merged_by" VARCHAR(254) NOT NULL,
    "undone_at" TIMESTAMPTZ(3),
    "undone_by" VARCHAR(254)
);
CREATE UNIQUE INDEX "memorial_merge_in_force_key" ON "memorial_merge" ("duplicate_id") WHERE "undone_at" IS NULL;
CREATE INDEX "memorial_merge_merged_idx" ON "memorial_merge" ("merged_memorial_id");

-- What a merge moved besides the trees (their moves are tree_move rows with its merge_id): the
-- guestbook's entries, the reminder subscriptions, the plantings waiting for stock, and the deceased's portrait (person.image_url
-- copied to the kept person that had none: item_id is that person).
CREATE TABLE "memorial_merge_item" (
    "merge_id" INTEGER NOT NULL REFERENCES "memorial_merge"("id"),
    "kind" VARCHAR(30) NOT NULL,
    "item_id" INTEGER NOT NULL,
    CONSTRAINT "memorial_merge_item_kind_check" CHECK ("kind" IN ('guestbook_entry', 'reminder_subscription', 'queued_planting', 'portrait')),
    PRIMARY KEY ("merge_id", "kind", "item_id")
);

-- The trees a merge moved are tree_move rows (migration 20261127100000_tree_move) with its merge_id.
ALTER TABLE "tree_move" ADD CONSTRAINT "tree_move_merge_id_fkey"
    FOREIGN KEY ("merge_id") REFERENCES "memorial_merge"("id");

-- Partners hear of a merge and of its undo (webhooks memorial.merged, memorial.unmerged).
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
        'tree.moved', 'memorial.merged', 'memorial.unmerged']::VARCHAR(50)[]);
