-- One rate limiter (lib/limits/rate-limit.ts) for sign-in, password reset, the
-- guestbook, reminder subscriptions and the API. One row per limit's bucket and subject (the
-- SHA-256 of a client address, an e-mail address, a memorial or key id): the hits of its current
-- window, when the window ends and when the last hit was counted. Rows are swept once their window
-- has ended, so the table holds only live counts.
CREATE TABLE "rate_limit" (
    "bucket" VARCHAR(40) NOT NULL,
    "subject" CHAR(64) NOT NULL,
    "hits" INTEGER NOT NULL,
    "reset_at" TIMESTAMPTZ(3) NOT NULL,
    "last_hit_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_limit_pkey" PRIMARY KEY ("bucket", "subject")
);

CREATE INDEX "rate_limit_reset_at_idx" ON "rate_limit"("reset_at");

-- The three designs it replaces: rows per failed sign-in, rows per reset request, and the
-- guestbook's count of a client's messages by the HMAC of its address.
DROP TABLE "sign_in_attempt_failure";
DROP TABLE "password_reset_request";
DROP INDEX "guestbook_entry_client_key_created_at_idx";
ALTER TABLE "guestbook_entry" DROP COLUMN "client_key";
