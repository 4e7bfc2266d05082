-- The whole data model. Written by hand in Prisma's layout (the schema engine cannot run here);
-- test/schema-drift.test.ts checks it against schema.prisma.

-- CreateEnum
CREATE TYPE "ContextKind" AS ENUM ('GroupeEpf', 'Epf', 'EpfAgence', 'GroupePresse', 'Titre', 'TitreEdition', 'Assurance', 'GroupeMaisonRepos');
CREATE TYPE "KeyEnvironment" AS ENUM ('production', 'test');
CREATE TYPE "MemorialKind" AS ENUM ('classic', 'anonymous', 'global');
CREATE TYPE "MemorialStatus" AS ENUM ('awaiting_confirmation', 'visible');
CREATE TYPE "TransactionType" AS ENUM ('CreationMemorial', 'Plantation');
CREATE TYPE "EmailStatus" AS ENUM ('pending', 'sent', 'failed', 'held');

-- CreateTable
CREATE TABLE "operator" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "language" VARCHAR(2) NOT NULL DEFAULT 'fr',
    "prepaid_trees" INTEGER NOT NULL DEFAULT 0,
    "allowed_countries" VARCHAR(2)[] DEFAULT ARRAY[]::VARCHAR(2)[],
    "max_unit_price" DECIMAL(10,2),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "operator_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "operator_prepaid_trees_check" CHECK ("prepaid_trees" >= 0)
);

CREATE TABLE "context" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "kind" "ContextKind" NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "parent_id" INTEGER,
    "language" VARCHAR(2),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "context_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "api_key" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "hash" CHAR(64) NOT NULL,
    "prefix" VARCHAR(16) NOT NULL,
    "environment" "KeyEnvironment" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "species" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "latin_name" VARCHAR(200) NOT NULL,
    "type" VARCHAR(100),
    "max_height_m" DECIMAL(6,2) NOT NULL,
    "lifespan_years" INTEGER NOT NULL,
    "co2_kg_per_tree" DECIMAL(10,2) NOT NULL,
    "unit_price" DECIMAL(10,2) NOT NULL,
    CONSTRAINT "species_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "species_unit_price_check" CHECK ("unit_price" >= 0)
);

CREATE TABLE "plantation" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "country" CHAR(2) NOT NULL,
    "region" VARCHAR(200) NOT NULL,
    "latitude" DECIMAL(9,6) NOT NULL,
    "longitude" DECIMAL(9,6) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "plantation_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "plantation_latitude_check" CHECK ("latitude" BETWEEN -90 AND 90),
    CONSTRAINT "plantation_longitude_check" CHECK ("longitude" BETWEEN -180 AND 180)
);

CREATE TABLE "stock" (
    "plantation_id" INTEGER NOT NULL,
    "species_id" INTEGER NOT NULL,
    "stock" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "stock_pkey" PRIMARY KEY ("plantation_id","species_id"),
    CONSTRAINT "stock_stock_check" CHECK ("stock" >= 0)
);

CREATE TABLE "person" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "context_id" INTEGER,
    "epf_id" INTEGER,
    "external_id" INTEGER,
    "last_name" VARCHAR(200),
    "first_name" VARCHAR(200),
    "civility" VARCHAR(50),
    "death_date" TIMESTAMPTZ(3) NOT NULL,
    "death_date_approximate" BOOLEAN NOT NULL DEFAULT false,
    "birth_date" TIMESTAMPTZ(3),
    "place_of_death" VARCHAR(200),
    "image_url" VARCHAR(2048),
    "language" VARCHAR(2) NOT NULL,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "person_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "memorial" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "context_id" INTEGER,
    "kind" "MemorialKind" NOT NULL,
    "status" "MemorialStatus" NOT NULL,
    "title" VARCHAR(400) NOT NULL,
    "anonymous_name" VARCHAR(200),
    "person_id" INTEGER,
    "language" VARCHAR(2) NOT NULL,
    "deceased_url" VARCHAR(2048),
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmed_at" TIMESTAMPTZ(3),
    CONSTRAINT "memorial_pkey" PRIMARY KEY ("id"),
    -- Only classic and anonymous memorials are about a person; the global one never is.
    CONSTRAINT "memorial_person_check" CHECK (("kind" = 'global') = ("person_id" IS NULL))
);

