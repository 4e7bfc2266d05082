// On the real PostgreSQL: one person's address (and name) written into every table that
// holds one, for two operators; the finder finds every row (exactly: an address with "_" is not a
// pattern, case does not matter), an operator's scope only its own rows (the API's, not its team),
// the export holds the rows, the erasure anonymises or deletes them in one transaction with one
// audit row (never the address), refuses the last admin, and a second erasure finds nothing.
// The inventory test reads the database's columns: a new column holding an address or a name that
// the finder ignores fails it.
import { randomBytes } from "node:crypto";
import { actingAs } from "@memorial/lib/audit/actor";
import { db } from "@memorial/lib/db/client";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { ERASED_TEXT } from "@memorial/lib/privacy/erasure";
import { eraseSubject } from "@memorial/lib/privacy/subject-erase";
import { exportSubject } from "@memorial/lib/privacy/subject-export";
import {
  ERASED_ADDRESS,
  findSubject,
  SUBJECT_SOURCES,
  type SubjectScope,
  subjectHash,
} from "@memorial/lib/privacy/subject-find";
import { afterAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator, unique } from "@/e2e/support/factories";
import { awaitingFamilyTarget, newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

const cli = <T>(work: () => Promise<T>) => actingAs({ kind: "cli", account: "test" }, work);
const SERVICE: SubjectScope = { kind: "service" };
const hash = () => randomBytes(32).toString("hex");

/**
 * An operator whose every table holds `email` (upper case in some) and `name`: a family, a
 * subscription, a visitor's planting with its tree, guestbook entry and queued planting, e-mails
 * sent and not, a dashboard user (staff) beside an admin, an invitation, failed sign-ins, and the
 * user's address where what they did is recorded.
 */
async function seed(email: string, name: string, withUser = true) {
  // Stock for its two planted trees and no more: its queued planting waits for stock, and
  // the planting queue's job, which another file may run for every operator, leaves it waiting.
  const op = await makeIsolatedOperator({ stock: 2 });
  const caller = (await authenticateKey(op.key)) as Caller;
  const create = (target: ReturnType<typeof newMemorialTarget>, planter: string | null = name) =>
    fixtureMemorial(caller, plantingCommand(target, { planter, message: "Avec amour" }));
  // The family's address (upper case), waiting for it: its confirmation link holds the planter.
  const awaiting = await create(
    awaitingFamilyTarget(email.toUpperCase(), {
      family: { email: email.toUpperCase(), name, language: "fr" },
    }),
  );
  await db.confirmationToken.create({
    data: {
      memorialId: awaiting.memorialId,
      operatorId: op.operatorId,
      tokenHash: hash(),
      expiresAt: new Date(Date.now() + 86_400_000),
      planter: name,
      message: "Avec amour",
    },
  });
  const first = await create(newMemorialTarget());
  const second = await create(newMemorialTarget(), "Someone Else");
  const [a, b] = [first.memorialId, second.memorialId].sort((x, y) => x - y);
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId: first.memorialId } });
  await db.tree.update({ where: { id: tree.id }, data: { plantedBy: name } });
  await db.reminderSubscription.create({
    data: {
      memorialId: first.memorialId,
      email,
      language: "fr",
      deathAnniversary: true,
      birthday: false,
      unsubscribeTokenHash: hash(),
      confirmedAt: new Date(),
      linkBase: "http://trees.test",
    },
  });
  const visitor = await db.visitorPlanting.create({
    data: {
      memorialId: second.memorialId,
      operatorId: op.operatorId,
      origin: "visitor_code",
      status: "planted",
      planter: name,
      message: "De tout cœur",
      email: email.toUpperCase(),
      language: "fr",
      linkBase: "http://trees.test",
      treeId: (await db.tree.findFirstOrThrow({ where: { memorialId: second.memorialId } })).id,
    },
  });
  const entry = await db.guestbookEntry.create({
    data: {
      memorialId: second.memorialId,
      authorName: "Vera Visitor",
      message: "De tout cœur",
      status: "published",
      visitorPlantingId: visitor.id,
    },
  });
  const named = await db.guestbookEntry.create({
    data: {
      memorialId: first.memorialId,
      authorName: ` ${name.toUpperCase()} `,
      message: "Pensées",
      status: "published",
    },
  });
  // A photo shared under the person's name (lib/memorial-photos), with its caption.
  const photo = await db.memorialPhoto.create({
    data: {
      memorialId: first.memorialId,
      fileKeys: ["0123456789abcdef0123456789abcdef"],
      fileWidths: [400],
      width: 400,
      height: 300,
      authorName: name,
      caption: "Au jardin",
      clientHash: "0".repeat(64),
    },
  });
  const queued = await db.queuedPlanting.create({
    data: {
      memorialId: second.memorialId,
      operatorId: op.operatorId,
      planter: name,
      visitorPlantingId: visitor.id,
    },
  });
  const sent = await db.outgoingEmail.create({
    data: {
      memorialId: first.memorialId,
      to: email,
      subject: "Sent",
      text: `Dear ${name}`,
      html: "<p>x</p>",
      status: "sent",
    },
  });
  await db.outgoingEmailAttachment.create({
    data: { emailId: sent.id, filename: "a.pdf", contentType: "application/pdf", content: Buffer.from("x") },
  });
  const admin = await db.operatorUser.create({
    data: {
      operatorId: op.operatorId,
      email: `${unique("admin").toLowerCase()}@example.org`,
      passwordHash: "x",
      role: "admin",
    },
  });
  // An address has one account in the whole service: a user of the first operator only.
  const user = withUser
    ? await db.operatorUser.create({
        data: { operatorId: op.operatorId, email, passwordHash: "x", role: "staff" },
      })
    : admin;
  if (withUser) {
    await db.dashboardSession.create({
      data: { id: hash().slice(0, 64), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) },
    });
  }
  // An e-mail with no memorial to the user (a password reset), not sent yet.
  await db.outgoingEmail.create({ data: { to: email, subject: "Reset", text: "t", html: "h" } });
  await db.operatorInvitation.create({
    data: {
      operatorId: op.operatorId,
      email,
      role: "staff",
      language: "fr",
      tokenHash: hash(),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  await db.signInFailure.create({ data: { email } });
  await db.treeHistory.create({
    data: { treeId: tree.id, step: "in_ground", occurredOn: new Date(), recordedBy: email, plantedBy: name },
  });
  await db.treeMove.create({
    data: { treeId: tree.id, operatorId: op.operatorId, fromMemorialId: a, toMemorialId: b, movedBy: email },
  });
  // The two memorials' persons match: the pair may already be detected.
  const duplicate = await db.memorialDuplicate.upsert({
    where: { firstMemorialId_secondMemorialId: { firstMemorialId: a, secondMemorialId: b } },
    update: { state: "unmerged", decidedBy: email },
    create: {
      operatorId: op.operatorId,
      firstMemorialId: a,
      secondMemorialId: b,
      nameSimilarity: 1,
      deathDaysApart: 0,
      state: "unmerged",
      decidedBy: email,
    },
  });
  await db.memorialMerge.create({
    data: {
      operatorId: op.operatorId,
      duplicateId: duplicate.id,
      keptMemorialId: a,
      mergedMemorialId: b,
      mergedBy: email,
      undoneBy: email,
      undoneAt: new Date(),
    },
  });
  return {
    op,
    awaiting: awaiting.memorialId,
    first: first.memorialId,
    second: second.memorialId,
    tree,
    visitor,
    entry,
    named,
    photo,
    queued,
    sent,
    admin,
    user,
  };
}

const address = () =>
  `sr_${unique("x")
    .replace(/[^a-z0-9]/gi, "")
    .toLowerCase()}@example.org`;

describe("a data subject's rows", () => {
  it("are found in every source, exactly; an operator's scope keeps to its own", async () => {
    const email = address();
    const name = `Anne ${unique("N")}`;
    const mine = await seed(email, name);
    const theirs = await seed(email, name, false);
    // "_" is a character, not a pattern: an address that differs there is another person's.
    const lookalike = email.replace("sr_", "srx");
    const decoy = await db.signInFailure.create({ data: { email: lookalike } });

    const all = await findSubject({ email: ` ${email.toUpperCase()} `, name, scope: SERVICE });
    const sources = new Set(all.places.map((place) => place.source));
    expect([...sources].sort()).toEqual(SUBJECT_SOURCES.map((source) => source.key).sort());
    expect(all.email).toBe(email);
    expect(all.places.find((place) => place.table === "sign_in_failure")?.ids).not.toContain(decoy.id);

    const scoped = await findSubject({
      email,
      name,
      scope: { kind: "operator", operatorId: mine.op.operatorId, team: true },
    });
    expect(scoped.places.map((place) => place.source).sort()).toEqual([...sources].sort());
    const other = await findSubject({
      email,
      name,
      scope: { kind: "operator", operatorId: theirs.op.operatorId, team: true },
    });
    // Rows of no operator (failed sign-ins, a reset e-mail) belong to both: an invitation of each.
    expect(scoped.total).toBeLessThan(all.total);
    expect(other.total).toBeLessThan(all.total);
    expect(other.places.some((place) => place.table === "operator_user")).toBe(false);
    const theirs_: Record<string, number> = {
      visitor_planting: theirs.visitor.id,
      outgoing_email: theirs.sent.id,
      guestbook_entry: theirs.entry.id,
    };
    for (const place of scoped.places) {
      if (place.table in theirs_) expect(place.ids).not.toContain(theirs_[place.table]);
    }
    // The API's scope: the operator's memorials, not its team.
    const api = await findSubject({
      email,
      name,
      scope: { kind: "operator", operatorId: mine.op.operatorId, team: false },
    });
    const apiSources = new Set(api.places.map((place) => place.source));
    for (const source of SUBJECT_SOURCES.filter((s) => s.team))
      expect(apiSources.has(source.key)).toBe(false);
    expect(apiSources.has("operator_user.email")).toBe(false);
    expect(apiSources.has("family.email")).toBe(true);
    // No name asked: the name sources are not searched.
    const noName = await findSubject({ email, scope: SERVICE });
    expect(noName.places.some((place) => place.source === "guestbook_entry.author_name")).toBe(false);
    expect(noName.places.some((place) => place.source === "family.email")).toBe(true);
  });

  it("are exported with their fields, erased once (another operator's kept), with one audit row and one event per memorial", async () => {
    const email = address();
    const name = `Bruno ${unique("N")}`;
    const mine = await seed(email, name);
    const theirs = await seed(email, name, false);
    const scope: SubjectScope = { kind: "operator", operatorId: mine.op.operatorId, team: true };

    const transactions = await db.transaction.count({ where: { memorialId: mine.first } });
    const copy = await cli(() => exportSubject({ email, name, scope }));
    const families = copy.tables.find((t) => t.source === "family.email");
    expect(families?.fields).toEqual(["email", "name"]);
    expect(families?.rows[0]).toMatchObject({ email: email.toUpperCase(), name, memorial_id: mine.awaiting });
    expect(JSON.stringify(copy)).not.toContain("password_hash");

    const report = await cli(() => eraseSubject({ email, name, scope }));
    expect(report.subject).toBe(subjectHash(email));
    expect(report.total).toBeGreaterThan(15);
    expect(report.changes.find((c) => c.source === "reminder_subscription.email")).toMatchObject({
      erasure: "delete",
      rows: 1,
    });
    expect(report.changes.find((c) => c.source === "visitor_planting.email")).toMatchObject({
      erasure: "anonymise",
      fields: ["email", "planter", "message"],
      rows: 1,
    });

    // What stays, anonymous; what went.
    const family = await db.family.findUniqueOrThrow({ where: { memorialId: mine.awaiting } });
    expect(family).toMatchObject({ email: null, name: null });
    const visitor = await db.visitorPlanting.findUniqueOrThrow({ where: { id: mine.visitor.id } });
    expect(visitor).toMatchObject({ email: null, planter: ERASED_TEXT, message: null, status: "planted" });
    const tree = await db.tree.findUniqueOrThrow({ where: { id: visitor.treeId as number } });
    expect(tree).toMatchObject({ planter: ERASED_TEXT, message: null });
    expect(await db.guestbookEntry.findUniqueOrThrow({ where: { id: mine.entry.id } })).toMatchObject({
      authorName: ERASED_TEXT,
      message: ERASED_TEXT,
    });
    expect(await db.guestbookEntry.findUniqueOrThrow({ where: { id: mine.named.id } })).toMatchObject({
      authorName: ERASED_TEXT,
    });
    expect(await db.memorialPhoto.findUniqueOrThrow({ where: { id: mine.photo.id } })).toMatchObject({
      authorName: null,
      caption: null,
    });
    expect(await db.queuedPlanting.findUniqueOrThrow({ where: { id: mine.queued.id } })).toMatchObject({
      planter: ERASED_TEXT,
    });
    const named = await db.tree.findUniqueOrThrow({ where: { id: mine.tree.id } });
    expect(named).toMatchObject({ planter: ERASED_TEXT, message: null, plantedBy: null });
    expect(await db.transaction.count({ where: { memorialId: mine.first } })).toBe(transactions);
    const sent = await db.outgoingEmail.findUniqueOrThrow({ where: { id: mine.sent.id } });
    expect(sent).toMatchObject({ to: ERASED_ADDRESS, text: "", html: "", status: "sent", subject: "Sent" });
    expect(await db.outgoingEmailAttachment.count({ where: { emailId: mine.sent.id } })).toBe(0);
    expect(await db.reminderSubscription.count({ where: { memorialId: mine.first } })).toBe(0);
    expect(await db.operatorInvitation.count({ where: { operatorId: mine.op.operatorId } })).toBe(0);
    const user = await db.operatorUser.findUniqueOrThrow({ where: { id: mine.user.id } });
    expect(user.email).toBe(`erased-${user.id}@invalid`);
    expect(await db.dashboardSession.count({ where: { userId: user.id } })).toBe(0);
    const confirmation = await db.confirmationToken.findFirstOrThrow({
      where: { memorialId: mine.awaiting },
    });
    expect(confirmation.planter).toBe(ERASED_TEXT);

    // The other operator's rows are all there.
    const left = await findSubject({ email, name, scope: SERVICE });
    expect(left.places.map((p) => p.source).sort()).toEqual(
      SUBJECT_SOURCES.filter(
        (s) =>
          !["operator_user", "sign_in_failure"].includes(s.table) &&
          s.key !== "outgoing_email.to_address (not sent)",
      )
        .map((s) => s.key)
        .sort(),
    );
    expect(left.places.some((p) => p.table === "operator_user")).toBe(false);
    expect(await db.visitorPlanting.findUniqueOrThrow({ where: { id: theirs.visitor.id } })).toMatchObject({
      email: email.toUpperCase(),
    });

    // One audit row per answer, naming the subject by its hash, never the address.
    const audit = await db.auditLog.findMany({
      where: { targetType: "subject", targetId: subjectHash(email) },
      orderBy: { id: "asc" },
    });
    expect(audit.map((row) => row.action)).toEqual(["subject.exported", "subject.erased"]);
    expect(audit[1]).toMatchObject({ actorKind: "cli", operatorId: mine.op.operatorId });
    const logged = JSON.stringify(audit, (_, value) => (typeof value === "bigint" ? String(value) : value));
    expect(logged).not.toContain(email);
    expect(logged).not.toContain(name);

    // One event per memorial where something was erased (a webhook: partners read it again).
    const erasedOn = (operatorId: number) =>
      db.domainEvent
        .findMany({ where: { type: "memorial.personal_data_erased", operatorId }, orderBy: { id: "asc" } })
        .then((rows) => rows.map((row) => row.memorialId));
    const mineEvents = await erasedOn(mine.op.operatorId);
    expect(mineEvents).toEqual(expect.arrayContaining([mine.first, mine.awaiting]));
    expect(new Set(mineEvents).size).toBe(mineEvents.length);
    expect(await erasedOn(theirs.op.operatorId)).toEqual([]);

    // A second erasure finds nothing, changes nothing; the service's erases the rest.
    expect((await cli(() => eraseSubject({ email, name, scope }))).total).toBe(0);
    expect((await findSubject({ email, name, scope })).total).toBe(0);
    expect(await erasedOn(mine.op.operatorId)).toEqual(mineEvents);
    await cli(() => eraseSubject({ email, name, scope: SERVICE }));
    expect((await findSubject({ email, name, scope: SERVICE })).total).toBe(0);
    expect(await erasedOn(theirs.op.operatorId)).toEqual(expect.arrayContaining([theirs.first]));
    expect(await erasedOn(mine.op.operatorId)).toEqual(mineEvents);
  });

  it("refuses the last admin of an operator, and changes nothing", async () => {
    const op = await makeIsolatedOperator();
    const email = address();
    await db.operatorUser.create({
      data: { operatorId: op.operatorId, email, passwordHash: "x", role: "admin" },
    });
    await db.signInFailure.create({ data: { email } });
    await expect(cli(() => eraseSubject({ email, scope: SERVICE }))).rejects.toThrow(/last admin/);
    expect(await db.signInFailure.count({ where: { email } })).toBe(1);
    expect(await db.operatorUser.count({ where: { email } })).toBe(1);
  });

  it("keeps one admin when two are erased at once, and erases a person once however many ask", async () => {
    const op = await makeIsolatedOperator({ stock: 5 });
    const [first, second] = [address(), address()];
    for (const email of [first, second]) {
      await db.operatorUser.create({
        data: { operatorId: op.operatorId, email, passwordHash: "x", role: "admin" },
      });
    }
    const both = await Promise.allSettled(
      [first, second].map((email) => cli(() => eraseSubject({ email, scope: SERVICE }))),
    );
    expect(both.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const admins = await db.operatorUser.findMany({ where: { operatorId: op.operatorId, role: "admin" } });
    expect(admins).toHaveLength(1);
    expect([first, second]).toContain(admins[0]?.email);

    // Ten erasures of one person at once: each row changed once, all told.
    const email = address();
    const name = `Claire ${unique("N")}`;
    await seed(email, name, false);
    const expected = (await findSubject({ email, name, scope: SERVICE })).total;
    const reports = await Promise.all(
      Array.from({ length: 10 }, () => cli(() => eraseSubject({ email, name, scope: SERVICE }))),
    );
    // A row reached by two sources (a visitor's tree that also bears the name) counts in each.
    expect(reports.reduce((n, report) => n + report.total, 0)).toBe(expected);
    expect((await findSubject({ email, name, scope: SERVICE })).total).toBe(0);
  });

  it("refuses what is not an address, naming the field", async () => {
    await expect(findSubject({ email: "nobody", scope: SERVICE })).rejects.toMatchObject({
      code: "INVALID_INPUT",
      problem: { field: "email", reason: "invalid" },
    });
    await expect(findSubject({ email: "  ", scope: SERVICE })).rejects.toMatchObject({
      problem: { field: "email", reason: "required" },
    });
  });
});

/**
 * The database's text columns that may hold an e-mail address or a person's name, each either a
 * source of the finder or here, with why it holds no one's address or name.
 */
const NOT_A_PERSON: Record<string, string> = {
  "operator.name": "the operator, a company",
  "context.name": "a funeral home, a newspaper: an organisation",
  "api_key.name": "a key's label",
  "species.name": "a species",
  "species.name_nl": "a species",
  "species.name_en": "a species",
  "species.name_de": "a species",
  "species.latin_name": "a species",
  "plantation.name": "a planting site",
  "plantation.name_nl": "a planting site",
  "plantation.name_en": "a planting site",
  "plantation.name_de": "a planting site",
  "outgoing_email_attachment.filename": "a file's name",
  "person.first_name": "the deceased: the family's erasure (lib/privacy/erasure.ts) anonymises them",
  "person.last_name": "the deceased: the family's erasure anonymises them",
  "memorial.anonymous_name": "the deceased's anonymous name: the family's erasure",
  "guestbook_entry.decided_by": "'family' or 'operator', never an address",
  "memorial_photo.decided_by": "'family' or 'operator', never an address",
  "audit_log.actor_label": "a key's or job's name, the command line's system account; never an address",
  "webhook_endpoint.url": "an operator's endpoint",
  "webhook_event_type.name": "a webhook event type",
  "memorial.deceased_url": "the operator's page about the deceased",
  "person.image_url": "the deceased's photo: the family's erasure",
  "reminder_subscription.link_base": "a site's address",
  "visitor_planting.link_base": "a site's address",
  // The ceremony's place is a church, a hall, a crematorium: its name and street address, not a
  // person's name or e-mail address. What it may say of people goes with the family's erasure,
  // which deletes the ceremony (lib/privacy/erasure.ts).
  "ceremony.place_name": "the ceremony's place: the family's erasure deletes it",
  "ceremony.place_address": "the ceremony's street address: the family's erasure deletes it",
  "ceremony.map_url": "a map of the ceremony's place",
  "ceremony.livestream_url": "the ceremony's livestream",
};

describe("the finder's inventory", () => {
  it("covers every column that may hold an address or a name", async () => {
    const columns = await db.$queryRaw<{ name: string }[]>`
      SELECT table_name || '.' || column_name AS "name" FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('character varying', 'text', 'character')
        AND column_name ~ '(email|address|recipient|_by$|name|planter|author|url|link)'
        AND table_name <> '_prisma_migrations'
      ORDER BY 1`;
    const covered = new Set(
      SUBJECT_SOURCES.filter((source) => source.column).map((source) => `${source.table}.${source.column}`),
    );
    const forgotten = columns
      .map((c) => c.name)
      .filter((name) => !covered.has(name) && !(name in NOT_A_PERSON));
    expect(forgotten, "a column holds an address or a name: add it to SUBJECT_SOURCES").toEqual([]);
  });
});
