-- One domain layer: domain events, idempotency per environment, one global memorial per
-- operator and environment.

-- Domain events, written in the same database transaction as the change they record (a
-- transactional outbox). Every instance's cache hears them through NOTIFY "domain_event" at
-- commit; durable consumers (e-mail, later webhooks) take each undispatched event once.
CREATE TABLE "domain_event" (
    "id" BIGSERIAL NOT NULL,
    "type" VARCHAR(50) NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "memorial_id" INTEGER,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "payload" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatched_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    CONSTRAINT "domain_event_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "domain_event_memorial_id_idx" ON "domain_event"("memorial_id");
CREATE INDEX "domain_event_operator_id_created_at_idx" ON "domain_event"("operator_id", "created_at");
-- The dispatcher's queue: only the events still to dispatch are in this index.
CREATE INDEX "domain_event_pending" ON "domain_event"("id") WHERE "dispatched_at" IS NULL;
ALTER TABLE "domain_event" ADD CONSTRAINT "domain_event_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "domain_event" ADD CONSTRAINT "domain_event_memorial_id_fkey" FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- An Idempotency-Key belongs to the key's environment: a live retry never replays a test
-- response. Stored responses are now the use case's result; records of the old shape are dropped.
DELETE FROM "idempotency_record";
ALTER TABLE "idempotency_record" ADD COLUMN "is_test" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "idempotency_record" DROP CONSTRAINT "idempotency_record_pkey";
ALTER TABLE "idempotency_record" ADD CONSTRAINT "idempotency_record_pkey" PRIMARY KEY ("operator_id", "is_test", "key");

-- A test key's orphan trees go to a test global memorial, never to the live one: at most one
-- global memorial per operator and environment. A global memorial that holds no live tree was
-- made by a test key: it becomes the test one.
UPDATE "memorial" m SET "is_test" = true
WHERE m."kind" = 'global'
  AND NOT EXISTS (SELECT 1 FROM "tree" t WHERE t."memorial_id" = m."id" AND t."is_test" = false);
DROP INDEX "memorial_one_global_per_operator";
CREATE UNIQUE INDEX "memorial_one_global_per_operator" ON "memorial"("operator_id", "is_test") WHERE "kind" = 'global';

-- Derived texts are bounded by the columns they go in (titles are cut, see lib/memorials/policy.ts).
ALTER TABLE "memorial" ADD CONSTRAINT "memorial_title_check" CHECK (char_length("title") <= 400);