CREATE TABLE "tree" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "context_id" INTEGER,
    "epf_id" INTEGER,
    "person_id" INTEGER,
    "species_id" INTEGER NOT NULL,
    "plantation_id" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL DEFAULT 1,
    "planter" VARCHAR(200) NOT NULL,
    "message" VARCHAR(2000),
    "free" BOOLEAN NOT NULL DEFAULT false,
    "unit_price" DECIMAL(10,2) NOT NULL,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "planted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "transaction_id" INTEGER NOT NULL,
    CONSTRAINT "tree_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "tree_quantity_check" CHECK ("quantity" > 0)
);

CREATE TABLE "transaction" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "context_id" INTEGER,
    "type" "TransactionType" NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "person_id" INTEGER,
    "tree_count" INTEGER NOT NULL,
    "free_tree_count" INTEGER NOT NULL,
    "species_id" INTEGER,
    "plantation_id" INTEGER,
    "amount" DECIMAL(12,2) NOT NULL,
    "external_id" BIGINT,
    "memorials_lot" INTEGER,
    "u_event_id" INTEGER,
    "special_email_type" INTEGER,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "transaction_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "transaction_free_check" CHECK ("free_tree_count" BETWEEN 0 AND "tree_count")
);

CREATE TABLE "family" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "email" VARCHAR(254),
    "name" VARCHAR(200),
    "language" VARCHAR(2),
    CONSTRAINT "family_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "outgoing_email" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER,
    "to_address" VARCHAR(254) NOT NULL,
    "subject" VARCHAR(400) NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "status" "EmailStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "is_test" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    CONSTRAINT "outgoing_email_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "confirmation_token" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "token_hash" CHAR(64) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "operator_id" INTEGER NOT NULL,
    "context_id" INTEGER,
    "planter" VARCHAR(200) NOT NULL,
    "message" VARCHAR(2000),
    "external_id" BIGINT,
    "memorials_lot" INTEGER,
    "u_event_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "confirmation_token_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "idempotency_record" (
    "operator_id" INTEGER NOT NULL,
    "key" VARCHAR(200) NOT NULL,
    "request_hash" CHAR(64) NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "idempotency_record_pkey" PRIMARY KEY ("operator_id","key")
);

CREATE TABLE "operator_user" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "password_hash" VARCHAR(400) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "operator_user_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "sign_in_failure" (
    "id" SERIAL NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sign_in_failure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "context_operator_id_idx" ON "context"("operator_id");
CREATE INDEX "context_parent_id_idx" ON "context"("parent_id");
CREATE UNIQUE INDEX "api_key_hash_key" ON "api_key"("hash");
CREATE INDEX "api_key_operator_id_idx" ON "api_key"("operator_id");
CREATE INDEX "stock_species_id_idx" ON "stock"("species_id");
CREATE INDEX "person_operator_id_idx" ON "person"("operator_id");
CREATE INDEX "person_epf_id_idx" ON "person"("epf_id");
CREATE INDEX "memorial_operator_id_created_at_idx" ON "memorial"("operator_id", "created_at");
CREATE INDEX "memorial_person_id_idx" ON "memorial"("person_id");
CREATE INDEX "tree_memorial_id_planted_at_idx" ON "tree"("memorial_id", "planted_at");
CREATE INDEX "tree_epf_id_is_test_planted_at_id_idx" ON "tree"("epf_id", "is_test", "planted_at", "id");
CREATE INDEX "tree_person_id_is_test_planted_at_id_idx" ON "tree"("person_id", "is_test", "planted_at", "id");
CREATE INDEX "tree_operator_id_planted_at_idx" ON "tree"("operator_id", "planted_at");
CREATE INDEX "transaction_operator_id_is_test_created_at_idx" ON "transaction"("operator_id", "is_test", "created_at");
CREATE UNIQUE INDEX "family_memorial_id_key" ON "family"("memorial_id");
CREATE INDEX "outgoing_email_status_next_attempt_at_idx" ON "outgoing_email"("status", "next_attempt_at");
CREATE UNIQUE INDEX "confirmation_token_token_hash_key" ON "confirmation_token"("token_hash");
CREATE INDEX "confirmation_token_memorial_id_idx" ON "confirmation_token"("memorial_id");
CREATE INDEX "idempotency_record_created_at_idx" ON "idempotency_record"("created_at");
CREATE UNIQUE INDEX "operator_user_email_key" ON "operator_user"("email");
CREATE INDEX "operator_user_operator_id_idx" ON "operator_user"("operator_id");
CREATE INDEX "sign_in_failure_email_created_at_idx" ON "sign_in_failure"("email", "created_at");

