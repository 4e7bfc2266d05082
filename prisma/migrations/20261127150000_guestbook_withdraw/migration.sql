-- A guestbook author who left an e-mail address can withdraw their message with the
-- link of the e-mail the service sends them. Only the SHA-256 of that link's token is kept on the
-- entry (never the address: the outbox keeps the e-mail until its retention); withdrawing deletes
-- the entry, and the hash with it.
ALTER TABLE "guestbook_entry" ADD COLUMN "withdraw_token_hash" CHAR(64);
CREATE UNIQUE INDEX "guestbook_entry_withdraw_token_hash_key" ON "guestbook_entry"("withdraw_token_hash");
