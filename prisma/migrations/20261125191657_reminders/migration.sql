-- Anniversary reminders. A subscription per address and memorial (double opt-in:
-- active once confirmed_at is set, until unsubscribed_at), and one row per reminder sent, whose
-- primary key makes a reminder once per subscription, kind and year across instances.
CREATE TABLE "reminder_subscription" (
    "id" SERIAL NOT NULL,
    "memorial_id" INTEGER NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "language" VARCHAR(2) NOT NULL,
    "death_anniversary" BOOLEAN NOT NULL,
    "birthday" BOOLEAN NOT NULL,
    "unsubscribe_token_hash" CHAR(64) NOT NULL,
    "confirmed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "unsubscribed_at" TIMESTAMPTZ(3),
    "link_base" VARCHAR(300) NOT NULL,

    CONSTRAINT "reminder_subscription_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "reminder_subscription_language_check" CHECK ("language" IN ('fr', 'nl', 'en', 'de')),
    CONSTRAINT "reminder_subscription_kinds_check" CHECK ("death_anniversary" OR "birthday")
);

CREATE UNIQUE INDEX "reminder_subscription_unsubscribe_token_hash_key" ON "reminder_subscription"("unsubscribe_token_hash");
CREATE INDEX "reminder_subscription_memorial_id_idx" ON "reminder_subscription"("memorial_id");

ALTER TABLE "reminder_subscription" ADD CONSTRAINT "reminder_subscription_memorial_id_fkey"
    FOREIGN KEY ("memorial_id") REFERENCES "memorial"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

CREATE TABLE "reminder_sent" (
    "subscription_id" INTEGER NOT NULL,
    "kind" VARCHAR(20) NOT NULL,
    "year" INTEGER NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "reminder_sent_pkey" PRIMARY KEY ("subscription_id", "kind", "year"),
    CONSTRAINT "reminder_sent_kind_check" CHECK ("kind" IN ('death_anniversary', 'birthday'))
);

ALTER TABLE "reminder_sent" ADD CONSTRAINT "reminder_sent_subscription_id_fkey"
    FOREIGN KEY ("subscription_id") REFERENCES "reminder_subscription"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Headers of an e-mail of its own (the reminder's List-Unsubscribe), name → value.
ALTER TABLE "outgoing_email" ADD COLUMN "headers" JSONB;
