// On the real PostgreSQL, through the job runner with the clock moved in the database
// (created_at, expires_at set back): the daily job `retention` removes what is past its period and
// nothing else: unconfirmed reminder subscriptions, secret links long expired or used (never the
// links of a memorial still awaiting its family), the bodies of e-mails sent or given up, webhook
// deliveries delivered or given up, rate-limit counts whose window has ended. The periods are the
// settings; a second run finds nothing more.

import { randomBytes } from "node:crypto";
import { actingAs } from "@memorial/lib/audit/actor";
import { db, Prisma } from "@memorial/lib/db/client";
import { enqueue } from "@memorial/lib/jobs/enqueue";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { RETENTION_JOB } from "@memorial/lib/privacy/retention";
import { createUser } from "@memorial/lib/users/create-user";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { makeIsolatedOperator, TEST_FIXTURE, unique } from "@/e2e/support/factories";
import { awaitingFamilyTarget, newMemorialTarget, plantingCommand } from "./support/commands";
import { runItemJobs } from "./support/daily-jobs";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());
afterEach(() => {
  delete process.env.RETENTION_LINK_DAYS;
});

/** The daily job as its schedule adds it, run by the runner. */
async function runRetention() {
  await enqueue(db, RETENTION_JOB, {}, { key: RETENTION_JOB, queue: RETENTION_JOB });
  await runItemJobs(RETENTION_JOB);
}

const hash = () => randomBytes(32).toString("hex");
const email = () => `${unique("p").replace(/[^a-z0-9-]/gi, "")}@example.org`.toLowerCase();

