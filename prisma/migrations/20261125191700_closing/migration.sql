-- The family's closing summary is sent once per memorial (lib/memorials/closing-summary.ts):
-- set in the transaction that writes its e-mail to the outbox.
ALTER TABLE "memorial" ADD COLUMN "summary_sent_at" TIMESTAMPTZ(3);

-- The outbox carries attachments (the summary's PDF and CSV): the sender (lib/mail/outbox-sender.ts)
-- attaches them; they go with their e-mail.
CREATE TABLE "outgoing_email_attachment" (
    "id" SERIAL NOT NULL,
    "email_id" INTEGER NOT NULL,
    "filename" VARCHAR(200) NOT NULL,
    "content_type" VARCHAR(100) NOT NULL,
    "content" BYTEA NOT NULL,
    CONSTRAINT "outgoing_email_attachment_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "outgoing_email_attachment_email_id_idx" ON "outgoing_email_attachment"("email_id");
ALTER TABLE "outgoing_email_attachment" ADD CONSTRAINT "outgoing_email_attachment_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "outgoing_email"("id") ON DELETE CASCADE ON UPDATE CASCADE;
