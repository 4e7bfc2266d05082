-- An operator moves trees from one of its memorials to another (lib/trees/move-trees.ts).
-- A tree keeps its id, history, status, planter, message, transaction and funeral home (the money
-- stays where it was paid: transaction rows are accounting records and are not rewritten); its
-- memorial_id and person_id follow the target. tree_move is the record of moves, one row per tree
-- moved: the dashboard's transaction list and the tree's pages read it. merge_id is set when a merge
-- of duplicate memorials moved the tree (its foreign key comes with the merges' own table).
CREATE TABLE "tree_move" (
    "id" SERIAL NOT NULL,
    "tree_id" INTEGER NOT NULL REFERENCES "tree"("id"),
    "operator_id" INTEGER NOT NULL REFERENCES "operator"("id"),
    "from_memorial_id" INTEGER NOT NULL REFERENCES "memorial"("id"),
    "to_memorial_id" INTEGER NOT NULL REFERENCES "memorial"("id"),
    "moved_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "moved_by" VARCHAR(200) NOT NULL,
    "merge_id" INTEGER,
    CONSTRAINT "tree_move_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "tree_move_memorials_check" CHECK ("from_memorial_id" <> "to_memorial_id")
);
CREATE INDEX "tree_move_tree_id_id_idx" ON "tree_move"("tree_id", "id");
CREATE INDEX "tree_move_from_memorial_id_moved_at_idx" ON "tree_move"("from_memorial_id", "moved_at");
CREATE INDEX "tree_move_to_memorial_id_moved_at_idx" ON "tree_move"("to_memorial_id", "moved_at");
CREATE INDEX "tree_move_merge_id_idx" ON "tree_move"("merge_id");

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
        'tree.moved']::VARCHAR(50)[]);
