-- A merge of duplicate memorials moves the merged memorial's ceremony to the kept one when the kept
-- one has none (lib/duplicates/merge-memorials.ts): recorded as an item of the merge (item_id the
-- ceremony's id), so that its undo gives it back.
ALTER TABLE "memorial_merge_item" DROP CONSTRAINT "memorial_merge_item_kind_check";
ALTER TABLE "memorial_merge_item" ADD CONSTRAINT "memorial_merge_item_kind_check"
    CHECK ("kind" IN ('guestbook_entry', 'reminder_subscription', 'queued_planting', 'portrait', 'ceremony'));
