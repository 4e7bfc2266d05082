-- Webhooks: operators' endpoints and the deliveries of domain events to them (lib/webhooks).

CREATE TYPE "WebhookDeliveryStatus" AS ENUM ('pending', 'sent', 'failed');

CREATE TABLE "webhook_endpoint" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "events" VARCHAR(50)[],
    "secret_encrypted" VARCHAR(400) NOT NULL,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "disabled_at" TIMESTAMPTZ(3),
    CONSTRAINT "webhook_endpoint_pkey" PRIMARY KEY ("id"),
    -- At least one event, and only the events webhooks carry.
    CONSTRAINT "webhook_endpoint_events_check" CHECK (
        "events" IS NOT NULL AND cardinality("events") > 0
        AND "events" <@ ARRAY['memorial.created', 'tree.planted', 'memorial.confirmed', 'person.modified']::VARCHAR(50)[])
);
CREATE INDEX "webhook_endpoint_operator_id_is_test_idx" ON "webhook_endpoint"("operator_id", "is_test");
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "webhook_delivery" (
    "id" SERIAL NOT NULL,
    "endpoint_id" INTEGER NOT NULL,
    "event_id" BIGINT NOT NULL,
    "message_id" VARCHAR(40) NOT NULL,
    "event_type" VARCHAR(50) NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "WebhookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),
    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "webhook_delivery_message_id_key" ON "webhook_delivery"("message_id");
-- One delivery per event and endpoint, whatever happens to the dispatcher.
CREATE UNIQUE INDEX "webhook_delivery_endpoint_id_event_id_key" ON "webhook_delivery"("endpoint_id", "event_id");
CREATE INDEX "webhook_delivery_endpoint_id_created_at_idx" ON "webhook_delivery"("endpoint_id", "created_at");
-- The sender's queue: only the deliveries still to make are in this index.
CREATE INDEX "webhook_delivery_due" ON "webhook_delivery"("next_attempt_at") WHERE "status" = 'pending';
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "domain_event"("id") ON DELETE CASCADE ON UPDATE CASCADE;
