-- The index on person(operator_id) alone is served as well by person_operator_death_idx
-- (operator_id, death_date), whose first column it is. Kept, it let the duplicates' detection
-- (lib/memorials/duplicates.ts) read all of an operator's persons and filter them by date when the
-- planner's statistics were stale, instead of the range of those who died within a day; and every
-- new person paid for its upkeep.
DROP INDEX IF EXISTS "person_operator_id_idx";
