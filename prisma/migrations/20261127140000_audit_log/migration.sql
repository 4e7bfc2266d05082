-- The audit log. Every change made by a person or a partner (a dashboard user, an API
-- key, a family link, a visitor, the command line, a job acting on someone's behalf) writes one row
-- here, in the transaction of the change (lib/audit/record.ts). No foreign key: a row outlives what
-- it names (a deleted webhook, an erased user), and a key would make PostgreSQL update it.
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actor_kind" VARCHAR(10) NOT NULL,
    "actor_id" INTEGER,
    "actor_label" VARCHAR(200),
    "operator_id" INTEGER,
    "memorial_id" INTEGER,
    "action" VARCHAR(60) NOT NULL,
    "target_type" VARCHAR(20) NOT NULL,
    "target_id" VARCHAR(100) NOT NULL,
    "changes" JSONB NOT NULL DEFAULT '{}',
    "client_hash" CHAR(64),

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "audit_log_actor_kind_check"
      CHECK ("actor_kind" IN ('user', 'key', 'family', 'visitor', 'cli', 'system')),
    CONSTRAINT "audit_log_action_check" CHECK ("action" ~ '^[a-z_]+\.[a-z_]+$')
);

CREATE INDEX "audit_log_memorial_id_id_idx" ON "audit_log"("memorial_id", "id");
CREATE INDEX "audit_log_operator_id_id_idx" ON "audit_log"("operator_id", "id");

-- Append-only: the database refuses to change or remove a row, for every role (a trigger binds
-- the owner and a superuser too, which REVOKE alone would not).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();

REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log" FROM PUBLIC;
