-- The dashboard's team: roles, invitations and password resets.

-- Roles. The users who exist today managed keys and webhooks: they become admins (the column's
-- default while it is added); users made afterwards are staff unless told otherwise.
ALTER TABLE "operator_user" ADD COLUMN "role" VARCHAR(10) NOT NULL DEFAULT 'admin';
ALTER TABLE "operator_user" ALTER COLUMN "role" SET DEFAULT 'staff';
ALTER TABLE "operator_user" ADD CONSTRAINT "operator_user_role_check" CHECK ("role" IN ('admin', 'staff'));

-- Invitations: only the token's SHA-256 is kept.
CREATE TABLE "operator_invitation" (
    "id" SERIAL NOT NULL,
    "operator_id" INTEGER NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "role" VARCHAR(10) NOT NULL,
    "language" VARCHAR(2) NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "invited_by_id" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "user_id" INTEGER,

    CONSTRAINT "operator_invitation_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "operator_invitation_role_check" CHECK ("role" IN ('admin', 'staff'))
);
CREATE UNIQUE INDEX "operator_invitation_token_hash_key" ON "operator_invitation"("token_hash");
CREATE INDEX "operator_invitation_operator_id_idx" ON "operator_invitation"("operator_id");
ALTER TABLE "operator_invitation" ADD CONSTRAINT "operator_invitation_operator_id_fkey"
    FOREIGN KEY ("operator_id") REFERENCES "operator"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "operator_invitation" ADD CONSTRAINT "operator_invitation_invited_by_id_fkey"
    FOREIGN KEY ("invited_by_id") REFERENCES "operator_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "operator_invitation" ADD CONSTRAINT "operator_invitation_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "operator_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Password reset links: only the token's SHA-256 is kept; they go with their user.
CREATE TABLE "password_reset_token" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "token_hash" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "password_reset_token_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "password_reset_token_token_hash_key" ON "password_reset_token"("token_hash");
CREATE INDEX "password_reset_token_user_id_idx" ON "password_reset_token"("user_id");
ALTER TABLE "password_reset_token" ADD CONSTRAINT "password_reset_token_user_id_fkey"
    FOREIGN KEY ("user_id") REFERENCES "operator_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every reset request, for the limits per address and per client.
CREATE TABLE "password_reset_request" (
    "id" SERIAL NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "client" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_request_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "password_reset_request_email_created_at_idx" ON "password_reset_request"("email", "created_at");
CREATE INDEX "password_reset_request_client_created_at_idx" ON "password_reset_request"("client", "created_at");
