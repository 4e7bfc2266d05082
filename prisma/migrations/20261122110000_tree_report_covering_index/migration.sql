-- Funeral-home reports total a whole period (up to 3660 days, about 10,000 trees of a funeral home)
-- in PostgreSQL: with species_id and quantity in the index, the totals are an index-only scan
-- instead of one heap block per tree (docs/performance.md: 20-80 ms down to 6 ms on 1,000,000 trees).
-- The lines of a page use the same index through its leading columns.

-- DropIndex
DROP INDEX "tree_epf_id_is_test_planted_at_id_idx";

-- CreateIndex
CREATE INDEX "tree_epf_id_is_test_planted_at_id_species_id_quantity_idx" ON "tree"("epf_id", "is_test", "planted_at", "id", "species_id", "quantity");