async function memorials() {
  const op = await makeIsolatedOperator({ stock: 10 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const create = (target: ReturnType<typeof newMemorialTarget>) =>
    fixtureMemorial(caller, plantingCommand(target));
  const visible = await create(newMemorialTarget());
  const awaiting = await create(awaitingFamilyTarget(email()));
  return { op, visible: visible.memorialId, awaiting: awaiting.memorialId };
}

describe("the job retention", () => {
  it("removes each kind of row past its period, keeps the rest, and finds nothing the second time", async () => {
    const { op, visible, awaiting } = await memorials();

    // Reminder subscriptions: unconfirmed for 31 days (gone), for 29 days and confirmed long ago (kept).
    const subscription = async (ageDays: number, confirmed: boolean) => {
      const [row] = await db.$queryRaw<{ id: number }[]>`
        INSERT INTO "reminder_subscription" ("memorial_id", "email", "language", "death_anniversary", "birthday",
          "unsubscribe_token_hash", "confirmed_at", "created_at", "link_base")
        VALUES (${visible}, ${email()}, 'fr', true, false, ${hash()},
          ${confirmed ? new Date(Date.now() - ageDays * 86_400_000) : null},
          now() - make_interval(days => ${ageDays}), 'http://trees.test')
        RETURNING "id"`;
      return row!.id;
    };
    const oldUnconfirmed = await subscription(31, false);
    const youngUnconfirmed = await subscription(29, false);
    const oldConfirmed = await subscription(400, true);
    // Cancelled 31 days ago (gone, with the record of a reminder it was sent), 29 days ago (kept).
    const cancelled = async (ageDays: number) => {
      const id = await subscription(400, true);
      await db.$executeRaw`UPDATE "reminder_subscription"
        SET "unsubscribed_at" = now() - make_interval(days => ${ageDays}) WHERE "id" = ${id}`;
      return id;
    };
    const oldCancelled = await cancelled(31);
    const youngCancelled = await cancelled(29);
    await db.$executeRaw`INSERT INTO "reminder_sent" ("subscription_id", "kind", "year")
      VALUES (${oldCancelled}, 'death_anniversary', 2025)`;

    // Secret links, 91 days past their expiry (gone) or 89 (kept); those of a memorial still
    // awaiting its family are kept whatever their age.
    const confirmation = async (memorialId: number, expiredDaysAgo: number) => {
      const [row] = await db.$queryRaw<{ id: number }[]>`
        INSERT INTO "confirmation_token" ("memorial_id", "token_hash", "expires_at", "operator_id", "planter")
        VALUES (${memorialId}, ${hash()}, now() - make_interval(days => ${expiredDaysAgo}), ${op.operatorId}, 'Famille')
        RETURNING "id"`;
      return row!.id;
    };
    const oldConfirmation = await confirmation(visible, 91);
    const youngConfirmation = await confirmation(visible, 89);
    const awaitingConfirmation = await confirmation(awaiting, 400);
    const manage = async (expiredDaysAgo: number) => {
      const [row] = await db.$queryRaw<{ id: number }[]>`
        INSERT INTO "manage_token" ("memorial_id", "token_hash", "expires_at")
        VALUES (${visible}, ${hash()}, now() - make_interval(days => ${expiredDaysAgo})) RETURNING "id"`;
      return row!.id;
    };
    const oldManage = await manage(91);
    const liveManage = await manage(-300);
    const user = await actingAs(TEST_FIXTURE, () =>
      createUser({
        operatorId: op.operatorId,
        email: email(),
        password: "correct horse battery",
      }),
    );
    const [reset] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO "password_reset_token" ("user_id", "token_hash", "expires_at", "used_at")
      VALUES (${user.id}, ${hash()}, now() + interval '1 hour', now() - interval '91 days') RETURNING "id"`;
    const [invitation] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO "operator_invitation" ("operator_id", "email", "role", "language", "token_hash", "expires_at")
      VALUES (${op.operatorId}, ${email()}, 'staff', 'fr', ${hash()}, now() - interval '91 days') RETURNING "id"`;

    // E-mails: sent 91 days ago (body emptied, attachment deleted, row kept), sent 89 days ago and
    // pending for 91 days (kept whole).
    const mail = async (status: "sent" | "pending", ageDays: number) => {
      const [row] = await db.$queryRaw<{ id: number }[]>`
        INSERT INTO "outgoing_email" ("memorial_id", "to_address", "subject", "text", "html", "status", "created_at")
        VALUES (${visible}, ${email()}, 'Sujet', 'Bonjour Marie', '<p>Bonjour Marie</p>', ${status}::"EmailStatus",
          now() - make_interval(days => ${ageDays}))
        RETURNING "id"`;
      await db.$executeRaw`INSERT INTO "outgoing_email_attachment" ("email_id", "filename", "content_type", "content")
        VALUES (${row!.id}, 'rappel.ics', 'text/calendar', ${Buffer.from("BEGIN:VCALENDAR")})`;
      return row!.id;
    };
    const oldSent = await mail("sent", 91);
    const youngSent = await mail("sent", 89);
    const oldPending = await mail("pending", 91);

    // Webhook deliveries: delivered 31 days ago (gone), 29 days ago and pending for 31 (kept).
    const [endpoint] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO "webhook_endpoint" ("operator_id", "url", "secret_encrypted")
      VALUES (${op.operatorId}, 'https://partner.example/hook', 'x') RETURNING "id"`;
    // One delivery per event (a delivery is unique per endpoint and event): the memorials' own.
    const events = await db.domainEvent.findMany({
      where: { memorialId: { in: [visible, awaiting] } },
      select: { id: true },
    });
    expect(events.length).toBeGreaterThanOrEqual(3);
    const delivery = async (status: "sent" | "pending", ageDays: number) => {
      const eventId = events.pop()!.id;
      const [row] = await db.$queryRaw<{ id: number }[]>`
        INSERT INTO "webhook_delivery" ("endpoint_id", "event_id", "message_id", "event_type", "payload", "status", "created_at")
        VALUES (${endpoint!.id}, ${eventId}, ${unique("msg").slice(0, 40)},
          'tree.planted', '{"planter":"Marie"}'::jsonb, ${status}::"WebhookDeliveryStatus",
          now() - make_interval(days => ${ageDays}))
        RETURNING "id"`;
      return row!.id;
    };
    const oldDelivery = await delivery("sent", 31);
    const youngDelivery = await delivery("sent", 29);
    const pendingDelivery = await delivery("pending", 31);

    // Rate-limit counts: a window ended a minute ago (gone), one still running (kept).
    const ended = hash();
    const running = hash();
    await db.$executeRaw`INSERT INTO "rate_limit" ("bucket", "subject", "hits", "reset_at", "last_hit_at") VALUES
      ('retention-test', ${ended}, 3, now() - interval '1 minute', now() - interval '2 minutes'),
      ('retention-test', ${running}, 3, now() + interval '1 hour', now())`;

    await runRetention();

    const ids = async (table: string, wanted: number[]) =>
      (
        await db.$queryRawUnsafe<{ id: number }[]>(
          `SELECT "id" FROM "${table}" WHERE "id" = ANY($1::int[]) ORDER BY "id"`,
          wanted,
        )
      ).map((row) => row.id);
    expect(
      await ids("reminder_subscription", [
        oldUnconfirmed,
        youngUnconfirmed,
        oldConfirmed,
        oldCancelled,
        youngCancelled,
      ]),
    ).toEqual([youngUnconfirmed, oldConfirmed, youngCancelled]);
    expect(
      await ids("confirmation_token", [oldConfirmation, youngConfirmation, awaitingConfirmation]),
    ).toEqual([youngConfirmation, awaitingConfirmation]);
    expect(await ids("manage_token", [oldManage, liveManage])).toEqual([liveManage]);
    expect(await ids("password_reset_token", [reset!.id])).toEqual([]);
    expect(await ids("operator_invitation", [invitation!.id])).toEqual([]);
    const mails = await db.outgoingEmail.findMany({
      where: { id: { in: [oldSent, youngSent, oldPending] } },
      select: {
        id: true,
        text: true,
        html: true,
        to: true,
        subject: true,
        _count: { select: { attachments: true } },
      },
      orderBy: { id: "asc" },
    });
    expect(mails.map((m) => [m.id, m.text, m.html, m.subject, m._count.attachments])).toEqual([
      [oldSent, "", "", "Sujet", 0],
      [youngSent, "Bonjour Marie", "<p>Bonjour Marie</p>", "Sujet", 1],
      [oldPending, "Bonjour Marie", "<p>Bonjour Marie</p>", "Sujet", 1],
    ]);
    expect(await ids("webhook_delivery", [oldDelivery, youngDelivery, pendingDelivery])).toEqual([
      youngDelivery,
      pendingDelivery,
    ]);
    const limits = await db.rateLimit.findMany({
      where: { bucket: "retention-test", subject: { in: [ended, running] } },
    });
    expect(limits.map((row) => row.subject)).toEqual([running]);

    // A second run removes nothing more of these.
    await runRetention();
    expect(await ids("reminder_subscription", [youngUnconfirmed, oldConfirmed])).toHaveLength(2);
    expect(await ids("outgoing_email", [oldSent, youngSent, oldPending])).toHaveLength(3);
    expect(await ids("webhook_delivery", [youngDelivery, pendingDelivery])).toHaveLength(2);
  });

  it("keeps links for RETENTION_LINK_DAYS: 20 days past expiry stays by default, goes with 10", async () => {
    const { visible } = await memorials();
    const [row] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO "manage_token" ("memorial_id", "token_hash", "expires_at")
      VALUES (${visible}, ${hash()}, now() - interval '20 days') RETURNING "id"`;
    await runRetention();
    expect(await db.manageToken.count({ where: { id: row!.id } })).toBe(1);
    process.env.RETENTION_LINK_DAYS = "10";
    await runRetention();
    expect(await db.manageToken.count({ where: { id: row!.id } })).toBe(0);
  });

  it("deletes domain events dispatched RETENTION_EVENT_DAYS ago, unless a delivery of theirs is on its way", async () => {
    const { op, visible } = await memorials();
    const event = async (ageDays: number, dispatched: boolean) => {
      const [row] = await db.$queryRaw<{ id: bigint }[]>`
        INSERT INTO "domain_event" ("type", "operator_id", "memorial_id", "payload", "created_at", "dispatched_at")
        VALUES ('tree.planted', ${op.operatorId}, ${visible}, '{"planter":"Marie"}'::jsonb,
          now() - make_interval(days => ${ageDays}),
          ${dispatched ? Prisma.sql`now() - make_interval(days => ${ageDays})` : Prisma.sql`NULL`})
        RETURNING "id"`;
      return row!.id;
    };
    const old = await event(31, true);
    const young = await event(29, true);
    const undispatched = await event(31, false);
    const delivering = await event(31, true);
    const [endpoint] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO "webhook_endpoint" ("operator_id", "url", "secret_encrypted")
      VALUES (${op.operatorId}, 'https://partner.example/hook', 'x') RETURNING "id"`;
    await db.$executeRaw`
      INSERT INTO "webhook_delivery" ("endpoint_id", "event_id", "message_id", "event_type", "payload", "status")
      VALUES (${endpoint!.id}, ${delivering}, ${unique("msg").slice(0, 40)}, 'tree.planted', '{}'::jsonb,
        'pending'::"WebhookDeliveryStatus")`;

    await runRetention();
    const left = await db.domainEvent.findMany({
      where: { id: { in: [old, young, undispatched, delivering] } },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    expect(left.map((row) => row.id)).toEqual([young, undispatched, delivering]);
  });
});
