-- The webhook event types an endpoint can choose are rows (lib/webhooks/event-types.ts's
-- WEBHOOK_EVENTS, held to these rows by test/webhook-event-types.test.ts), and an endpoint's
-- choice is one row per event type it chose: a later event type is one INSERT into
-- "webhook_event_type" in its migration, where every migration adding one restated the whole CHECK
-- list of webhook_endpoint.events.
CREATE TABLE "webhook_event_type" (
    "name" VARCHAR(50) NOT NULL,
    CONSTRAINT "webhook_event_type_pkey" PRIMARY KEY ("name")
);

INSERT INTO "webhook_event_type" ("name") VALUES
    ('memorial.created'), ('tree.planted'), ('memorial.confirmed'), ('person.modified'),
    ('memorial.hidden'), ('memorial.shown'), ('memorial.anonymised'), ('memorial.unanonymised'),
    ('memorial.title_changed'), ('message.hidden'), ('message.shown'),
    ('tree.in_ground'), ('tree.checked'), ('tree.died'), ('tree.replaced'),
    ('memorial.privacy_changed'),
    ('guestbook.entry_received'), ('guestbook.entry_published'), ('guestbook.entry_hidden'),
    ('guestbook.entry_deleted'), ('memorial.guestbook_mode_changed'), ('memorial.expired'),
    ('tree.moved'), ('memorial.merged'), ('memorial.unmerged'),
    ('memorial.taken_down'), ('memorial.restored'),
    ('memorial.erasure_requested'), ('memorial.erasure_cancelled'), ('memorial.erased'),
    ('guestbook.entry_withdrawn'), ('memorial.personal_data_erased'),
    ('ceremony.scheduled'), ('ceremony.changed'), ('ceremony.cancelled'),
    ('photo.published');

-- An endpoint's events: "position" keeps the order the endpoint was given them in, which the
-- command line and the dashboard list them in.
CREATE TABLE "webhook_endpoint_event" (
    "endpoint_id" INTEGER NOT NULL,
    "event_type" VARCHAR(50) NOT NULL,
    "position" SMALLINT NOT NULL,
    CONSTRAINT "webhook_endpoint_event_pkey" PRIMARY KEY ("endpoint_id", "event_type")
);
ALTER TABLE "webhook_endpoint_event" ADD CONSTRAINT "webhook_endpoint_event_endpoint_id_fkey"
    FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_endpoint_event" ADD CONSTRAINT "webhook_endpoint_event_event_type_fkey"
    FOREIGN KEY ("event_type") REFERENCES "webhook_event_type"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The endpoints' choices so far, in their order (a type listed twice is kept once, at its first place).
INSERT INTO "webhook_endpoint_event" ("endpoint_id", "event_type", "position")
SELECT e."id", chosen."event_type", min(chosen."position")::SMALLINT
  FROM "webhook_endpoint" e
 CROSS JOIN LATERAL unnest(e."events") WITH ORDINALITY AS chosen("event_type", "position")
 GROUP BY e."id", chosen."event_type";

ALTER TABLE "webhook_endpoint" DROP CONSTRAINT "webhook_endpoint_events_check";
ALTER TABLE "webhook_endpoint" DROP COLUMN "events";
