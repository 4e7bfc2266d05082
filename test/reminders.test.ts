// Anniversary reminders on the real PostgreSQL: the job send-reminders writes a
// reminder to the outbox on the UTC day only, once per subscription, kind and year even when two
// runs (two instances) do it at the same time, the birthday only when the birth date is known, the
// 29th of February on the 28th in other years, nothing to unconfirmed or unsubscribed addresses;
// the e-mail is in the subscriber's language with the trees' status and List-Unsubscribe headers.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { actingAs } from "@memorial/lib/audit/actor";
import { memorialEmails, shownAddress } from "@memorial/lib/dashboard/emails";
import { db } from "@memorial/lib/db/client";
import { freePort } from "@memorial/lib/db/embedded";
import { LANGUAGES, type Language } from "@memorial/lib/i18n/languages";
import { t } from "@memorial/lib/i18n/translate";
import { fanOut, ITEM_PRIORITY } from "@memorial/lib/jobs/fan-out";
import { runJobsOnce } from "@memorial/lib/jobs/tasks";
import { countedAddress, RateLimitedError } from "@memorial/lib/limits/rate-limit";
import { createMailer, sendEmail } from "@memorial/lib/mail/outbox-sender";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { reminderEmail } from "@memorial/lib/reminders/reminder-emails";
import { reminderItems, SEND_REMINDER_JOB, SEND_REMINDERS_JOB } from "@memorial/lib/reminders/send-reminders";
import {
  CLIENT_CONFIRMATIONS_PER_HOUR,
  confirmSubscription,
  MEMORIAL_CONFIRMATIONS_PER_DAY,
  reminderOptions,
  subscribe,
  UNCONFIRMED_PER_DAY,
  unsubscribe,
} from "@memorial/lib/reminders/subscriptions";
import { reminderToken } from "@memorial/lib/reminders/tokens";
import { dashboardScope, VISITOR } from "@memorial/lib/scope";
import { jobCatalogue } from "@memorial/lib/service/job-catalogue";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, unique, uniqueEmail } from "@/e2e/support/factories";
import { subscribeToAnniversaries } from "@/e2e/support/reminders";
import { readMails, startSmtpServer } from "../e2e/support/smtp";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { jobsOfKeys, makeDue, refuseMailTo, runDaily, runItemJobs } from "./support/daily-jobs";
import { callerMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const LINK_BASE = "http://trees.test";

/** A client address of its own, so that tests never share a client's limits. */
function aClient(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

async function memorial(deceased: { deathDate: Date; birthDate?: Date | null }) {
  const op = await makeIsolatedOperator();
  const caller = (await authenticateKey(op.key)) as Caller;
  const { memorialId } = await callerMemorial(
    caller,
    plantingCommand(
      newMemorialTarget({
        deceased: {
          deathDate: deceased.deathDate,
          birthDate: deceased.birthDate ?? null,
        },
      }),
    ),
    LINK_BASE,
  );
  return memorialId;
}

// Subscribing, confirming and unsubscribing are a visitor's, on the public pages and through the
// e-mails' links: the visitor acts, as those routes say.
const asVisitor = <T>(work: () => Promise<T>) => actingAs(VISITOR.actor, work);

/** A confirmed subscription (through its confirmation link's token), its address and token. */
async function subscribed(
  memorialId: number,
  options: {
    language?: "fr" | "nl" | "en" | "de";
    birthday?: boolean;
    death?: boolean;
    confirm?: boolean;
  } = {},
) {
  const email = uniqueEmail("visitor");
  const outcome = await asVisitor(() =>
    subscribe({
      memorialId,
      email,
      language: options.language ?? "en",
      deathAnniversary: options.death ?? true,
      birthday: options.birthday ?? false,
      linkBase: LINK_BASE,
      confirmed: false,
      client: aClient(),
    }),
  );
  expect(outcome).toBe("confirmation-sent");
  const subscription = await db.reminderSubscription.findFirstOrThrow({ where: { memorialId, email } });
  const token = reminderToken(subscription);
  if (options.confirm ?? true) await asVisitor(() => confirmSubscription(token));
  return { email, token, id: subscription.id };
}

/** The reminders written to `email` (the confirmation e-mail aside). */
const remindersTo = (email: string) =>
  db.outgoingEmail.findMany({
    where: { to: email, headers: { not: { equals: null } } },
    orderBy: { id: "asc" },
  });

const at = (iso: string) => new Date(iso);

/**
 * The daily job send-reminders for the UTC day of `now`, as the runner does it: one job per
 * reminder due added, then run. Returns how many jobs this run added.
 */
const sendReminders = async (now: Date) => (await runDaily(reminderItems(now))).added;

/** The reminders written to `email` once send-reminders has run for each day, in order. */
async function remindersAfter(email: string, ...days: string[]) {
  for (const day of days) await sendReminders(at(day));
  return remindersTo(email);
}

describe("send-reminders", () => {
  it("writes the reminder on the UTC day of the death only, in the subscriber's language, with unsubscribe headers", async () => {
    const memorialId = await memorial({ deathDate: at("2019-03-05T00:00:00Z") });
    const { email, token } = await subscribed(memorialId, { language: "de" });
    expect(await remindersAfter(email, "2026-03-04T23:59:59Z", "2026-03-06T00:00:00Z")).toHaveLength(0);
    const [mail, ...more] = await remindersAfter(email, "2026-03-05T00:00:00Z");
    expect(more).toHaveLength(0);
    expect(mail.subject).toContain("Heute denken wir an");
    expect(mail.text).toContain("vor 7 Jahren");
    // The trees' status (the memorial's one tree is ordered, not yet in the ground).
    expect(mail.text).toContain("1 wartet auf die Pflanzung");
    expect(mail.text).toContain(`${LINK_BASE}/memorial/${memorialId}?lang=de`);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${LINK_BASE}/reminders/unsubscribe/${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // Later the same day: nothing again.
    expect(await remindersAfter(email, "2026-03-05T18:00:00Z")).toHaveLength(1);
    // The next year: again, once.
    expect(await remindersAfter(email, "2027-03-05T07:00:00Z")).toHaveLength(2);
  });

  it("writes one reminder when two runs do the same day at the same time", async () => {
    const memorialId = await memorial({ deathDate: at("2018-04-11T00:00:00Z") });
    const { email, id } = await subscribed(memorialId);
    const counts = await Promise.all([
      sendReminders(at("2026-04-11T07:00:00Z")),
      sendReminders(at("2026-04-11T07:00:00Z")),
      sendReminders(at("2026-04-11T07:00:01Z")),
    ]);
    expect(await remindersTo(email)).toHaveLength(1);
    expect(await db.reminderSent.count({ where: { subscriptionId: id } })).toBe(1);
    // A run whose fan-out comes after another run's job is done adds the job again (its key is
    // free once the job is gone); that job finds the reminder sent and writes nothing.
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
  });

  it("adds one job when three fan-outs of the same day run at once", async () => {
    const memorialId = await memorial({ deathDate: at("2016-06-23T00:00:00Z") });
    const { email } = await subscribed(memorialId);
    const now = at("2026-06-23T07:00:00Z");
    const outcomes = await Promise.all([
      fanOut(reminderItems(now)),
      fanOut(reminderItems(now)),
      fanOut(reminderItems(now)),
    ]);
    // Other tests' subscriptions are not on this day: one job in all, by its key (subscription,
    // kind and year), while it waits.
    expect(outcomes.map((o) => o.added).reduce((a, b) => a + b, 0)).toBe(1);
    await runItemJobs(SEND_REMINDER_JOB);
    expect(await remindersTo(email)).toHaveLength(1);
  });

  it("is the job of two runners (two instances) at once: one reminder", async () => {
    // A death on today's date, years ago: the job reads the real clock.
    const now = new Date();
    const deathDate = new Date(Date.UTC(now.getUTCFullYear() - 3, now.getUTCMonth(), now.getUTCDate()));
    if (deathDate.getUTCMonth() !== now.getUTCMonth()) deathDate.setUTCDate(0); // 29 February
    const memorialId = await memorial({ deathDate });
    const { email } = await subscribed(memorialId, { language: "nl" });
    const { jobs, close } = jobCatalogue({ consumers: [], smtpUrl: "" });
    try {
      const catalogue = {
        [SEND_REMINDERS_JOB]: jobs[SEND_REMINDERS_JOB],
        [SEND_REMINDER_JOB]: jobs[SEND_REMINDER_JOB],
      };
      await db.$executeRaw`SELECT graphile_worker.add_job(${SEND_REMINDERS_JOB}, '{}'::json)`;
      await db.$executeRaw`SELECT graphile_worker.add_job(${SEND_REMINDERS_JOB}, '{}'::json)`;
      await Promise.all([runJobsOnce(catalogue), runJobsOnce(catalogue)]);
    } finally {
      close();
    }
    const mails = await remindersTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Vandaag denken we aan");
  });

  it("fans out: one reminder that fails is retried alone, the others are written, a second run adds nothing", async () => {
    const memorialId = await memorial({ deathDate: at("2016-10-14T00:00:00Z") });
    const [first, refused, last] = [
      await subscribed(memorialId),
      await subscribed(memorialId),
      await subscribed(memorialId),
    ];
    const keys = [first, refused, last].map((s) => `${SEND_REMINDER_JOB}:${s.id}:death_anniversary:2026`);
    const day = at("2026-10-14T07:00:00Z");
    const allow = await refuseMailTo(refused.email);
    try {
      // The schedule's job, twice (a second instance, `jobs run`): one job per reminder.
      const runs = [await fanOut(reminderItems(day)), await fanOut(reminderItems(day))];
      expect(runs[1]!.added).toBe(0);
      expect((await jobsOfKeys(keys)).map((j) => j.key)).toEqual([...keys].sort());
      await runItemJobs(SEND_REMINDER_JOB);
      // The refused one failed alone: the others are written, it waits for its retry.
      expect(await remindersTo(first.email)).toHaveLength(1);
      expect(await remindersTo(last.email)).toHaveLength(1);
      expect(await remindersTo(refused.email)).toHaveLength(0);
      expect(await db.reminderSent.count({ where: { subscriptionId: refused.id } })).toBe(0);
      const [retry, ...others] = await jobsOfKeys(keys);
      expect(others).toEqual([]);
      // After the e-mails and webhooks (ITEM_PRIORITY), as its first attempt.
      expect(retry).toMatchObject({ key: keys[1], payload: { _failures: 1 }, priority: ITEM_PRIORITY });
      expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now());
      // The schedule again: nothing for the reminders written, the retry left as it is.
      expect((await fanOut(reminderItems(day))).added).toBe(0);
      expect(await jobsOfKeys(keys)).toEqual([retry]);
    } finally {
      await allow();
    }
    // Its retry, once due, writes it.
    await makeDue([keys[1]!]);
    await runItemJobs(SEND_REMINDER_JOB);
    expect(await remindersTo(refused.email)).toHaveLength(1);
    expect(await jobsOfKeys(keys)).toEqual([]);
    // A last run of the day: nothing added, nothing written twice.
    expect(await sendReminders(day)).toBe(0);
    for (const s of [first, refused, last]) expect(await remindersTo(s.email)).toHaveLength(1);
  });

  it("selects the day's reminders in keyset batches: each once across the batches' boundaries", async () => {
    // Born and died on a 3rd of December: two reminders of one subscription on the same day.
    const memorialId = await memorial({
      deathDate: at("2019-12-03T00:00:00Z"),
      birthDate: at("1950-12-03T00:00:00Z"),
    });
    const both = await subscribed(memorialId, { birthday: true });
    const death = await subscribed(memorialId);
    const keys = [
      `${SEND_REMINDER_JOB}:${both.id}:birthday:2026`,
      `${SEND_REMINDER_JOB}:${both.id}:death_anniversary:2026`,
      `${SEND_REMINDER_JOB}:${death.id}:death_anniversary:2026`,
    ];
    // A batch of one row: every boundary falls between two reminders, one between two kinds.
    const outcome = await fanOut(reminderItems(at("2026-12-03T07:00:00Z")), 1);
    expect(outcome.added).toBe(outcome.items);
    // Listed by key, as text: subscription 11 comes before subscription 9.
    expect((await jobsOfKeys(keys)).map((j) => j.key)).toEqual([...keys].sort());
    await runItemJobs(SEND_REMINDER_JOB);
    expect(await remindersTo(both.email)).toHaveLength(2);
    expect(await remindersTo(death.email)).toHaveLength(1);
  });

  it("reminds of the birthday only when the birth date is known", async () => {
    const withBirth = await memorial({
      deathDate: at("2020-01-20T00:00:00Z"),
      birthDate: at("1941-06-17T00:00:00Z"),
    });
    const known = await subscribed(withBirth, { birthday: true, language: "fr" });
    const withoutBirth = await memorial({ deathDate: at("2020-01-21T00:00:00Z") });
    const unknown = await subscribed(withoutBirth, { birthday: true });
    // The form offers no birthday without a birth date; even a subscription that asked for one
    // (the person's birth date removed since) gets none.
    await db.reminderSubscription.update({ where: { id: unknown.id }, data: { birthday: true } });
    await db.$executeRaw`UPDATE "person" SET "birth_date" = NULL
      WHERE "id" = (SELECT "person_id" FROM "memorial" WHERE "id" = ${withoutBirth})`;
    const mails = await remindersAfter(known.email, "2026-06-17T07:00:00Z");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain("Un anniversaire aujourd’hui");
    expect(mails[0].text).toContain("il y a 85 ans");
    expect(await remindersTo(unknown.email)).toHaveLength(0);
    expect(await db.reminderSent.count({ where: { subscriptionId: unknown.id } })).toBe(0);
  });

  it("reminds of the 29th of February on the 28th in other years, on the 29th in leap years", async () => {
    const memorialId = await memorial({ deathDate: at("2024-02-29T00:00:00Z") });
    const { email } = await subscribed(memorialId);
    expect(await remindersAfter(email, "2027-02-27T07:00:00Z")).toHaveLength(0);
    expect(await remindersAfter(email, "2027-02-28T07:00:00Z")).toHaveLength(1);
    expect(await remindersAfter(email, "2027-03-01T07:00:00Z", "2028-02-28T07:00:00Z")).toHaveLength(1);
    expect(await remindersAfter(email, "2028-02-29T07:00:00Z")).toHaveLength(2);
  });

  it("sends nothing to an unconfirmed or unsubscribed address, nor for an approximate date", async () => {
    const memorialId = await memorial({ deathDate: at("2015-08-09T00:00:00Z") });
    const unconfirmed = await subscribed(memorialId, { confirm: false });
    const gone = await subscribed(memorialId);
    await asVisitor(() => unsubscribe(gone.token));
    const active = await subscribed(memorialId);
    // A date of death made approximate after the subscription: no anniversary to remember.
    const approximate = await memorial({ deathDate: at("2015-08-09T00:00:00Z") });
    const vague = await subscribed(approximate);
    await db.$executeRaw`UPDATE "person" SET "death_date_approximate" = true
      WHERE "id" = (SELECT "person_id" FROM "memorial" WHERE "id" = ${approximate})`;
    await sendReminders(at("2026-08-09T07:00:00Z"));
    expect(await remindersTo(unconfirmed.email)).toHaveLength(0);
    expect(await remindersTo(gone.email)).toHaveLength(0);
    expect(await remindersTo(vague.email)).toHaveLength(0);
    expect(await remindersTo(active.email)).toHaveLength(1);
  });

  it("leaves through the outbox's sender with its List-Unsubscribe headers; the outbox then keeps no usable link", async () => {
    const memorialId = await memorial({ deathDate: at("2012-09-23T00:00:00Z") });
    const { email, token } = await subscribed(memorialId);
    const [queued] = await remindersAfter(email, "2026-09-23T07:00:00Z");
    const dir = mkdtempSync(path.join(os.tmpdir(), "reminder-mail-"));
    const port = await freePort();
    const smtp = await startSmtpServer(dir, port);
    const mailer = createMailer(`smtp://127.0.0.1:${port}`);
    try {
      await sendEmail(queued.id, mailer);
    } finally {
      mailer.close();
      await smtp.close();
    }
    const raw =
      readMails(dir)
        .find((m) => m.to.includes(email))
        ?.raw.replace(/\r?\n[ \t]+/g, " ") ?? "";
    expect(raw).toContain(`List-Unsubscribe: <${LINK_BASE}/reminders/unsubscribe/${token}>`);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const row = await db.outgoingEmail.findUniqueOrThrow({ where: { id: queued.id } });
    expect(row.status).toBe("sent");
    expect(JSON.stringify([row.text, row.html, row.headers])).not.toContain(token);
    expect(row.headers).toEqual({
      "List-Unsubscribe": `<${LINK_BASE}/reminders/unsubscribe/[link removed]>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("subscribe", () => {
  it("keeps one subscription and sends one confirmation e-mail when the same address is sent many times at once", async () => {
    const memorialId = await memorial({ deathDate: at("2025-03-10T00:00:00Z") });
    const email = uniqueEmail("twice");
    const outcomes = await Promise.all(
      ["", " ", "", " "]
        .flatMap((pad) => [email, email.toUpperCase()].map((address) => `${pad}${address}${pad}`))
        .map((address) =>
          subscribeToAnniversaries(memorialId, address, {
            linkBase: LINK_BASE,
            confirmed: false,
            client: aClient(),
          }),
        ),
    );
    expect(outcomes.filter((outcome) => outcome === "confirmation-sent")).toHaveLength(1);
    expect(
      await db.reminderSubscription.count({
        where: { memorialId, email: { equals: email, mode: "insensitive" } },
      }),
    ).toBe(1);
    expect(
      await db.outgoingEmail.count({ where: { memorialId, to: { equals: email, mode: "insensitive" } } }),
    ).toBe(1);
  });
});

describe("unsubscribe", () => {
  it("ends a subscription once, with one audit row, when its link is followed many times at once; an unknown link is refused", async () => {
    const memorialId = await memorial({ deathDate: at("2015-08-09T00:00:00Z") });
    const { token } = await subscribed(memorialId);
    await Promise.all(Array.from({ length: 10 }, () => asVisitor(() => unsubscribe(token))));
    const rows = await db.auditLog.findMany({ where: { memorialId, action: "subscription.cancelled" } });
    expect(rows).toHaveLength(1);
    await asVisitor(() => unsubscribe(token));
    expect(await db.auditLog.count({ where: { memorialId, action: "subscription.cancelled" } })).toBe(1);
    await expect(asVisitor(() => unsubscribe(randomBytes(32).toString("base64url")))).rejects.toThrow(
      "unknown reminder link",
    );
  });
});

describe("subscribe, one address", () => {
  it("takes an address with _ as itself: another person's look-alike subscription is not changed", async () => {
    const memorialId = await memorial({ deathDate: at("2025-03-10T00:00:00Z") });
    const tag = unique("look").replace(/\W+/g, "-").toLowerCase();
    // Confirmed, reminded of the death only.
    const theirs = await subscribed(memorialId);
    await db.reminderSubscription.update({
      where: { id: theirs.id },
      data: { email: `${tag}x@example.org` },
    });
    // Someone else's address, the same but for an `_` where theirs has a letter.
    const outcome = await asVisitor(() =>
      subscribe({
        memorialId,
        email: `${tag}_@example.org`,
        language: "de",
        deathAnniversary: true,
        birthday: false,
        linkBase: LINK_BASE,
        confirmed: false,
        client: aClient(),
      }),
    );
    expect(outcome).toBe("confirmation-sent");
    const rows = await db.reminderSubscription.findMany({
      where: { memorialId, email: { startsWith: tag } },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => [r.email, r.language, r.confirmedAt !== null])).toEqual([
      [`${tag}x@example.org`, "en", true],
      [`${tag}_@example.org`, "de", false],
    ]);
  });
});

describe("the operator's view of a memorial's e-mails", () => {
  it("shows the family's address in full and a visitor's only by its first letter and domain", async () => {
    const op = await makeIsolatedOperator();
    const caller = (await authenticateKey(op.key)) as Caller;
    const family = uniqueEmail("family");
    const { memorialId } = await callerMemorial(
      caller,
      plantingCommand(newMemorialTarget({ family: { email: family, name: null, language: null } })),
      LINK_BASE,
    );
    const visitor = `visitor-${unique("v").replace(/\W+/g, "-")}@example.net`.toLowerCase();
    for (const email of [family, visitor]) {
      await subscribeToAnniversaries(memorialId, email, {
        linkBase: LINK_BASE,
        confirmed: false,
        client: aClient(),
      });
    }
    const scope = dashboardScope({ userId: 0, operatorId: op.operatorId });
    const shown = (await memorialEmails(scope, memorialId)).map((email) => email.to);
    expect(shown).toContain(family);
    expect(shown).toContain("v…@example.net");
    expect(shown.join(" ")).not.toContain(visitor);
    expect(shownAddress("Family@Example.org", "family@example.org")).toBe("Family@Example.org");
    expect(shownAddress("no-at-sign", null)).toBe("…");
  });
});

describe("what an anonymous memorial and a flooded address get", () => {
  it("never reminds of an anonymous memorial's day (its date of death is not shown: 4.1 rule 7)", async () => {
    const memorialId = await memorial({ deathDate: at("2017-06-21T00:00:00Z") });
    const { email } = await subscribed(memorialId);
    await db.memorial.update({ where: { id: memorialId }, data: { kind: "anonymous" } });
    expect(await reminderOptions(memorialId)).toBeNull();
    expect(await remindersAfter(email, "2026-06-21T07:00:00Z")).toHaveLength(0);
  });

  it("sends an address that confirms nothing at most UNCONFIRMED_PER_DAY confirmation e-mails a day", async () => {
    const email = uniqueEmail("flood");
    const outcomes: string[] = [];
    for (let i = 0; i < UNCONFIRMED_PER_DAY + 2; i++) {
      const memorialId = await memorial({ deathDate: at("2020-01-15T00:00:00Z") });
      outcomes.push(
        await subscribeToAnniversaries(memorialId, i % 2 ? email.toUpperCase() : email, {
          linkBase: LINK_BASE,
          confirmed: false,
          client: aClient(),
        }),
      );
    }
    expect(outcomes).toEqual([...Array(UNCONFIRMED_PER_DAY).fill("confirmation-sent"), "pending", "pending"]);
    expect(await db.outgoingEmail.count({ where: { to: { equals: email, mode: "insensitive" } } })).toBe(
      UNCONFIRMED_PER_DAY,
    );
  });
});

describe("the reminder form cannot be used to mail strangers", () => {
  const ask = (memorialId: number, email: string, client: string) =>
    subscribeToAnniversaries(memorialId, email, { linkBase: LINK_BASE, confirmed: false, client }).catch(
      (error: unknown) => {
        if (error instanceof RateLimitedError) return `limited ${error.retryAfterSeconds}`;
        throw error;
      },
    );
  const address = (prefix: string) => uniqueEmail(prefix);

  it("a client gets CLIENT_CONFIRMATIONS_PER_HOUR confirmation e-mails sent, even asked at once; another client still can", async () => {
    const memorialId = await memorial({ deathDate: at("2019-04-02T00:00:00Z") });
    const client = aClient();
    const addresses = Array.from({ length: CLIENT_CONFIRMATIONS_PER_HOUR + 8 }, () => address("stranger"));
    const outcomes = await Promise.all(addresses.map((email) => ask(memorialId, email, client)));
    expect(outcomes.filter((o) => o === "confirmation-sent")).toHaveLength(CLIENT_CONFIRMATIONS_PER_HOUR);
    const refused = outcomes.filter((o) => o.startsWith("limited"));
    expect(refused).toHaveLength(8);
    // Retry-After: within the hour's window.
    for (const o of refused) expect(Number(o.split(" ")[1])).toBeGreaterThan(3000);
    // Nothing written for a refused request: no subscription, no e-mail.
    expect(await db.reminderSubscription.count({ where: { memorialId } })).toBe(
      CLIENT_CONFIRMATIONS_PER_HOUR,
    );
    expect(await db.outgoingEmail.count({ where: { memorialId } })).toBe(CLIENT_CONFIRMATIONS_PER_HOUR);
    expect(await ask(memorialId, address("other"), aClient())).toBe("confirmation-sent");
    // An address already subscribed gets no e-mail, so it uses none of the client's share.
    // (One of the addresses that got its e-mail: which of the simultaneous asks were refused
    // depends on their order.)
    const subscribed = addresses[outcomes.indexOf("confirmation-sent")] as string;
    expect(await ask(memorialId, subscribed, client)).toBe("pending");
  });

  it("a memorial gets MEMORIAL_CONFIRMATIONS_PER_DAY confirmation e-mails a day, whatever the clients", async () => {
    const memorialId = await memorial({ deathDate: at("2018-08-30T00:00:00Z") });
    const outcomes = await Promise.all(
      Array.from({ length: MEMORIAL_CONFIRMATIONS_PER_DAY + 5 }, () =>
        ask(memorialId, address("crowd"), aClient()),
      ),
    );
    expect(outcomes.filter((o) => o === "confirmation-sent")).toHaveLength(MEMORIAL_CONFIRMATIONS_PER_DAY);
    expect(outcomes.filter((o) => o.startsWith("limited"))).toHaveLength(5);
    expect(await db.outgoingEmail.count({ where: { memorialId } })).toBe(MEMORIAL_CONFIRMATIONS_PER_DAY);
    // Another memorial is not held by this one's cap.
    const other = await memorial({ deathDate: at("2018-08-30T00:00:00Z") });
    expect(await ask(other, address("crowd"), aClient())).toBe("confirmation-sent");
  });

  it("counts an address without its +tag: x+1@, X+2@ and x@ are one mailbox", async () => {
    const base = address("plus");
    const [local, domain] = base.split("@") as [string, string];
    expect(countedAddress(`  ${local.toUpperCase()}+Tag.9@${domain.toUpperCase()} `)).toBe(base);
    const outcomes: string[] = [];
    const tagged = [
      `${local}+1@${domain}`,
      `${local.toUpperCase()}+2@${domain}`,
      base,
      `${local}+4@${domain}`,
    ];
    for (const email of tagged) {
      const memorialId = await memorial({ deathDate: at("2020-02-11T00:00:00Z") });
      outcomes.push(await ask(memorialId, email, aClient()));
    }
    expect(outcomes).toEqual([...Array(UNCONFIRMED_PER_DAY).fill("confirmation-sent"), "pending"]);
    expect(await db.outgoingEmail.count({ where: { to: { contains: local, mode: "insensitive" } } })).toBe(
      UNCONFIRMED_PER_DAY,
    );
  });
});

describe("what a reminder promises", () => {
  // The memorial page has no way to plant a tree: the e-mail sends the reader to the funeral home.
  const PROMISES = [
    /from the memorial page/i,
    /depuis la page du mémorial/i,
    /vanaf de gedenkpagina/i,
    /von der Gedenkseite aus/i,
  ];
  const requester = "Pompes funèbres Dubois & Fils";
  /** Jean Dubois's third death anniversary, for the requester's reader. */
  const anniversaryEmail = (
    language: Language,
    visitorPlanting: Parameters<typeof reminderEmail>[0]["visitorPlanting"],
  ) =>
    reminderEmail({
      language,
      kind: "death_anniversary",
      title: "Jean Dubois",
      years: 3,
      trees: { in_ground: 2 },
      requester,
      memorialLink: "https://trees.example.org/memorial/1",
      unsubscribeLink: "https://trees.example.org/reminders/unsubscribe/x",
      myRemindersLink: "https://trees.example.org/reminders/mine/x",
      visitorPlanting,
    });
  it.each(LANGUAGES)(
    "in %s, names the funeral home to ask for a tree and promises no planting from the page",
    async (language) => {
      const mail = await anniversaryEmail(language, null);
      const sentence = t(language, "reminders.plantAnother", { requester });
      expect(sentence).toContain(requester);
      expect(mail.text).toContain(sentence);
      expect(mail.html).toContain(sentence.replace("&", "&amp;"));
      for (const promise of PROMISES) {
        expect(mail.text).not.toMatch(promise);
        expect(mail.html).not.toMatch(promise);
      }
    },
  );

  // Where visitors may plant, the e-mail says so, names the funeral home and links the form.
  it.each(LANGUAGES)("in %s, offers the planting form where visitors may plant", async (language) => {
    const formLink = `https://trees.example.org/memorial/1/plant?lang=${language}`;
    for (const payment of [true, false]) {
      const mail = await anniversaryEmail(language, { formLink, payment });
      const sentence = t(
        language,
        payment ? "reminders.plantYourselfOnline" : "reminders.plantYourselfCode",
        {
          requester,
        },
      );
      expect(mail.text).toContain(sentence);
      expect(mail.text).toContain(formLink);
      expect(mail.html).toContain(`href="${formLink}"`);
      expect(mail.text).not.toContain(t(language, "reminders.plantAnother", { requester }));
    }
  });
});
