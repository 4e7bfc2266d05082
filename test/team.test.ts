// The dashboard's team against the real PostgreSQL: invitations (single use, expiring, hashed,
// one user however many simultaneous presses), the last admin kept under concurrency, password
// resets (single use, no enumeration, limited per address), and the command line's --role.
import { readFileSync } from "node:fs";
import { actingAs } from "@memorial/lib/audit/actor";
import { db, disconnect } from "@memorial/lib/db/client";
import { createOperator } from "@memorial/lib/operators/create-operator";
import { dashboardScope, VISITOR } from "@memorial/lib/scope";
import { createUser } from "@memorial/lib/users/create-user";
import {
  lookupPasswordReset,
  RESET_MAX_PER_ADDRESS,
  RESET_MAX_PER_CLIENT,
  requestPasswordReset,
  resetPassword,
} from "@memorial/lib/users/password-reset";
import { verifyPassword } from "@memorial/lib/users/passwords";
import {
  acceptInvitation,
  changeRole,
  inviteUser,
  lookupInvitation,
  removeUser,
} from "@memorial/lib/users/team";
import { tokenHash } from "@memorial/lib/users/tokens";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_FIXTURE } from "@/e2e/support/factories";
import { runCli } from "./support/cli";

afterAll(() => disconnect());

let counter = 0;
const address = (name: string) => `${name}-${process.pid}-${Date.now()}-${++counter}@example.org`;
const BASE = "https://trees.example";

/** The test's own setup: the test fixture acts. */
const fixture = <T>(work: () => Promise<T>) => actingAs(TEST_FIXTURE, work);

/** What the signed-in user `userId` does from the dashboard: they act. */
const asUser = <T>(operatorId: number, userId: number, work: () => Promise<T>) =>
  actingAs(dashboardScope({ operatorId, userId }).actor, work);

const operatorWithAdmin = () =>
  fixture(async () => {
    const { operatorId } = await createOperator({ name: `Team ${++counter}` });
    const admin = await createUser({ operatorId, email: address("admin"), password: "long enough pw" });
    return { operatorId, admin };
  });

/** The token of the newest e-mail to `to`, read from the outbox row's link. */
async function linkToken(to: string, kind: "invite" | "reset"): Promise<string> {
  const mail = await db.outgoingEmail.findFirstOrThrow({ where: { to }, orderBy: { id: "desc" } });
  const match = mail.text.match(new RegExp(`${BASE}/dashboard/${kind}/([A-Za-z0-9_-]+)`));
  expect(match, mail.text).not.toBeNull();
  return match![1];
}

async function invite(operatorId: number, invitedById: number, role = "staff", language: "fr" | "en" = "en") {
  const email = address("colleague");
  const result = await asUser(operatorId, invitedById, () =>
    inviteUser({ operatorId, invitedById, email, role, language, linkBase: BASE }),
  );
  expect(result.ok).toBe(true);
  return { email, token: await linkToken(email, "invite") };
}

