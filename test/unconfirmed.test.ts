// On the real PostgreSQL, through the job runner with the clock moved in the database
// (created_at and the links' expires_at set back): a family that has not confirmed gets one
// reminder, then one last reminder, each once; at the link's expiry the memorial is closed once,
// its waiting tree not planted (nothing charged) or planted in the global memorial as the operator chose; a late
// confirmation racing the expiry (or a decline) gives exactly one outcome; a declined memorial is
// closed at once and gets no further e-mail.
import { actingAs } from "@memorial/lib/audit/actor";
import { db } from "@memorial/lib/db/client";
import { dispatchEvents } from "@memorial/lib/events/dispatcher";
import { confirmationEmailConsumer } from "@memorial/lib/mail/confirmation-consumer";
import {
  expireMemorial,
  UNCONFIRMED_ITEM_JOB,
  unconfirmedItems,
} from "@memorial/lib/mail/unconfirmed-memorials";
import { lookupConfirmation } from "@memorial/lib/memorials/confirm-memorial";
import { declineMemorial } from "@memorial/lib/memorials/decline-memorial";
import { resendConfirmation } from "@memorial/lib/memorials/resend-confirmation";
import { setUnconfirmedOutcome } from "@memorial/lib/operators/create-operator";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { serviceAdminScope } from "@memorial/lib/scope";
import { memorialInfos } from "@memorial/lib/trees/memorial-infos";
import { afterAll, describe, expect, it } from "vitest";
import { confirmAsFamily } from "@/e2e/support/confirmation";
import { asJob, COMMAND_LINE, makeIsolatedOperator, unique } from "@/e2e/support/factories";
import { awaitingFamilyTarget, plantingCommand } from "./support/commands";
import { appUrlForEachTest, runDaily } from "./support/daily-jobs";
import { callerMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const ORIGIN = "http://trees.test";
appUrlForEachTest(ORIGIN, "CONFIRMATION_REMINDER_DAYS");

/** The hourly job as the runner does it: the items' jobs added (once per key), then run. */
const runUnconfirmed = () => runDaily(unconfirmedItems());

async function operator(prepaid = 5) {
  const op = await makeIsolatedOperator({ stock: 50, prepaidTrees: prepaid });
  const caller = (await authenticateKey(op.key)) as Caller;
  return { op, caller };
}

/** A memorial awaiting its family, its confirmation e-mail written (the event dispatched). */
async function awaiting(caller: Caller) {
  const email = `${unique("family")}@example.org`.toLowerCase();
  const { memorialId } = await callerMemorial(
    caller,
    plantingCommand(awaitingFamilyTarget(email), { planter: "La famille", message: "Pour toi" }),
    ORIGIN,
  );
  await dispatchEvents([confirmationEmailConsumer], { operatorId: caller.operatorId });
  const [mail] = await mailsOf(memorialId);
  return { memorialId, email, token: tokenOf(mail!.text) };
}

/** The family of `memorialId` presses its link's other button: the refusal, with them acting. */
const declineAsFamily = (token: string, memorialId: number) =>
  actingAs({ kind: "family", memorialId }, () => declineMemorial(token));

const mailsOf = (memorialId: number) =>
  db.outgoingEmail.findMany({ where: { memorialId }, orderBy: { id: "asc" } });
function tokenOf(text: string): string {
  const found = text.match(/\/confirm\/([A-Za-z0-9_-]+)/);
  if (!found) throw new Error(`no confirmation link in ${text}`);
  return found[1]!;
}
const ageMemorial = (memorialId: number, days: number) =>
  db.$executeRaw`UPDATE "memorial" SET "created_at" = now() - make_interval(days => ${days}) WHERE "id" = ${memorialId}`;
/** Moves the end of the memorial's links: `seconds` from now (negative: past). */
const linksEndIn = (memorialId: number, seconds: number) =>
  db.$executeRaw`UPDATE "confirmation_token" SET "expires_at" = now() + make_interval(secs => ${seconds})
    WHERE "memorial_id" = ${memorialId} AND "used_at" IS NULL`;
const prepaidOf = async (operatorId: number) =>
  (await db.operator.findUniqueOrThrow({ where: { id: operatorId } })).prepaidTrees;
const expiredEvents = (memorialId: number) =>
  db.domainEvent.findMany({ where: { memorialId, type: "memorial.expired" } });

describe("a memorial its family has not confirmed", () => {
  it("gets one reminder CONFIRMATION_REMINDER_DAYS after its creation, with a link until the same end", async () => {
    const { caller } = await operator();
    const { memorialId, token } = await awaiting(caller);
    const before = await lookupConfirmation(token);
    await ageMemorial(memorialId, 6);
    await runUnconfirmed();
    expect(await mailsOf(memorialId)).toHaveLength(1);

    await ageMemorial(memorialId, 7);
    // Two runs at once, and a third after: one reminder.
    await Promise.all([runUnconfirmed(), runUnconfirmed()]);
    await runUnconfirmed();
    const mails = await mailsOf(memorialId);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^Rappel/);
    const reminded = await lookupConfirmation(tokenOf(mails[1]!.text));
    expect(reminded.state).toBe("pending");
    // The reminder's link ends when the first one does; the first one still works.
    if (reminded.state !== "pending" || before.state !== "pending") throw new Error("not pending");
    expect(reminded.expiresAt.getTime()).toBe(before.expiresAt.getTime());
    expect((await lookupConfirmation(token)).state).toBe("pending");
  });

  it("follows the CONFIRMATION_REMINDER_DAYS setting", async () => {
    process.env.CONFIRMATION_REMINDER_DAYS = "3";
    const { caller } = await operator();
    const { memorialId } = await awaiting(caller);
    await ageMemorial(memorialId, 3);
    await runUnconfirmed();
    expect(await mailsOf(memorialId)).toHaveLength(2);
  });

  it("gets one last reminder two days before its link expires", async () => {
    const { caller } = await operator();
    const { memorialId } = await awaiting(caller);
    await ageMemorial(memorialId, 12);
    await linksEndIn(memorialId, 3 * 86_400);
    await runUnconfirmed();
    expect((await mailsOf(memorialId)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Confirm/),
      expect.stringMatching(/^Rappel/),
    ]);
    await linksEndIn(memorialId, 86_400);
    await Promise.all([runUnconfirmed(), runUnconfirmed()]);
    await runUnconfirmed();
    const subjects = (await mailsOf(memorialId)).map((m) => m.subject);
    expect(subjects).toHaveLength(3);
    expect(subjects[2]).toMatch(/^Dernier rappel/);
  });

  it("is closed once at its link's expiry, its tree not planted and nothing charged by default", async () => {
    const { op, caller } = await operator(5);
    const { memorialId, token } = await awaiting(caller);
    await linksEndIn(memorialId, 3600);
    await runUnconfirmed();
    expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).status).toBe(
      "awaiting_confirmation",
    );

    await linksEndIn(memorialId, -60);
    await Promise.all([runUnconfirmed(), runUnconfirmed()]);
    await runUnconfirmed();
    const memorial = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
    expect(memorial.status).toBe("expired");
    expect(memorial.closedReason).toBe("expired");
    expect(memorial.closedAt).not.toBeNull();
    // The creation used no prepaid tree and planted nothing: the balance is what it was, no
    // planting written (a prepaid tree given back would be a free one).
    expect(await prepaidOf(op.operatorId)).toBe(5);
    expect(await db.transaction.count({ where: { memorialId, type: "Plantation" } })).toBe(0);
    const events = await expiredEvents(memorialId);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toEqual({
      reason: "expired",
      outcome: "credit",
      treeId: null,
      globalMemorialId: null,
    });
    expect(await db.tree.count({ where: { operatorId: op.operatorId } })).toBe(0);
    // Infos says so; a late press of the link gets the closing, not a tree.
    expect((await memorialInfos(caller, memorialId, { limit: 10, offset: 0 })).state).toBe("expired");
    expect(await confirmAsFamily(token, memorialId)).toEqual({ outcome: "closed", reason: "expired" });
    expect(await lookupConfirmation(token)).toMatchObject({ state: "closed", reason: "expired" });
    // The dashboard's resend is refused: the closing stands.
    await expect(
      resendConfirmation({ scope: serviceAdminScope(op.operatorId), memorialId, linkBase: ORIGIN }),
    ).rejects.toThrow(/closed as not confirmed/);
    // No e-mail after the closing.
    await ageMemorial(memorialId, 30);
    await runUnconfirmed();
    expect(await mailsOf(memorialId)).toHaveLength(1);
  });

  it("plants its tree in the operator's global memorial when the operator chose so", async () => {
    const { op, caller } = await operator(5);
    expect(await actingAs(COMMAND_LINE, () => setUnconfirmedOutcome(op.operatorId, "global"))).toEqual({
      operatorId: op.operatorId,
      unconfirmedOutcome: "global",
    });
    const { memorialId } = await awaiting(caller);
    await linksEndIn(memorialId, -60);
    await runUnconfirmed();
    const global = await db.memorial.findFirstOrThrow({
      where: { operatorId: op.operatorId, kind: "global", isTest: false },
    });
    const trees = await db.tree.findMany({ where: { operatorId: op.operatorId } });
    expect(trees).toHaveLength(1);
    expect(trees[0]).toMatchObject({ memorialId: global.id, planter: "La famille", message: "Pour toi" });
    // The planting used a prepaid tree, as any of the operator's plantings: none given back.
    expect(await prepaidOf(op.operatorId)).toBe(4);
    const [event] = await expiredEvents(memorialId);
    expect(event!.payload).toEqual({
      reason: "expired",
      outcome: "global",
      treeId: trees[0]!.id,
      globalMemorialId: global.id,
    });
    expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).status).toBe("expired");
  });

  it("has one outcome when its expiry and a late confirmation come at once", async () => {
    const { op, caller } = await operator(20);
    const memorials = [];
    for (let i = 0; i < 5; i++) memorials.push(await awaiting(caller));
    for (const m of memorials) await linksEndIn(m.memorialId, 0.2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [, ...confirmations] = await Promise.all([
      runUnconfirmed(),
      ...memorials.map((m) => confirmAsFamily(m.token, m.memorialId)),
      ...memorials.map((m) => asJob(UNCONFIRMED_ITEM_JOB, () => expireMemorial(m.memorialId))),
    ]);
    let closed = 0;
    for (const [i, m] of memorials.entries()) {
      const memorial = await db.memorial.findUniqueOrThrow({ where: { id: m.memorialId } });
      const trees = await db.tree.count({ where: { memorialId: m.memorialId } });
      const events = await expiredEvents(m.memorialId);
      if (memorial.status === "visible") {
        expect(confirmations[i]).toEqual({ outcome: "confirmed", memorialId: m.memorialId });
        expect(trees).toBe(1);
        expect(events).toHaveLength(0);
      } else {
        closed++;
        expect(memorial.status).toBe("expired");
        expect(confirmations[i]).not.toMatchObject({ outcome: "confirmed" });
        expect(trees).toBe(0);
        expect(events).toHaveLength(1);
      }
    }
    // Every confirmation used one prepaid tree; a closing charged nothing and gave nothing back.
    expect(await prepaidOf(op.operatorId)).toBe(20 - (memorials.length - closed));
  });
});