-- At most one global memorial per operator (specification part 8), held by PostgreSQL.
CREATE UNIQUE INDEX "memorial_one_global_per_operator" ON "memorial"("operator_id") WHERE "kind" = 'global';

-- AddForeignKey
ALTER TABLE "context" ADD CONSTRAINT "context_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "context" ADD CONSTRAINT "context_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "context"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "stock" ADD CONSTRAINT "stock_plantation_id_fkey" FOREIGN KEY ("plantation_id") REFERENCES "plantation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "stock" ADD CONSTRAINT "stock_species_id_fkey" FOREIGN KEY ("species_id") REFERENCES "species"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "person" ADD CONSTRAINT "person_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "person" ADD CONSTRAINT "person_context_id_fkey" FOREIGN KEY ("context_id") REFERENCES "context"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "person" ADD CONSTRAINT "person_epf_id_fkey" FOREIGN KEY ("epf_id") REFERENCES "context"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "memorial" ADD CONSTRAINT "memorial_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "memorial" ADD CONSTRAINT "memorial_context_id_fkey" FOREIGN KEY ("context_id") REFERENCES "context"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "memorial" ADD CONSTRAINT "memorial_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "tree" ADD CONSTRAINT "tree_memorial_id_fkey" FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "tree" ADD CONSTRAINT "tree_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "tree" ADD CONSTRAINT "tree_context_id_fkey" FOREIGN KEY ("context_id") REFERENCES "context"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "tree" ADD CONSTRAINT "tree_epf_id_fkey" FOREIGN KEY ("epf_id") REFERENCES "context"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "tree" ADD CONSTRAINT "tree_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "tree" ADD CONSTRAINT "tree_species_id_fkey" FOREIGN KEY ("species_id") REFERENCES "species"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "tree" ADD CONSTRAINT "tree_plantation_id_fkey" FOREIGN KEY ("plantation_id") REFERENCES "plantation"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "tree" ADD CONSTRAINT "tree_transaction_id_fkey" FOREIGN KEY ("transaction_id") REFERENCES "transaction"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_context_id_fkey" FOREIGN KEY ("context_id") REFERENCES "context"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_memorial_id_fkey" FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_person_id_fkey" FOREIGN KEY ("person_id") REFERENCES "person"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_species_id_fkey" FOREIGN KEY ("species_id") REFERENCES "species"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_plantation_id_fkey" FOREIGN KEY ("plantation_id") REFERENCES "plantation"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "family" ADD CONSTRAINT "family_memorial_id_fkey" FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "outgoing_email" ADD CONSTRAINT "outgoing_email_memorial_id_fkey" FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "confirmation_token" ADD CONSTRAINT "confirmation_token_memorial_id_fkey" FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "confirmation_token" ADD CONSTRAINT "confirmation_token_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "confirmation_token" ADD CONSTRAINT "confirmation_token_context_id_fkey" FOREIGN KEY ("context_id") REFERENCES "context"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "idempotency_record" ADD CONSTRAINT "idempotency_record_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "operator_user" ADD CONSTRAINT "operator_user_operator_id_fkey" FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