describe("invitations", () => {
  it("e-mail a link whose token is stored only as a hash, in the inviter's language", async () => {
    const { operatorId, admin } = await operatorWithAdmin();
    const { email, token } = await invite(operatorId, admin.id, "staff", "fr");
    const row = await db.operatorInvitation.findFirstOrThrow({ where: { email } });
    expect(row.tokenHash).toBe(tokenHash(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const mail = await db.outgoingEmail.findFirstOrThrow({ where: { to: email } });
    expect(mail.subject).toContain("Invitation au tableau de bord");
    expect(mail.text).toContain("collaborateur");
    // Expires after INVITATION_TTL_DAYS (7 by default).
    const days = (row.expiresAt.getTime() - row.createdAt.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect(await lookupInvitation(token)).toMatchObject({ state: "pending", email, role: "staff" });
  });

  it("refuse an address that has an account, and a role that does not exist", async () => {
    const { operatorId, admin } = await operatorWithAdmin();
    const base = { operatorId, invitedById: admin.id, language: "en" as const, linkBase: BASE };
    expect(
      await asUser(operatorId, admin.id, () => inviteUser({ ...base, email: admin.email, role: "staff" })),
    ).toEqual({
      ok: false,
      reason: "user-exists",
    });
    expect(
      await asUser(operatorId, admin.id, () => inviteUser({ ...base, email: address("x"), role: "owner" })),
    ).toEqual({
      ok: false,
      reason: "invalid-role",
    });
    expect(
      await asUser(operatorId, admin.id, () =>
        inviteUser({ ...base, email: "not an address", role: "staff" }),
      ),
    ).toEqual({
      ok: false,
      reason: "invalid-email",
    });
  });

  it("create one user however many simultaneous presses, and work once", async () => {
    const { operatorId, admin } = await operatorWithAdmin();
    const { email, token } = await invite(operatorId, admin.id, "admin");
    const results = await Promise.all(
      Array.from({ length: 6 }, () => acceptInvitation(token, "my own password 1")),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(Array(5).fill("used"));
    const users = await db.operatorUser.findMany({ where: { email } });
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ operatorId, role: "admin" });
    expect(await verifyPassword("my own password 1", users[0].passwordHash)).toBe(true);
    expect(await lookupInvitation(token)).toMatchObject({ state: "used" });
    expect(await acceptInvitation(token, "another password 2")).toEqual({ ok: false, reason: "used" });
  });

  it("refuse an expired, a replaced and an unknown link, creating nothing; a short password consumes nothing", async () => {
    const { operatorId, admin } = await operatorWithAdmin();
    const first = await invite(operatorId, admin.id);
    await expect(acceptInvitation(first.token, "short")).rejects.toThrow("at least 10 characters");
    expect(await lookupInvitation(first.token)).toMatchObject({ state: "pending" });

    await db.operatorInvitation.updateMany({
      where: { tokenHash: tokenHash(first.token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await lookupInvitation(first.token)).toEqual({ state: "expired", language: "en" });
    expect(await acceptInvitation(first.token, "long enough pw")).toEqual({ ok: false, reason: "expired" });

    // A new invitation to the same address replaces the one before.
    const second = await invite(operatorId, admin.id);
    const again = await asUser(operatorId, admin.id, () =>
      inviteUser({
        operatorId,
        invitedById: admin.id,
        email: second.email,
        role: "staff",
        language: "en",
        linkBase: BASE,
      }),
    );
    expect(again.ok).toBe(true);
    expect(await acceptInvitation(second.token, "long enough pw")).toEqual({ ok: false, reason: "expired" });

    const unknown = "A".repeat(43);
    expect(await lookupInvitation(unknown)).toEqual({ state: "unknown" });
    expect(await acceptInvitation(unknown, "long enough pw")).toEqual({ ok: false, reason: "unknown" });
    expect(await lookupInvitation("../../etc")).toEqual({ state: "unknown" });
    expect(await db.operatorUser.count({ where: { email: { in: [first.email, second.email] } } })).toBe(0);
  });
});

describe("an invitation to an address that got an account meanwhile", () => {
  it("is refused without being consumed, and creates nothing", async () => {
    const { operatorId, admin } = await operatorWithAdmin();
    const { email, token } = await invite(operatorId, admin.id);
    const elsewhere = await operatorWithAdmin();
    await fixture(() => createUser({ operatorId: elsewhere.operatorId, email, password: "long enough pw" }));
    expect(await acceptInvitation(token, "long enough pw")).toEqual({ ok: false, reason: "user-exists" });
    expect(await lookupInvitation(token)).toMatchObject({ state: "pending" });
    expect((await db.operatorUser.findUniqueOrThrow({ where: { email } })).operatorId).toBe(
      elsewhere.operatorId,
    );
  });
});

describe("the last admin", () => {
  it("can be neither demoted nor removed", async () => {
    const { operatorId, admin } = await operatorWithAdmin();
    const asAdmin = <T>(work: () => Promise<T>) => asUser(operatorId, admin.id, work);
    expect(await asAdmin(() => changeRole({ operatorId, userId: admin.id, role: "staff" }))).toEqual({
      ok: false,
      reason: "last-admin",
    });
    expect(await asAdmin(() => removeUser({ operatorId, userId: admin.id }))).toEqual({
      ok: false,
      reason: "last-admin",
    });
    // Another operator's user is not found.
    const other = await operatorWithAdmin();
    expect(await asAdmin(() => removeUser({ operatorId, userId: other.admin.id }))).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await db.operatorUser.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe("admin");
  });

  it("stays when two admins demote or remove each other at the same time", async () => {
    for (const attempt of ["demote", "remove", "demote", "remove"] as const) {
      const { operatorId, admin } = await operatorWithAdmin();
      const second = await fixture(() =>
        createUser({ operatorId, email: address("admin2"), password: "long enough pw" }),
      );
      // Each admin acts on the other.
      const act = (userId: number) =>
        asUser(operatorId, userId === admin.id ? second.id : admin.id, () =>
          attempt === "demote"
            ? changeRole({ operatorId, userId, role: "staff" })
            : removeUser({ operatorId, userId }),
        );
      const results = await Promise.all([act(admin.id), act(second.id)]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "last-admin" }]);
      expect(await db.operatorUser.count({ where: { operatorId, role: "admin" } })).toBe(1);
    }
  });

  it("a staff user can be removed, and the removal ends their sessions", async () => {
    const { operatorId, admin } = await operatorWithAdmin();
    const staff = await fixture(() =>
      createUser({
        operatorId,
        email: address("staff"),
        password: "long enough pw",
        role: "staff",
      }),
    );
    await db.dashboardSession.create({
      data: { id: `s-${staff.id}`, userId: staff.id, expiresAt: new Date(Date.now() + 3600_000) },
    });
    expect(await asUser(operatorId, admin.id, () => removeUser({ operatorId, userId: staff.id }))).toEqual({
      ok: true,
    });
    expect(await db.dashboardSession.count({ where: { userId: staff.id } })).toBe(0);
  });
});

describe("password reset", () => {
  // Asked from the signed-out page: a visitor acts.
  const request = (email: string, client = `c-${counter}`) =>
    actingAs(VISITOR.actor, () => requestPasswordReset({ email, client, language: "de", linkBase: BASE }));

  it("sends a link only to a known address; the answer to the caller is the same", async () => {
    const { admin } = await operatorWithAdmin();
    expect(await request(admin.email.toUpperCase())).toBe("sent");
    const mail = await db.outgoingEmail.findFirstOrThrow({ where: { to: admin.email } });
    expect(mail.subject).toBe("Ihr Passwort zurücksetzen");
    const stranger = address("nobody");
    expect(await request(stranger)).toBe("unknown");
    expect(await db.outgoingEmail.count({ where: { to: stranger } })).toBe(0);
    // The link lives PASSWORD_RESET_TTL_MINUTES (60 by default).
    const token = await linkToken(admin.email, "reset");
    const row = await db.passwordResetToken.findUniqueOrThrow({ where: { tokenHash: tokenHash(token) } });
    expect(Math.round((row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000)).toBe(60);
  });

  it("sends at most RESET_MAX_PER_ADDRESS e-mails per address per hour, from any client", async () => {
    const { admin } = await operatorWithAdmin();
    const outcomes = [];
    for (let i = 0; i < RESET_MAX_PER_ADDRESS + 2; i++)
      outcomes.push(await request(admin.email, `client-${i}`));
    expect(outcomes).toEqual([...Array(RESET_MAX_PER_ADDRESS).fill("sent"), "limited", "limited"]);
    expect(await db.outgoingEmail.count({ where: { to: admin.email } })).toBe(RESET_MAX_PER_ADDRESS);
  });

  it("acts on at most RESET_MAX_PER_CLIENT requests per client per hour, whatever the addresses", async () => {
    const { admin } = await operatorWithAdmin();
    const client = `sprayer-${Date.now()}`;
    for (let i = 0; i < RESET_MAX_PER_CLIENT; i++)
      expect(await request(address("spray"), client)).toBe("unknown");
    expect(await request(admin.email, client)).toBe("limited");
    expect(await db.outgoingEmail.count({ where: { to: admin.email } })).toBe(0);
  });

  it("sets the password once, ends the user's sessions, and refuses a used, expired or unknown link", async () => {
    const { admin } = await operatorWithAdmin();
    await db.dashboardSession.create({
      data: { id: `r-${admin.id}`, userId: admin.id, expiresAt: new Date(Date.now() + 3600_000) },
    });
    await request(admin.email);
    const token = await linkToken(admin.email, "reset");
    await expect(resetPassword(token, "short")).rejects.toThrow("at least 10 characters");
    const results = await Promise.all(
      Array.from({ length: 4 }, () => resetPassword(token, "the new password")),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const user = await db.operatorUser.findUniqueOrThrow({ where: { id: admin.id } });
    expect(await verifyPassword("the new password", user.passwordHash)).toBe(true);
    expect(await db.dashboardSession.count({ where: { userId: admin.id } })).toBe(0);
    expect(await lookupPasswordReset(token)).toEqual({ state: "used" });

    await request(admin.email);
    const second = await linkToken(admin.email, "reset");
    await db.passwordResetToken.updateMany({
      where: { tokenHash: tokenHash(second) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await resetPassword(second, "yet another password")).toEqual({ ok: false, reason: "expired" });
    expect(await resetPassword("B".repeat(43), "yet another password")).toEqual({
      ok: false,
      reason: "unknown",
    });
    const after = await db.operatorUser.findUniqueOrThrow({ where: { id: admin.id } });
    expect(after.passwordHash).toBe(user.passwordHash);
  });

  it("a newer link replaces the unused one before it", async () => {
    const { admin } = await operatorWithAdmin();
    await request(admin.email, "one");
    const first = await linkToken(admin.email, "reset");
    await request(admin.email, "two");
    expect(await lookupPasswordReset(first)).toEqual({ state: "expired" });
  });
});

describe("roles", () => {
  it("the migration makes every user who existed an admin, and later users staff", async () => {
    // The migration's statements on operator_user, run again on the table as it was before them
    // (DDL is transactional in PostgreSQL: all of it is rolled back).
    const sql = readFileSync("prisma/migrations/20261123190000_team/migration.sql", "utf8");
    const statements = sql
      .replace(/--.*$/gm, "")
      .split(";")
      .map((statement) => statement.trim())
      .filter((statement) => statement.startsWith('ALTER TABLE "operator_user"'));
    expect(statements).toHaveLength(3);
    const { operatorId } = await operatorWithAdmin();
    await fixture(() =>
      createUser({ operatorId, email: address("old-staff"), password: "long enough pw", role: "staff" }),
    );
    class Rollback extends Error {}
    const seen = await db
      .$transaction(async (tx) => {
        await tx.$executeRawUnsafe('ALTER TABLE "operator_user" DROP COLUMN "role"');
        for (const statement of statements) await tx.$executeRawUnsafe(statement);
        const before = await tx.$queryRaw<{ role: string }[]>`SELECT DISTINCT "role" FROM "operator_user"`;
        const email = address("after");
        await tx.$executeRaw`INSERT INTO "operator_user" ("operator_id", "email", "password_hash") VALUES (${operatorId}, ${email}, 'x')`;
        const [after] = await tx.$queryRaw<
          { role: string }[]
        >`SELECT "role" FROM "operator_user" WHERE "email" = ${email}`;
        throw Object.assign(new Rollback(), {
          seen: { before: before.map((r) => r.role), after: after.role },
        });
      })
      .catch((error) => {
        if (error instanceof Rollback) return (error as Rollback & { seen: unknown }).seen;
        throw error;
      });
    expect(seen).toEqual({ before: ["admin"], after: "staff" });
  });

  it("a user created without a role by a query gets staff; the database refuses an unknown role", async () => {
    const { operatorId } = await operatorWithAdmin();
    const email = address("raw");
    await db.$executeRaw`INSERT INTO "operator_user" ("operator_id", "email", "password_hash") VALUES (${operatorId}, ${email}, 'x')`;
    expect((await db.operatorUser.findUniqueOrThrow({ where: { email } })).role).toBe("staff");
    await expect(
      db.$executeRaw`UPDATE "operator_user" SET "role" = 'owner' WHERE "email" = ${email}`,
    ).rejects.toThrow(/operator_user_role_check/);
  });

  it("the command line makes an admin by default, staff with --role staff, and refuses another role", async () => {
    const { operatorId } = await fixture(() => createOperator({ name: "CLI roles" }));
    const first = address("first");
    const admin = await runCli(
      "user",
      "create",
      "--operator",
      String(operatorId),
      "--email",
      first,
      "--password",
      "long enough pw",
    );
    expect(admin.code).toBe(0);
    expect(admin.json).toMatchObject({ role: "admin" });
    const staff = await runCli(
      "user",
      "create",
      "--operator",
      String(operatorId),
      "--email",
      address("s"),
      "--password",
      "long enough pw",
      "--role",
      "staff",
    );
    expect(staff.json).toMatchObject({ role: "staff" });
    const bad = await runCli(
      "user",
      "create",
      "--operator",
      String(operatorId),
      "--email",
      address("b"),
      "--password",
      "long enough pw",
      "--role",
      "owner",
    );
    expect(bad.code).toBe(2);
  });
});
