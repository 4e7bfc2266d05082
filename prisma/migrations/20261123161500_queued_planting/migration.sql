-- A family's confirmation never fails for want of stock: when no tree is available at that
-- moment, the memorial becomes visible anyway and its first tree waits here, served oldest first
-- as soon as stock returns (lib/plantings/planting-queue.ts). tree_id is unique: a waiting
-- planting is planted at most once.
CREATE TABLE "queued_planting" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "context_id" INTEGER,
    "epf_id" INTEGER,
    "person_id" INTEGER,
    "planter" VARCHAR(200) NOT NULL,
    "message" VARCHAR(2000),
    "external_id" BIGINT,
    "memorials_lot" INTEGER,
    "u_event_id" INTEGER,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "planted_at" TIMESTAMPTZ(3),
    "tree_id" INTEGER,
    CONSTRAINT "queued_planting_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "queued_planting_tree_id_key" ON "queued_planting"("tree_id");
CREATE INDEX "queued_planting_memorial_id_idx" ON "queued_planting"("memorial_id");
-- The queue: waiting rows (planted_at IS NULL) in order of arrival.
CREATE INDEX "queued_planting_planted_at_created_at_id_idx" ON "queued_planting"("planted_at", "created_at", "id");
ALTER TABLE "queued_planting" ADD CONSTRAINT "queued_planting_memorial_id_fkey" FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "queued_planting" ADD CONSTRAINT "queued_planting_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "queued_planting" ADD CONSTRAINT "queued_planting_tree_id_fkey" FOREIGN KEY ("tree_id") REFERENCES "tree"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
