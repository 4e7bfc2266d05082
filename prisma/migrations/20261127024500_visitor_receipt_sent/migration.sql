-- The visitor's receipt is written to the outbox once per visitor planting
-- (lib/visitors/receipt-consumer.ts claims it by a conditional UPDATE of this column).
ALTER TABLE "visitor_planting" ADD COLUMN "receipt_sent_at" TIMESTAMPTZ(3);
