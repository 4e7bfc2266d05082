-- Background work is jobs of graphile-worker (schema graphile_worker, installed and migrated by
-- the library itself, see lib/db/migrate.ts). The rows the dashboard shows stay the records of
-- the work: each pending e-mail of the outbox and each pending webhook delivery has one job, due
-- at the row's next_attempt_at, added by these triggers in the very transaction that writes or
-- reschedules the row (a rolled-back transaction leaves no job). A new domain event adds one job
-- that dispatches the pending events to their durable consumers.

CREATE FUNCTION "job_for_outgoing_email"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('send-email', json_build_object('id', NEW."id"),
    run_at := NEW."next_attempt_at", job_key := 'send-email:' || NEW."id");
  RETURN NULL;
END $$;

CREATE TRIGGER "outgoing_email_job"
  AFTER INSERT OR UPDATE OF "status", "next_attempt_at" ON "outgoing_email"
  FOR EACH ROW WHEN (NEW."status" = 'pending') EXECUTE FUNCTION "job_for_outgoing_email"();

CREATE FUNCTION "job_for_webhook_delivery"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('deliver-webhook', json_build_object('id', NEW."id"),
    run_at := NEW."next_attempt_at", job_key := 'deliver-webhook:' || NEW."id");
  RETURN NULL;
END $$;

CREATE TRIGGER "webhook_delivery_job"
  AFTER INSERT OR UPDATE OF "status", "next_attempt_at" ON "webhook_delivery"
  FOR EACH ROW WHEN (NEW."status" = 'pending') EXECUTE FUNCTION "job_for_webhook_delivery"();

-- One job per statement (no job key: a keyed job's row would be locked by every writing
-- transaction until its commit, one after the other), in a queue of its own: one pass at a time,
-- which first removes the jobs waiting behind it (it serves their events too).
CREATE FUNCTION "job_for_domain_events"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM graphile_worker.add_job('dispatch-events', '{}'::json, queue_name := 'dispatch-events');
  RETURN NULL;
END $$;

CREATE TRIGGER "domain_event_job"
  AFTER INSERT ON "domain_event"
  FOR EACH STATEMENT EXECUTE FUNCTION "job_for_domain_events"();

-- The work waiting when this migration runs gets its jobs (graphile_worker's schema is migrated
-- before ours, lib/db/migrate.ts).
SELECT graphile_worker.add_job('send-email', json_build_object('id', "id"), run_at := "next_attempt_at",
  job_key := 'send-email:' || "id")
FROM "outgoing_email" WHERE "status" = 'pending';
SELECT graphile_worker.add_job('deliver-webhook', json_build_object('id', "id"), run_at := "next_attempt_at",
  job_key := 'deliver-webhook:' || "id")
FROM "webhook_delivery" WHERE "status" = 'pending';
SELECT graphile_worker.add_job('dispatch-events', '{}'::json, queue_name := 'dispatch-events')
WHERE EXISTS (SELECT 1 FROM "domain_event" WHERE "dispatched_at" IS NULL);
