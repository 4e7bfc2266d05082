-- The receipt e-mail links to the page where its visitor sees and deletes their
-- reminder subscriptions. Its token is derived (HMAC under the service's secret, like a reminder's),
-- only its SHA-256 is kept, set when the receipt is written.
ALTER TABLE "visitor_planting" ADD COLUMN "receipt_token_hash" CHAR(64);
CREATE UNIQUE INDEX "visitor_planting_receipt_token_hash_key" ON "visitor_planting"("receipt_token_hash");
