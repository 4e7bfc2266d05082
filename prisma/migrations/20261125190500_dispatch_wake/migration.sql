-- The domain events no longer add their dispatching job by a trigger in the writing transaction:
-- every write of events added one job, and each job cost the database a nudge, a fetch and a
-- completion per planting (25 % more work per planting, measured in docs/performance.md). The
-- events are the durable rows of their transaction; a process that runs jobs hears their commit
-- (NOTIFY) and adds the one keyed job (lib/events/dispatcher.ts, wakeDispatchOnEvents), and a
-- schedule every minute catches up what a killed process could not wake.
DROP TRIGGER "domain_event_job" ON "domain_event";
DROP FUNCTION "job_for_domain_events"();
