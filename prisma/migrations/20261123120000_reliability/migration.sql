-- Sign-in limits by e-mail address and by client address (a growing delay instead of a lock-out),
-- and dashboard sessions that signing out ends on the server. sign_in_failure (per address only) is
-- no longer written.

-- CreateTable
CREATE TABLE "sign_in_attempt_failure" (
    "id" SERIAL NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "client" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sign_in_attempt_failure_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dashboard_session" (
    "id" VARCHAR(64) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "dashboard_session_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sign_in_attempt_failure_email_client_created_at_idx" ON "sign_in_attempt_failure"("email", "client", "created_at");
CREATE INDEX "sign_in_attempt_failure_client_created_at_idx" ON "sign_in_attempt_failure"("client", "created_at");
CREATE INDEX "dashboard_session_user_id_idx" ON "dashboard_session"("user_id");
CREATE INDEX "dashboard_session_expires_at_idx" ON "dashboard_session"("expires_at");
