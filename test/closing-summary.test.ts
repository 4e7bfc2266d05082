// The family's closing summary on the real PostgreSQL, through the job runner: sent
// once CLOSING_WEEKS after the memorial's creation, not before, not twice across two concurrent
// runs; the family's own request sends it earlier, once; the PDF lists the planters, their visible
// messages (not the hidden ones), the trees with their species, site and life; the CSV the planters.

import { actingAs } from "@memorial/lib/audit/actor";
import { db } from "@memorial/lib/db/client";
import { summaryCsv, summaryPdf } from "@memorial/lib/documents/closing-summary";
import { parseCsv } from "@memorial/lib/exports/csv";
import { enqueue } from "@memorial/lib/jobs/enqueue";
import { fanOut, ITEM_PRIORITY } from "@memorial/lib/jobs/fan-out";
import { runJobsOnce } from "@memorial/lib/jobs/tasks";
import {
  CLOSING_SUMMARY_JOB,
  closingSummaryItems,
  readClosingSummary,
  requestClosingSummary,
  SEND_CLOSING_SUMMARY_JOB,
} from "@memorial/lib/mail/closing-summary";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { jobCatalogue } from "@memorial/lib/service/job-catalogue";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, unique } from "@/e2e/support/factories";
import { pdfText } from "@/e2e/support/pdf-text";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import {
  appUrlForEachTest,
  jobsOfKeys,
  makeDue,
  refuseMailTo,
  runDaily,
  runItemJobs,
} from "./support/daily-jobs";
import { callerMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const ORIGIN = "http://trees.test";
appUrlForEachTest(ORIGIN, "CLOSING_WEEKS");

/** The daily job closing-summary as the runner does it: one job per memorial due added, then run. */
const runClosingSummaries = () => runDaily(closingSummaryItems());

/** A visible memorial with a family e-mail (in `language`) and three plantings by two people. */
async function memorialWithPlanters(language: "fr" | "nl" | "en" | "de" = "de") {
  const op = await makeIsolatedOperator({ stock: 100, co2: 250 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const email = `${unique("family")}@example.org`.toLowerCase();
  const { memorialId } = await callerMemorial(
    caller,
    plantingCommand(newMemorialTarget({ family: { email, name: "Famille Weber", language } }), {
      planter: '=HYPERLINK("http://evil")',
      message: "Ruhe in Frieden, Oma",
    }),
    ORIGIN,
  );
  const first = await db.tree.findFirstOrThrow({ where: { memorialId } });
  const { id: _id, ...copy } = first;
  const second = await db.tree.create({
    data: {
      ...copy,
      planter: "Jürgen Łukasz",
      message: "A hidden word",
      quantity: 3,
      messageHiddenAt: new Date(),
    },
  });
  const third = await db.tree.create({
    data: { ...copy, planter: "jürgen  łukasz", message: "Für immer in unseren Herzen" },
  });
  // The first tree is in the ground: its status comes from the tree's life columns.
  await db.tree.update({
    where: { id: first.id },
    data: { status: "in_ground", inGroundOn: new Date("2026-11-02T00:00:00Z") },
  });
  return { op, email, memorialId, trees: [first.id, second.id, third.id] };
}

const summariesOf = async (memorialId: number) =>
  (await db.outgoingEmail.findMany({ where: { memorialId }, include: { attachments: true } })).filter(
    (m) => m.attachments.length > 0,
  );
const ageMemorial = (memorialId: number, days: number) =>
  db.$executeRaw`UPDATE "memorial" SET "created_at" = now() - make_interval(days => ${days}) WHERE "id" = ${memorialId}`;

describe("the closing summary", () => {
  it("is sent by the job CLOSING_WEEKS after creation, not before, and once across two concurrent runs", async () => {
    process.env.CLOSING_WEEKS = "6";
    const { memorialId, email } = await memorialWithPlanters("de");
    await ageMemorial(memorialId, 6 * 7 - 1); // a day early
    await runClosingSummaries();
    expect(await summariesOf(memorialId)).toHaveLength(0);
    expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).summarySentAt).toBeNull();

    await ageMemorial(memorialId, 6 * 7 + 1);
    // Two instances' runs at once, and the job itself through the runner.
    await Promise.all([runClosingSummaries(), runClosingSummaries()]);
    const { jobs, close } = jobCatalogue({ consumers: [], smtpUrl: "" });
    try {
      await db.$transaction((tx) => enqueue(tx, CLOSING_SUMMARY_JOB));
      await runJobsOnce({
        [CLOSING_SUMMARY_JOB]: jobs[CLOSING_SUMMARY_JOB]!,
        [SEND_CLOSING_SUMMARY_JOB]: jobs[SEND_CLOSING_SUMMARY_JOB]!,
      });
    } finally {
      close();
    }
    const sent = await summariesOf(memorialId);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe(email);
    expect(sent[0]!.subject).toContain("Zusammenfassung");
    expect(sent[0]!.text).toContain(`${ORIGIN}/memorial/${memorialId}`);
    expect(sent[0]!.attachments.map((a) => a.contentType)).toEqual([
      "application/pdf",
      "text/csv; charset=utf-8",
    ]);
    expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).summarySentAt).not.toBeNull();
  });

  it("follows the CLOSING_WEEKS setting", async () => {
    process.env.CLOSING_WEEKS = "2";
    const { memorialId } = await memorialWithPlanters("fr");
    await ageMemorial(memorialId, 13);
    await runClosingSummaries();
    expect(await summariesOf(memorialId)).toHaveLength(0);
    await ageMemorial(memorialId, 15);
    await runClosingSummaries();
    expect(await summariesOf(memorialId)).toHaveLength(1);
  });

  it("is sent for a hidden memorial too, never for a test one nor one without a family e-mail", async () => {
    const hidden = await memorialWithPlanters("en");
    await db.memorial.update({ where: { id: hidden.memorialId }, data: { hiddenAt: new Date() } });
    const noEmail = await memorialWithPlanters("en");
    await db.family.update({ where: { memorialId: noEmail.memorialId }, data: { email: null } });
    const test = await memorialWithPlanters("en");
    await db.memorial.update({ where: { id: test.memorialId }, data: { isTest: true } });
    for (const m of [hidden, noEmail, test]) await ageMemorial(m.memorialId, 60);
    await runClosingSummaries();
    expect(await summariesOf(hidden.memorialId)).toHaveLength(1);
    expect(await summariesOf(noEmail.memorialId)).toHaveLength(0);
    expect(await summariesOf(test.memorialId)).toHaveLength(0);
  });

  it("fans out: one summary that fails is retried alone, the others are sent, a second run adds nothing", async () => {
    const [first, refused, last] = [
      await memorialWithPlanters("fr"),
      await memorialWithPlanters("en"),
      await memorialWithPlanters("nl"),
    ];
    const memorials = [first, refused, last];
    for (const m of memorials) await ageMemorial(m.memorialId, 60);
    const keys = memorials.map((m) => `${SEND_CLOSING_SUMMARY_JOB}:${m.memorialId}`);
    const allow = await refuseMailTo(refused.email);
    try {
      // The schedule's job, twice (a second instance, `jobs run`): one job per memorial.
      await fanOut(closingSummaryItems());
      expect((await fanOut(closingSummaryItems())).added).toBe(0);
      expect((await jobsOfKeys(keys)).map((j) => j.key)).toEqual([...keys].sort());
      await runItemJobs(SEND_CLOSING_SUMMARY_JOB);
      // The refused one failed alone: the others are sent, it waits for its retry.
      expect(await summariesOf(first.memorialId)).toHaveLength(1);
      expect(await summariesOf(last.memorialId)).toHaveLength(1);
      expect(await summariesOf(refused.memorialId)).toHaveLength(0);
      const memorial = await db.memorial.findUniqueOrThrow({ where: { id: refused.memorialId } });
      expect(memorial.summarySentAt).toBeNull();
      const [retry, ...others] = await jobsOfKeys(keys);
      expect(others).toEqual([]);
      // After the e-mails and webhooks (ITEM_PRIORITY), as its first attempt.
      expect(retry).toMatchObject({ key: keys[1], payload: { _failures: 1 }, priority: ITEM_PRIORITY });
      expect(retry!.runAt.getTime()).toBeGreaterThan(Date.now());
      // The schedule again: nothing for the summaries sent, the retry left as it is.
      expect((await fanOut(closingSummaryItems())).added).toBe(0);
      expect(await jobsOfKeys(keys)).toEqual([retry]);
    } finally {
      await allow();
    }
    // Its retry, once due, sends it.
    await makeDue([keys[1]!]);
    await runItemJobs(SEND_CLOSING_SUMMARY_JOB);
    expect(await summariesOf(refused.memorialId)).toHaveLength(1);
    expect(await jobsOfKeys(keys)).toEqual([]);
    // A last run: nothing added, nothing sent twice.
    await runClosingSummaries();
    expect(await jobsOfKeys(keys)).toEqual([]);
    for (const m of memorials) expect(await summariesOf(m.memorialId)).toHaveLength(1);
  });

  it("is sent at once when the family asks, and a second request sends nothing", async () => {
    const { memorialId } = await memorialWithPlanters("nl");
    const { token } = await db.$transaction((tx) => issueManageToken(tx, memorialId));
    // The family asks on its management page: they act.
    const request = () =>
      actingAs({ kind: "family", memorialId }, () => requestClosingSummary(token, ORIGIN));
    expect(await request()).toEqual({ sent: true });
    const again = await request();
    expect(again.sent).toBe(false);
    expect(await summariesOf(memorialId)).toHaveLength(1);
    // Nor does the job later.
    await ageMemorial(memorialId, 100);
    await runClosingSummaries();
    expect(await summariesOf(memorialId)).toHaveLength(1);
  });

  it("lists the planters, their visible messages, the trees' species, sites and life in the PDF, and the CSV's lines", async () => {
    const { memorialId } = await memorialWithPlanters("de");
    const summary = await readClosingSummary(db, memorialId, ORIGIN);
    const text = await pdfText(await summaryPdf(summary));
    for (const words of [
      "Zusammenfassung der Gedenkseite",
      '=HYPERLINK("http://evil")',
      "Jürgen Łukasz",
      "Ruhe in Frieden, Oma",
      "Für immer in unseren Herzen",
    ])
      expect(text).toContain(words);
    expect(text).not.toContain("A hidden word");
    for (const words of [
      "Quercus robur",
      "Test region",
      "in der Erde seit 2. November 2026",
      "bestellt, wird bald gepflanzt",
      "5 Bäume",
      "2 Pflanzende",
      "1.250 kg CO₂",
    ])
      expect(text).toContain(words);

    const rows = parseCsv(summaryCsv(summary), ";");
    expect(rows[0]).toEqual(["Name", "Nachricht", "Datum", "Bäume"]);
    const day = (await db.tree.findFirstOrThrow({ where: { memorialId } })).plantedAt
      .toISOString()
      .slice(0, 10);
    expect(rows.slice(1)).toEqual([
      // A formula is written as text (CSV injection).
      ['\'=HYPERLINK("http://evil")', "Ruhe in Frieden, Oma", day, "1"],
      // The same name twice (case and spaces aside): one card, both plantings, the hidden message left out.
      ["Jürgen Łukasz", "Für immer in unseren Herzen", day, "4"],
    ]);
  });
});
