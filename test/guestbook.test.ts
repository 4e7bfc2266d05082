// The guestbook through its use cases, on the real PostgreSQL: each moderation mode,
// each status and who changes it, the refusals (honeypot, links, lengths, control characters, a
// closed guestbook) that write nothing, the rate limit per client (simultaneous posts included),
// and the family's daily digest, sent once per memorial and day even by two runs at once.

import { actingAs } from "@memorial/lib/audit/actor";
import { db, transaction } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import { DIGEST_JOB, digestItems, SEND_DIGEST_JOB } from "@memorial/lib/guestbook/digest";
import { moderateGuestbookEntry } from "@memorial/lib/guestbook/moderate-entry";
import { postGuestbookEntry, RATE_LIMIT, RATE_LIMIT_ALL } from "@memorial/lib/guestbook/post-entry";
import { publicGuestbook } from "@memorial/lib/guestbook/queries";
import { containsLink } from "@memorial/lib/guestbook/rules";
import { setGuestbookMode } from "@memorial/lib/guestbook/set-mode";
import type { Language } from "@memorial/lib/i18n/languages";
import { enqueue } from "@memorial/lib/jobs/enqueue";
import { fanOut, ITEM_PRIORITY } from "@memorial/lib/jobs/fan-out";
import { runJobsOnce } from "@memorial/lib/jobs/tasks";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { serviceAdminScope, VISITOR } from "@memorial/lib/scope";
import { jobCatalogue, SCHEDULES } from "@memorial/lib/service/job-catalogue";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, unique, uniqueEmail } from "@/e2e/support/factories";
import { ageLimit } from "@/e2e/support/rate-limits";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { jobsOfKeys, makeDue, refuseMailTo, runDaily, runItemJobs } from "./support/daily-jobs";
import { callerMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

async function memorial(family: { email?: string; language?: Language | null } = {}) {
  const op = await makeIsolatedOperator({ stock: 10 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const email = family.email ?? uniqueEmail("family");
  // As the API creates it: the partner's key acts.
  const { memorialId } = await callerMemorial(
    caller,
    plantingCommand(
      newMemorialTarget({ family: { email, name: "Famille Dupont", language: family.language ?? null } }),
    ),
  );
  const { token } = await transaction((tx) => issueManageToken(tx, memorialId));
  /** The family acting, as on its management page. */
  const asFamily = <T>(work: () => Promise<T>) => actingAs({ kind: "family", memorialId }, work);
  return { op, memorialId, email, family: { by: "family", token } as const, asFamily };
}

const client = () => unique("client");
/** A visitor's message, posted as the memorial page's form posts it: the visitor acts. */
const post = (memorialId: number, extra: Partial<Parameters<typeof postGuestbookEntry>[0]> = {}) =>
  actingAs(VISITOR.actor, () =>
    postGuestbookEntry({
      memorialId,
      name: "Paul",
      message: "Toutes nos pensées vous accompagnent.",
      honeypot: "",
      client: client(),
      ...extra,
    }),
  );
const entriesOf = (memorialId: number) =>
  db.guestbookEntry.findMany({ where: { memorialId }, orderBy: { id: "asc" } });
const eventsOf = async (memorialId: number) =>
  (
    await db.domainEvent.findMany({
      where: { memorialId, type: { startsWith: "guestbook." } },
      orderBy: { id: "asc" },
    })
  ).map((e) => [e.type, (e.payload as { by?: unknown }).by ?? null]);

describe("the guestbook's modes", () => {
  it("approval (the default): a message waits, unseen, until the family approves it; then hide and delete", async () => {
    const { memorialId, family, asFamily } = await memorial();
    const posted = await post(memorialId, {
      name: "  Paul  Martin ",
      message: "Avec <b>toute</b>\r\nnotre affection",
    });
    expect(posted).toMatchObject({ ok: true, status: "pending" });
    const [entry] = await entriesOf(memorialId);
    // Stored as typed (HTML is text), line breaks made \n, the name's spaces tidied.
    expect(entry).toMatchObject({
      authorName: "Paul Martin",
      message: "Avec <b>toute</b>\nnotre affection",
      status: "pending",
      decidedBy: null,
    });
    expect((await publicGuestbook(memorialId)).entries).toEqual([]);

    await asFamily(() => moderateGuestbookEntry(family, entry!.id, "approve"));
    expect((await publicGuestbook(memorialId)).entries.map((e) => e.id)).toEqual([entry!.id]);
    expect(await entriesOf(memorialId)).toMatchObject([{ status: "published", decidedBy: "family" }]);

    await asFamily(() => moderateGuestbookEntry(family, entry!.id, "hide"));
    expect((await publicGuestbook(memorialId)).entries).toEqual([]);
    // Hiding twice changes nothing and records nothing more.
    expect(await asFamily(() => moderateGuestbookEntry(family, entry!.id, "hide"))).toEqual({
      changed: false,
    });

    await asFamily(() => moderateGuestbookEntry(family, entry!.id, "delete"));
    expect(await entriesOf(memorialId)).toEqual([]);
    expect(await eventsOf(memorialId)).toEqual([
      ["guestbook.entry_received", null],
      ["guestbook.entry_published", "family"],
      ["guestbook.entry_hidden", "family"],
      ["guestbook.entry_deleted", "family"],
    ]);
  });

  it("open: published at once; closed: refused, nothing written, published messages stay", async () => {
    const { memorialId, family, asFamily } = await memorial();
    await asFamily(() => setGuestbookMode(family, "open"));
    expect(await post(memorialId)).toMatchObject({ ok: true, status: "published" });
    expect((await publicGuestbook(memorialId)).entries).toHaveLength(1);
    expect(await eventsOf(memorialId)).toEqual([
      ["guestbook.entry_received", null],
      ["guestbook.entry_published", null],
    ]);

    await asFamily(() => setGuestbookMode(family, "closed"));
    expect(await post(memorialId)).toEqual({ ok: false, reason: "closed" });
    expect(await entriesOf(memorialId)).toHaveLength(1);
    expect(await publicGuestbook(memorialId)).toMatchObject({
      mode: "closed",
      entries: [{ status: "published" }],
    });
    const modes = await db.domainEvent.findMany({
      where: { memorialId, type: "memorial.guestbook_mode_changed" },
      orderBy: { id: "asc" },
    });
    expect(modes.map((e) => (e.payload as { mode: string }).mode)).toEqual(["open", "closed"]);
  });

  it("a family link reaches its own memorial's messages only; the operator hides its own memorials' only", async () => {
    const a = await memorial();
    const b = await memorial();
    const posted = await post(a.memorialId);
    if (!posted.ok) throw new Error("posted");
    await expect(
      b.asFamily(() => moderateGuestbookEntry(b.family, posted.entryId, "approve")),
    ).rejects.toBeInstanceOf(DomainError);
    const [scopeA, scopeB] = [serviceAdminScope(a.op.operatorId), serviceAdminScope(b.op.operatorId)];
    await expect(
      actingAs(scopeB.actor, () =>
        moderateGuestbookEntry(
          { by: "operator", scope: scopeB, memorialId: a.memorialId },
          posted.entryId,
          "hide",
        ),
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await entriesOf(a.memorialId)).toMatchObject([{ status: "pending" }]);

    await actingAs(scopeA.actor, () =>
      moderateGuestbookEntry(
        { by: "operator", scope: scopeA, memorialId: a.memorialId },
        posted.entryId,
        "hide",
      ),
    );
    expect(await entriesOf(a.memorialId)).toMatchObject([{ status: "hidden", decidedBy: "operator" }]);
    expect((await eventsOf(a.memorialId)).at(-1)).toEqual(["guestbook.entry_hidden", "operator"]);
  });
});

describe("the guestbook's refusals", () => {
  it("refuses a filled honeypot, links, lengths and control characters, and writes nothing", async () => {
    const { memorialId } = await memorial();
    const cases: [Partial<Parameters<typeof postGuestbookEntry>[0]>, string][] = [
      [{ honeypot: "http://spam.example" }, "honeypot"],
      [{ name: "   " }, "name-length"],
      [{ name: "x".repeat(81) }, "name-length"],
      [{ message: "" }, "message-length"],
      [{ message: "é".repeat(1001) }, "message-length"],
      [{ message: "Voir http://spam.example/x" }, "link"],
      [{ message: "Voir https://example.org" }, "link"],
      [{ message: "Allez sur www.promo-shop.fr" }, "link"],
      [{ message: "Best prices at cheap-pills.com today" }, "link"],
      [{ message: "écrivez à jean@exemple.be" }, "link"],
      [{ name: "promo.ru" }, "link"],
      [{ message: "Bonjour\u0000" }, "control-characters"],
      [{ message: "Bonjour \u202Eevil" }, "control-characters"],
      [{ name: "Paul\u0007" }, "control-characters"],
    ];
    for (const [input, reason] of cases) {
      expect(await post(memorialId, input), JSON.stringify(input)).toEqual({ ok: false, reason });
    }
    expect(await entriesOf(memorialId)).toEqual([]);
    expect(await eventsOf(memorialId)).toEqual([]);
  });

  it("accepts the limits exactly (counted in code points) and ordinary sentences", async () => {
    const { memorialId } = await memorial();
    expect(await post(memorialId, { name: "🌳".repeat(80), message: "🌳".repeat(1000) })).toMatchObject({
      ok: true,
    });
    expect(await post(memorialId, { name: "A", message: "x" })).toMatchObject({ ok: true });
    for (const text of [
      "Merci. De tout cœur avec vous.",
      "Il aimait les arbres, e.g. les chênes.",
      "À bientôt,\n\tMarie",
      "Rendez-vous à 10.30 h.",
    ]) {
      expect(containsLink(text), text).toBe(false);
    }
  });

  it("limits each client to RATE_LIMIT messages an hour in a guestbook, even when they arrive at once", async () => {
    const { memorialId } = await memorial();
    const visitor = client();
    const results = await Promise.all(
      Array.from({ length: RATE_LIMIT + 5 }, (_, i) =>
        post(memorialId, { client: visitor, message: `Message ${i}` }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(RATE_LIMIT);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array.from({ length: 5 }, () => ({ ok: false, reason: "rate-limited" })),
    );
    expect(await db.guestbookEntry.count({ where: { memorialId } })).toBe(RATE_LIMIT);
    // Another client is not held by this one's limit.
    expect(await post(memorialId)).toMatchObject({ ok: true });
    // An hour later, the client may write again.
    await ageLimit({ bucket: "guestbook-memorial-client", subject: `${memorialId} ${visitor}` }, 61 * 60);
    expect(await post(memorialId, { client: visitor })).toMatchObject({ ok: true });
  });

  it("limits each client to RATE_LIMIT_ALL messages an hour across guestbooks", async () => {
    const visitor = client();
    const memorials = await Promise.all(
      Array.from({ length: Math.ceil(RATE_LIMIT_ALL / RATE_LIMIT) + 1 }, () => memorial()),
    );
    let accepted = 0;
    for (const { memorialId } of memorials) {
      for (let i = 0; i < RATE_LIMIT; i++) {
        if ((await post(memorialId, { client: visitor })).ok) accepted++;
      }
    }
    expect(accepted).toBe(RATE_LIMIT_ALL);
    expect(await post(memorials[0]!.memorialId)).toMatchObject({ ok: true });
  });
});

describe("the family's daily digest", () => {
  /** The daily job guestbook-digest for the UTC day of `now`: one job per memorial added, then run. */
  const sendGuestbookDigests = (now: Date) => runDaily(digestItems(now));
  const digestsTo = (to: string) => db.outgoingEmail.findMany({ where: { to }, orderBy: { id: "asc" } });

  it("lists the waiting messages once per day, in the family's language, even with two runs at once", async () => {
    const { memorialId, email } = await memorial({ language: "nl" });
    await post(memorialId, { name: "Jan", message: "Veel sterkte <3" });
    await post(memorialId, { name: "An", message: "In gedachten bij jullie" });
    const now = new Date("2031-03-04T06:00:00Z");
    await Promise.all([sendGuestbookDigests(now), sendGuestbookDigests(now)]);
    const [mail, ...more] = await digestsTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toContain("2 berichten wachten op uw akkoord");
    expect(mail?.text).toContain("Jan:\nVeel sterkte <3");
    expect(mail?.html).toContain("Veel sterkte &lt;3");
    expect(mail?.text).toContain("In gedachten bij jullie");

    // Later the same day: a new message waits for tomorrow's digest, nothing is sent again.
    await post(memorialId, { name: "Piet", message: "Sterkte" });
    await sendGuestbookDigests(new Date("2031-03-04T18:00:00Z"));
    expect(await digestsTo(email)).toHaveLength(1);
    // The next day: only the message not yet in a digest.
    await sendGuestbookDigests(new Date("2031-03-05T06:00:00Z"));
    const mails = await digestsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toContain("1 bericht wacht op uw akkoord");
    expect(mails[1]?.text).toContain("Piet:\nSterkte");
    expect(mails[1]?.text).not.toContain("Jan:");
    expect(
      await db.guestbookDigest.findMany({
        where: { memorialId },
        select: { entries: true },
        orderBy: { day: "asc" },
      }),
    ).toEqual([{ entries: 2 }, { entries: 1 }]);
  });

  it("sends nothing when no message waits (published or approved ones are not listed)", async () => {
    const { memorialId, email, family, asFamily } = await memorial({ language: "de" });
    await asFamily(() => setGuestbookMode(family, "open"));
    await post(memorialId);
    await sendGuestbookDigests(new Date("2031-04-01T06:00:00Z"));
    expect(await digestsTo(email)).toEqual([]);
    await asFamily(() => setGuestbookMode(family, "approval"));
    const posted = await post(memorialId);
    if (!posted.ok) throw new Error("posted");
    await asFamily(() => moderateGuestbookEntry(family, posted.entryId, "approve"));
    await sendGuestbookDigests(new Date("2031-04-01T06:00:00Z"));
    expect(await digestsTo(email)).toEqual([]);
    expect(await db.guestbookDigest.count({ where: { memorialId } })).toBe(0);
  });

  it("is the daily job guestbook-digest of the runner: two jobs of the same day send one e-mail", async () => {
    expect(SCHEDULES).toContainEqual({
      task: DIGEST_JOB,
      cron: "0 6 * * *",
      queue: DIGEST_JOB,
      key: DIGEST_JOB,
      items: SEND_DIGEST_JOB,
    });
    const { memorialId, email } = await memorial({ language: "fr" });
    await post(memorialId, { name: "Claire", message: "Une pensée pour vous" });
    const catalogue = jobCatalogue({ consumers: [], smtpUrl: "" });
    try {
      await transaction(async (tx) => {
        await enqueue(tx, DIGEST_JOB, {});
        await enqueue(tx, DIGEST_JOB, {});
      });
      await runJobsOnce({
        [DIGEST_JOB]: catalogue.jobs[DIGEST_JOB]!,
        [SEND_DIGEST_JOB]: catalogue.jobs[SEND_DIGEST_JOB]!,
      });
    } finally {
      catalogue.close();
    }
    const mails = await digestsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain("1 message attend votre accord");
    expect(mails[0]?.text).toContain("Claire:\nUne pensée pour vous");
  });

  it("fans out: one digest that fails is retried alone, the others are sent, a second run adds nothing", async () => {
    const families = [
      await memorial({ language: "fr" }),
      await memorial({ language: "en" }),
      await memorial({ language: "de" }),
    ];
    const [first, refused, last] = families;
    for (const { memorialId } of families) await post(memorialId, { name: "Lou", message: "Pensées" });
    const now = new Date("2031-05-06T06:00:00Z");
    const keys = families.map((f) => `${SEND_DIGEST_JOB}:${f.memorialId}:2031-05-06`);
    const allow = await refuseMailTo(refused!.email);
    try {
      // The schedule's job, twice (a second instance, `jobs run`): one job per memorial.
      await fanOut(digestItems(now));
      expect((await fanOut(digestItems(now))).added).toBe(0);
      expect((await jobsOfKeys(keys)).map((j) => j.key)).toEqual([...keys].sort());
      await runItemJobs(SEND_DIGEST_JOB);
      // The refused one failed alone: the others are sent, it waits for its retry.
      expect(await digestsTo(first!.email)).toHaveLength(1);
      expect(await digestsTo(last!.email)).toHaveLength(1);
      expect(await digestsTo(refused!.email)).toEqual([]);
      expect(await db.guestbookDigest.count({ where: { memorialId: refused!.memorialId } })).toBe(0);
      const [retry, ...others] = await jobsOfKeys(keys);
      expect(others).toEqual([]);
      // After the e-mails and webhooks (ITEM_PRIORITY), as its first attempt.
      expect(retry).toMatchObject({ key: keys[1], payload: { _failures: 1 }, priority: ITEM_PRIORITY });
      expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now());
      // The schedule again, later that day: nothing for the digests sent, the retry left as it is.
      expect((await fanOut(digestItems(new Date("2031-05-06T18:00:00Z")))).added).toBe(0);
      expect(await jobsOfKeys(keys)).toEqual([retry]);
    } finally {
      await allow();
    }
    // Its retry, once due, sends it.
    await makeDue([keys[1]!]);
    await runItemJobs(SEND_DIGEST_JOB);
    expect(await digestsTo(refused!.email)).toHaveLength(1);
    expect(await jobsOfKeys(keys)).toEqual([]);
    // A new message the same day waits for the next day: nothing added, nothing sent twice.
    await post(refused!.memorialId, { name: "Sam", message: "Courage" });
    expect((await sendGuestbookDigests(new Date("2031-05-06T20:00:00Z"))).added).toBe(0);
    for (const f of families) expect(await digestsTo(f.email)).toHaveLength(1);
  });
});