describe("a memorial its family declines", () => {
  it("is closed at once with the operator's outcome, and no e-mail follows", async () => {
    const { op, caller } = await operator(5);
    const { memorialId, token } = await awaiting(caller);
    expect(await declineAsFamily(token, memorialId)).toEqual({ outcome: "declined", memorialId });
    const memorial = await db.memorial.findUniqueOrThrow({ where: { id: memorialId } });
    expect(memorial).toMatchObject({ status: "expired", closedReason: "declined" });
    expect(await prepaidOf(op.operatorId)).toBe(5);
    expect((await expiredEvents(memorialId))[0]!.payload).toMatchObject({
      reason: "declined",
      outcome: "credit",
    });
    // Again, or a confirmation after: the closing stands.
    expect(await declineAsFamily(token, memorialId)).toEqual({ outcome: "closed", reason: "declined" });
    expect(await confirmAsFamily(token, memorialId)).toEqual({ outcome: "closed", reason: "declined" });
    await ageMemorial(memorialId, 13);
    await linksEndIn(memorialId, 86_400);
    await runUnconfirmed();
    await linksEndIn(memorialId, -60);
    await runUnconfirmed();
    expect(await mailsOf(memorialId)).toHaveLength(1);
    expect(await expiredEvents(memorialId)).toHaveLength(1);
    expect(await prepaidOf(op.operatorId)).toBe(5);
  });

  it("and confirms at the same moment: exactly one outcome", async () => {
    const { op, caller } = await operator(20);
    const memorials = [];
    for (let i = 0; i < 6; i++) memorials.push(await awaiting(caller));
    const outcomes = await Promise.all(
      memorials.flatMap((m) => [
        declineAsFamily(m.token, m.memorialId),
        confirmAsFamily(m.token, m.memorialId),
      ]),
    );
    let declined = 0;
    for (const [i, m] of memorials.entries()) {
      const [decline, confirm] = [outcomes[2 * i], outcomes[2 * i + 1]];
      const memorial = await db.memorial.findUniqueOrThrow({ where: { id: m.memorialId } });
      const trees = await db.tree.count({ where: { memorialId: m.memorialId } });
      if (memorial.status === "visible") {
        expect(confirm).toEqual({ outcome: "confirmed", memorialId: m.memorialId });
        expect(decline).toEqual({ outcome: "confirmed", memorialId: m.memorialId });
        expect(trees).toBe(1);
        expect(await expiredEvents(m.memorialId)).toHaveLength(0);
      } else {
        declined++;
        expect(decline).toEqual({ outcome: "declined", memorialId: m.memorialId });
        expect(confirm).toEqual({ outcome: "closed", reason: "declined" });
        expect(trees).toBe(0);
        expect(await expiredEvents(m.memorialId)).toHaveLength(1);
      }
    }
    expect(await prepaidOf(op.operatorId)).toBe(20 - (memorials.length - declined));
  });
});
