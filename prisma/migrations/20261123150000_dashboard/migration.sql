-- Keys get a name given at creation, and the time of their last use (written at most once a
-- minute per key by authenticateKey, never on every request).
ALTER TABLE "api_key" ADD COLUMN "name" VARCHAR(100);
ALTER TABLE "api_key" ADD COLUMN "last_used_at" TIMESTAMPTZ(3);
