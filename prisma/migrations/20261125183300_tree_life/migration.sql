-- A tree's life after its order (lib/trees): planted in the ground, checked, dead,
-- replaced. tree.planted_at stays the order's instant (the API's DatePlantation); the life is in
-- the new columns and its steps in tree_history. The rules of the transitions are in
-- lib/trees/transitions.ts; PostgreSQL keeps the invariants below whatever the code does.
CREATE TYPE "TreeStatus" AS ENUM ('ordered', 'in_ground', 'monitored', 'dead', 'replaced');
CREATE TYPE "TreeHealth" AS ENUM ('alive', 'sick');
CREATE TYPE "DeathReason" AS ENUM ('drought', 'fire', 'flood', 'disease', 'other');
CREATE TYPE "TreeStep" AS ENUM ('in_ground', 'checked', 'died', 'replaced');

ALTER TABLE "tree"
    ADD COLUMN "status" "TreeStatus" NOT NULL DEFAULT 'ordered',
    ADD COLUMN "in_ground_on" DATE,
    ADD COLUMN "latitude" DECIMAL(9,6),
    ADD COLUMN "longitude" DECIMAL(9,6),
    ADD COLUMN "planted_by" VARCHAR(200),
    ADD COLUMN "photo_key" VARCHAR(200),
    ADD COLUMN "last_checked_on" DATE,
    ADD COLUMN "health" "TreeHealth",
    ADD COLUMN "height_cm" INTEGER,
    ADD COLUMN "died_on" DATE,
    ADD COLUMN "death_reason" "DeathReason",
    ADD COLUMN "replaces_tree_id" INTEGER,
    -- In the ground exactly when it left the 'ordered' state; dead (or replaced) exactly when a
    -- death date and reason are known.
    ADD CONSTRAINT "tree_in_ground_check" CHECK (("status" = 'ordered') = ("in_ground_on" IS NULL)),
    ADD CONSTRAINT "tree_death_check" CHECK (
        ("status" IN ('dead', 'replaced')) = ("died_on" IS NOT NULL AND "death_reason" IS NOT NULL)),
    ADD CONSTRAINT "tree_height_cm_check" CHECK ("height_cm" BETWEEN 1 AND 10000);
-- A dead tree is replaced once, whatever happens (two simultaneous declarations, the queue).
CREATE UNIQUE INDEX "tree_replaces_tree_id_key" ON "tree"("replaces_tree_id");
-- The trees of an operator waiting to be planted in the ground, by site (batch form, overview).
CREATE INDEX "tree_operator_id_status_plantation_id_idx" ON "tree"("operator_id", "status", "plantation_id");
ALTER TABLE "tree" ADD CONSTRAINT "tree_replaces_tree_id_fkey" FOREIGN KEY ("replaces_tree_id") REFERENCES "tree"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "tree_history" (
    "id" SERIAL NOT NULL,
    "tree_id" INTEGER NOT NULL,
    "step" "TreeStep" NOT NULL,
    "occurred_on" DATE NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "recorded_by" VARCHAR(200) NOT NULL,
    "health" "TreeHealth",
    "height_cm" INTEGER,
    "reason" "DeathReason",
    "note" VARCHAR(1000),
    "photo_key" VARCHAR(200),
    "latitude" DECIMAL(9,6),
    "longitude" DECIMAL(9,6),
    "planted_by" VARCHAR(200),
    "replacement_tree_id" INTEGER,
    CONSTRAINT "tree_history_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "tree_history_height_cm_check" CHECK ("height_cm" BETWEEN 1 AND 10000)
);
CREATE INDEX "tree_history_tree_id_id_idx" ON "tree_history"("tree_id", "id");
ALTER TABLE "tree_history" ADD CONSTRAINT "tree_history_tree_id_fkey" FOREIGN KEY ("tree_id") REFERENCES "tree"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "tree_history" ADD CONSTRAINT "tree_history_replacement_tree_id_fkey" FOREIGN KEY ("replacement_tree_id") REFERENCES "tree"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A replacement waiting for stock (lib/plantings/planting-queue.ts): the dead tree it replaces, once.
ALTER TABLE "queued_planting" ADD COLUMN "replaces_tree_id" INTEGER;
CREATE UNIQUE INDEX "queued_planting_replaces_tree_id_key" ON "queued_planting"("replaces_tree_id");
ALTER TABLE "queued_planting" ADD CONSTRAINT "queued_planting_replaces_tree_id_fkey" FOREIGN KEY ("replaces_tree_id") REFERENCES "tree"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Webhook endpoints may choose the tree's life events. The list stays the one of
-- WEBHOOK_EVENTS (lib/webhooks/event-types.ts).
ALTER TABLE "webhook_endpoint" DROP CONSTRAINT "webhook_endpoint_events_check";
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_events_check" CHECK (
    "events" IS NOT NULL AND cardinality("events") > 0
    AND "events" <@ ARRAY['memorial.created', 'tree.planted', 'memorial.confirmed', 'person.modified',
        'memorial.hidden', 'memorial.shown', 'memorial.anonymised', 'memorial.unanonymised',
        'memorial.title_changed', 'message.hidden', 'message.shown',
        'tree.in_ground', 'tree.checked', 'tree.died', 'tree.replaced']::VARCHAR(50)[]);
