-- Visitors plant a tree from the memorial page, with a claim code of the ceremony card or
-- a payment (lib/visitors). The operator (or one of its contexts) decides whether they may.

CREATE TYPE "TreeOrigin" AS ENUM ('partner', 'visitor_code', 'visitor_payment');
CREATE TYPE "VisitorPlantingStatus" AS ENUM
    ('awaiting_payment', 'planted', 'queued', 'failed', 'expired', 'refunded');

ALTER TABLE "tree" ADD COLUMN "origin" "TreeOrigin" NOT NULL DEFAULT 'partner';
ALTER TABLE "transaction" ADD COLUMN "origin" "TreeOrigin" NOT NULL DEFAULT 'partner',
    ADD COLUMN "payment_reference" VARCHAR(100);

CREATE TABLE "visitor_setting" (
    "id" SERIAL PRIMARY KEY,
    "operator_id" INTEGER NOT NULL REFERENCES "operator"("id"),
    "context_id" INTEGER REFERENCES "context"("id"),
    "enabled" BOOLEAN NOT NULL,
    "payments" VARCHAR(20)[] DEFAULT ARRAY[]::VARCHAR(20)[],
    "price" DECIMAL(10, 2),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "visitor_setting_payments_check" CHECK ("payments" IS NOT NULL AND "payments" <@ ARRAY['card', 'bancontact']::VARCHAR(20)[]),
    CONSTRAINT "visitor_setting_price_check" CHECK ("price" IS NULL OR "price" > 0)
);
CREATE UNIQUE INDEX "visitor_setting_context_id_key" ON "visitor_setting"("context_id");
CREATE INDEX "visitor_setting_operator_id_idx" ON "visitor_setting"("operator_id");
-- One setting of the operator as a whole (context_id null) per operator.
CREATE UNIQUE INDEX "visitor_setting_one_per_operator" ON "visitor_setting"("operator_id") WHERE "context_id" IS NULL;

CREATE TABLE "claim_code" (
    "id" SERIAL PRIMARY KEY,
    "operator_id" INTEGER NOT NULL REFERENCES "operator"("id"),
    "memorial_id" INTEGER REFERENCES "memorial"("id"),
    "context_id" INTEGER REFERENCES "context"("id"),
    "code_hash" CHAR(64) NOT NULL,
    "batch" VARCHAR(32) NOT NULL,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "prepaid" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "redeemed_at" TIMESTAMPTZ(3),
    "credited_at" TIMESTAMPTZ(3),
    -- A code is for one memorial or for the memorials of one context; used or credited, not both.
    CONSTRAINT "claim_code_target_check" CHECK (("memorial_id" IS NULL) <> ("context_id" IS NULL)),
    CONSTRAINT "claim_code_once_check" CHECK ("redeemed_at" IS NULL OR "credited_at" IS NULL)
);
CREATE UNIQUE INDEX "claim_code_code_hash_key" ON "claim_code"("code_hash");
CREATE INDEX "claim_code_operator_id_created_at_idx" ON "claim_code"("operator_id", "created_at");
CREATE INDEX "claim_code_expires_at_idx" ON "claim_code"("expires_at");

CREATE TABLE "visitor_planting" (
    "id" SERIAL PRIMARY KEY,
    "memorial_id" INTEGER NOT NULL REFERENCES "memorial"("id"),
    "operator_id" INTEGER NOT NULL REFERENCES "operator"("id"),
    "origin" "TreeOrigin" NOT NULL,
    "status" "VisitorPlantingStatus" NOT NULL,
    "planter" VARCHAR(80) NOT NULL,
    "message" VARCHAR(1000),
    "email" VARCHAR(254),
    "language" VARCHAR(2) NOT NULL,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "claim_code_id" INTEGER REFERENCES "claim_code"("id"),
    "checkout_session" VARCHAR(255),
    "payment_intent" VARCHAR(255),
    "amount" DECIMAL(10, 2),
    "refund_id" VARCHAR(255),
    "tree_id" INTEGER REFERENCES "tree"("id"),
    "link_base" VARCHAR(300) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    "paid_at" TIMESTAMPTZ(3),
    "planted_at" TIMESTAMPTZ(3),
    "refunded_at" TIMESTAMPTZ(3),
    CONSTRAINT "visitor_planting_origin_check" CHECK ("origin" <> 'partner')
);
CREATE UNIQUE INDEX "visitor_planting_claim_code_id_key" ON "visitor_planting"("claim_code_id");
CREATE UNIQUE INDEX "visitor_planting_checkout_session_key" ON "visitor_planting"("checkout_session");
CREATE UNIQUE INDEX "visitor_planting_tree_id_key" ON "visitor_planting"("tree_id");
CREATE INDEX "visitor_planting_memorial_id_created_at_idx" ON "visitor_planting"("memorial_id", "created_at");
CREATE INDEX "visitor_planting_operator_id_created_at_idx" ON "visitor_planting"("operator_id", "created_at");

ALTER TABLE "queued_planting" ADD COLUMN "visitor_planting_id" INTEGER REFERENCES "visitor_planting"("id"),
    ADD COLUMN "given_up_at" TIMESTAMPTZ(3);
CREATE UNIQUE INDEX "queued_planting_visitor_planting_id_key" ON "queued_planting"("visitor_planting_id");

ALTER TABLE "guestbook_entry" ADD COLUMN "visitor_planting_id" INTEGER REFERENCES "visitor_planting"("id");
CREATE UNIQUE INDEX "guestbook_entry_visitor_planting_id_key" ON "guestbook_entry"("visitor_planting_id");
