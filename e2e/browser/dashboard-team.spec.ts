// The dashboard's team: an admin invites a colleague by e-mail (the real e-mail
// read from the test SMTP server), the colleague sets a password and signs in as staff; staff are
// refused on every admin route, page and server action through HTTP, and a demotion applies at
// once; a used invitation link is refused; a forgotten password is reset by e-mail, with the same
// answer for an unknown address.

import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { actingAs } from "@memorial/lib/audit/actor";
import { createUser } from "@memorial/lib/users/create-user";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { baseUrl, db, mailDir, makeIsolatedOperator, TEST_FIXTURE, unique } from "../support/factories";
import { mailText, waitForMail } from "../support/smtp";
import { makeUser, PASSWORD, signedInOperator, signIn } from "./dashboard-support";

const address = (name: string) =>
  `${unique(name)
    .replace(/[^a-z0-9-]/gi, "")
    .toLowerCase()}@example.org`;

async function makeStaff(operatorId: number) {
  const email = address("staff");
  const user = await actingAs(TEST_FIXTURE, () =>
    createUser({ operatorId, email, password: PASSWORD, role: "staff" }),
  );
  return { id: user.id, email, password: PASSWORD };
}

/** The path of the dashboard link (invitation or reset) in the newest e-mail to `to`. */
async function linkIn(to: string, kind: "invite" | "reset") {
  const mail = await waitForMail(mailDir(), to);
  // The parts are quoted-printable: mailText gives their bytes, read here as UTF-8.
  const text = Buffer.from(mailText(mail), "latin1").toString("utf8");
  const match = text.match(new RegExp(`/dashboard/${kind}/[A-Za-z0-9_-]{43}`));
  expect(match, text).not.toBeNull();
  return { path: match![0], text };
}

// Server actions, posted as the browser posts them: the action's id (from the build's manifest),
// this site's Origin, the arguments as JSON, to a page that uses the action.
const manifest = () =>
  JSON.parse(readFileSync(path.resolve(".next/server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };

// The modules of the dashboard's server actions.
const ACTION_FILES = [
  "web/dashboard/actions.ts",
  "web/dashboard/tree-actions.ts",
  "web/dashboard/privacy-actions.ts",
  "web/dashboard/duplicate-actions.ts",
  "web/dashboard/move-actions.ts",
];

function actionIds(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [id, entry] of Object.entries(manifest().node)) {
    if (entry.filename && ACTION_FILES.includes(entry.filename) && entry.exportedName)
      ids.set(entry.exportedName, id);
  }
  return ids;
}

async function callAction(request: APIRequestContext, pagePath: string, id: string, args: unknown[]) {
  const response = await request.post(`${baseUrl()}${pagePath}`, {
    headers: {
      "next-action": id,
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: baseUrl(),
    },
    data: JSON.stringify(args),
  });
  return { status: response.status(), text: await response.text() };
}

// Every action of ACTION_FILES is one or the other: a new action fails this test until
// it is listed here (and checked below if it is for admins).
const ADMIN_ACTIONS = [
  "createKeyAction",
  "revokeKeyAction",
  "createWebhookAction",
  "deleteWebhookAction",
  "resendWebhookDeliveryAction",
  "inviteUserAction",
  "changeRoleAction",
  "removeUserAction",
  "revokeInvitationAction",
  // What becomes of an unconfirmed memorial's tree: the operator's setting.
  "setUnconfirmedOutcomeAction",
  // A person's request: find, copy and erase their data.
  "findSubjectAction",
  "exportSubjectAction",
  "eraseSubjectAction",
];
const OTHER_ACTIONS = [
  "setLanguageAction",
  "changePasswordAction",
  "plantAction",
  "modifyPersonAction",
  "resendConfirmationAction",
  "requestPasswordResetAction",
  // A tree's life: staff record it, as they plant.
  "recordInGroundAction",
  "recordCheckAction",
  "declareDeathAction",
  // An abusive guestbook message.
  "hideGuestbookEntryAction",
  // A new management link e-mailed to the family (the memorial's page).
  "sendManageLinkAction",
  // Possible duplicates and moving trees: staff do them, as they plant.
  "notSamePersonAction",
  "mergeDuplicatesAction",
  "undoMergeAction",
  "moveTreesAction",
];

// Every route handler under app/api/dashboard: admin-only ones answer staff 403.
const ADMIN_ROUTES = [
  "/api/dashboard/keys",
  "/api/dashboard/webhooks",
  "/api/dashboard/team",
  "/api/dashboard/visitors",
  // The operator's audit log and its CSV.
  "/api/dashboard/audit",
  "/api/dashboard/audit/csv",
];
/** Admin routes that only take a POST (planting codes answered as a file). */
const ADMIN_POST_ROUTES = ["/api/dashboard/visitors/codes"];
const STAFF_ROUTES = [
  "/api/dashboard/memorials",
  "/api/dashboard/reports",
  "/api/dashboard/reports/csv",
  "/api/dashboard/reports/xlsx",
  "/api/dashboard/transactions",
  "/api/dashboard/transactions/csv",
  "/api/dashboard/transactions/xlsx",
  "/api/dashboard/memorials/[id]/print-kit",
  "/api/dashboard/reports/life/csv",
  "/api/dashboard/reports/life/xlsx",
  "/api/dashboard/trees",
  "/api/dashboard/trees/import",
  "/api/dashboard/trees/photo",
  // The tree lists and the waiting trees' field sheet.
  "/api/dashboard/trees/lists",
  "/api/dashboard/trees/sheet",
  // One memorial's audit log and its CSV (its page shows it to every role).
  "/api/dashboard/memorials/[id]/audit",
  "/api/dashboard/memorials/[id]/audit/csv",
  // A visitor's photo of one memorial, waiting or published (its dashboard page shows them).
  "/api/dashboard/memorials/[id]/photos/[file]",
];

function routeHandlers(dir = "app/api/dashboard"): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeHandlers(full);
    return name === "route.ts" ? [`/${path.dirname(full).replace(/^app\//, "")}`] : [];
  });
}

const nav = (page: Page) => page.getByRole("navigation", { name: /sections|rubriques|secties|bereiche/i });

test("in French: an admin invites a colleague, who chooses a password and signs in as staff; the link works once", async ({
  page,
  browser,
}) => {
  const { operator, user: admin } = await signedInOperator(page, { operator: { language: "fr" } });
  await nav(page).getByRole("link", { name: "Équipe" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Équipe" })).toBeVisible();
  await expect(page.locator(`tr[data-user-email="${admin.email}"]`)).toContainText("(vous)");

  // The last admin cannot demote themselves: a French refusal, the role unchanged.
  await page.getByLabel(`Rôle de ${admin.email}`).selectOption("staff");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "L'équipe doit garder au moins un administrateur : nommez d'abord quelqu'un d'autre administrateur.",
  );
  expect((await db.operatorUser.findUniqueOrThrow({ where: { id: admin.id } })).role).toBe("admin");

  const colleague = address("colleague");
  await page.getByLabel("Adresse e-mail du collègue").fill("pas une adresse");
  await page.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("Saisissez une adresse e-mail");
  await page.getByLabel("Adresse e-mail du collègue").fill(colleague);
  await page.getByLabel("Rôle", { exact: true }).selectOption("staff");
  await page.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    `Une invitation a été envoyée à ${colleague}. Son lien ne fonctionne qu'une fois et expire dans 7 jours.`,
  );
  await expect(page.locator(`tr[data-invitation-email="${colleague}"]`)).toContainText("Collaborateur");

  // The real e-mail, in the inviting user's language.
  const { path: link, text } = await linkIn(colleague, "invite");
  expect(text).toContain("vous invite à rejoindre le tableau de bord");
  expect(text).toContain("en tant que collaborateur");
  const token = link.split("/").pop()!;
  const row = await db.operatorInvitation.findFirstOrThrow({ where: { email: colleague } });
  expect(row.tokenHash).not.toContain(token);
  // Once sent, the outbox keeps the e-mail without its token.
  await expect
    .poll(() => db.outgoingEmail.findFirstOrThrow({ where: { to: colleague } }).then((m) => m.text))
    .not.toContain(token);

  // The colleague, in a browser of their own (English by default): the page speaks the
  // invitation's language.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  const opened = await invitee.goto(`${baseUrl()}${link}`);
  expect(opened?.status()).toBe(200);
  await expect(invitee.getByRole("heading", { level: 1 })).toContainText("Rejoindre");
  await expect(invitee.getByRole("main")).toContainText(`avec l'adresse ${colleague}`);
  // The address is there for password managers only, not shown as a second field.
  await expect(invitee.locator('input[name="username"]')).toBeHidden();
  await invitee.getByLabel("Nouveau mot de passe").fill("court");
  // (The browser's own length check is not what is tested: the server's.)
  await invitee.locator("form").evaluate((form) => form.setAttribute("novalidate", ""));
  await invitee.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(invitee.getByRole("alert")).toHaveText("Le mot de passe doit compter au moins 10 caractères.");
  expect(await db.operatorUser.count({ where: { email: colleague } })).toBe(0);
  await invitee.getByLabel("Nouveau mot de passe").fill("mon mot de passe à moi");
  await invitee.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(invitee).toHaveURL(/\/dashboard\/signin\?done=account$/);
  await expect(invitee.getByRole("status")).toHaveText(
    "Votre compte est prêt. Connectez-vous avec votre adresse e-mail et votre nouveau mot de passe.",
  );
  await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Connexion au tableau de bord");
  const created = await db.operatorUser.findUniqueOrThrow({ where: { email: colleague } });
  expect(created).toMatchObject({ operatorId: operator.operatorId, role: "staff" });
  // The service hashes at the production cost (scrypt N=2^15), whatever the tests' own users use.
  expect(created.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);

  await signIn(invitee, { email: colleague, password: "mon mot de passe à moi" }, "fr");
  await expect(invitee.getByRole("heading", { level: 1, name: "Vue d'ensemble" })).toBeVisible();
  // Staff see no admin section, and are refused the page when they type its address.
  await expect(nav(invitee).getByRole("link", { name: "Planter un arbre" })).toBeVisible();
  for (const name of ["Clés d'API", "Webhooks", "Équipe"]) {
    await expect(nav(invitee).getByRole("link", { name })).toHaveCount(0);
  }
  await invitee.goto(`${baseUrl()}/dashboard/team`);
  await expect(invitee.getByRole("heading", { level: 1 })).toHaveText("Accès réservé");
  await expect(invitee.getByRole("main")).not.toContainText(admin.email);

  // The link again: 410, in French, and nothing created.
  const again = await context.newPage();
  const reused = await again.goto(`${baseUrl()}${link}`);
  expect(reused?.status()).toBe(410);
  await expect(again.getByRole("heading", { level: 1 })).toHaveText("Cette invitation a déjà été utilisée");
  const posted = await again.request.post(`${baseUrl()}${link}`, {
    form: { password: "un autre mot de passe" },
    headers: { origin: baseUrl() },
  });
  expect(posted.status()).toBe(410);
  // An unknown link: 404.
  const unknown = await again.goto(`${baseUrl()}/dashboard/invite/${"x".repeat(43)}`);
  expect(unknown?.status()).toBe(404);
  await expect(again.getByRole("heading", { level: 1 })).toHaveText("Ce lien d'invitation est inconnu");
  expect(await db.operatorUser.count({ where: { email: colleague } })).toBe(1);
  await context.close();

  // The admin sees the new user and no pending invitation.
  await page.reload();
  await expect(page.locator(`tr[data-user-email="${colleague}"]`)).toBeVisible();
  await expect(page.getByText("Aucune invitation en attente.")).toBeVisible();
});

test("in English: simultaneous presses of an invitation create one user", async ({ page, browser }) => {
  await signedInOperator(page);
  await nav(page).getByRole("link", { name: "Team" }).click();
  // Typed before hydration, the controlled address would be emptied by React: the button says when
  // the page is hydrated.
  await expect(page.getByRole("button", { name: "Send the invitation" })).toBeEnabled();
  const colleague = address("twin");
  await page.getByLabel("Colleague's e-mail address").fill(colleague);
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(
    `An invitation was sent to ${colleague}.`,
  );
  const { path: link, text } = await linkIn(colleague, "invite");
  expect(text).toContain("as administrator");

  const context = await browser.newContext();
  const answers = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      context.request.post(`${baseUrl()}${link}`, {
        form: { password: `password number ${i}` },
        headers: { origin: baseUrl() },
        maxRedirects: 0,
      }),
    ),
  );
  const statuses = answers.map((a) => a.status()).sort();
  expect(statuses).toEqual([303, 410, 410, 410, 410]);
  expect(await db.operatorUser.count({ where: { email: colleague } })).toBe(1);
  expect((await db.operatorUser.findUniqueOrThrow({ where: { email: colleague } })).role).toBe("admin");
  await context.close();
});

test("staff are refused every admin route, page and action through HTTP; a demotion applies at once", async ({
  page,
  browser,
}) => {
  const operator = await makeIsolatedOperator({ language: "en" });
  const admin = await makeUser(operator.operatorId);
  const staff = await makeStaff(operator.operatorId);
  await signIn(page, staff);

  // Routes: every route handler is listed, the admin ones answer 403, the others 200.
  expect(routeHandlers().sort()).toEqual([...ADMIN_ROUTES, ...ADMIN_POST_ROUTES, ...STAFF_ROUTES].sort());
  for (const route of ADMIN_ROUTES) {
    const response = await page.request.get(`${baseUrl()}${route}`);
    expect(response.status(), route).toBe(403);
    expect(await response.json()).toMatchObject({ error: "FORBIDDEN" });
  }
  for (const route of ADMIN_POST_ROUTES) {
    const response = await page.request.post(`${baseUrl()}${route}`, {
      headers: { origin: baseUrl() },
      data: { target: "memorial", id: 1, count: 1, expires: "2099-01-01", format: "csv" },
    });
    expect(response.status(), route).toBe(403);
    expect(await response.json()).toMatchObject({ error: "FORBIDDEN" });
  }
  const now = new Date();
  const month = `year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`;
  for (const route of ["/api/dashboard/memorials", `/api/dashboard/transactions?${month}`]) {
    expect((await page.request.get(`${baseUrl()}${route}`)).status(), route).toBe(200);
  }

  // Pages: the refusal, nothing of the page.
  for (const pagePath of [
    "/dashboard/keys",
    "/dashboard/webhooks",
    "/dashboard/team",
    "/dashboard/privacy",
    "/dashboard/audit",
  ]) {
    await page.goto(`${baseUrl()}${pagePath}`);
    await expect(page.getByTestId("not-allowed"), pagePath).toContainText(
      "This page is for the administrators",
    );
    await expect(page.getByRole("main")).not.toContainText("mt_live_");
  }
  await expect(nav(page).getByRole("link", { name: "API keys" })).toHaveCount(0);

  // Actions: every one of ACTION_FILES is classified; each admin one says FORBIDDEN.
  const ids = actionIds();
  expect([...ids.keys()].sort()).toEqual([...ADMIN_ACTIONS, ...OTHER_ACTIONS].sort());
  const key = await db.apiKey.findFirstOrThrow({ where: { operatorId: operator.operatorId } });
  const invitation = await db.operatorInvitation.create({
    data: {
      operatorId: operator.operatorId,
      email: address("pending"),
      role: "staff",
      language: "en",
      tokenHash: `t-${Date.now()}-${Math.random()}`.padEnd(64, "0").slice(0, 64),
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  const calls: [string, string, unknown[]][] = [
    ["createKeyAction", "/dashboard/keys", ["production", "Stolen"]],
    ["revokeKeyAction", "/dashboard/keys", [key.id]],
    [
      "createWebhookAction",
      "/dashboard/webhooks",
      [{ url: "https://example.org/hook", events: ["tree.planted"], test: false }],
    ],
    ["deleteWebhookAction", "/dashboard/webhooks", [1]],
    ["resendWebhookDeliveryAction", "/dashboard/webhooks", [1]],
    ["inviteUserAction", "/dashboard/team", [{ email: address("friend"), role: "admin" }]],
    ["changeRoleAction", "/dashboard/team", [staff.id, "admin"]],
    ["removeUserAction", "/dashboard/team", [admin.id]],
    ["revokeInvitationAction", "/dashboard/team", [invitation.id]],
    ["setUnconfirmedOutcomeAction", "/dashboard", ["global"]],
    ["findSubjectAction", "/dashboard/privacy", [staff.email, null]],
    ["exportSubjectAction", "/dashboard/privacy", [staff.email, null]],
    ["eraseSubjectAction", "/dashboard/privacy", [invitation.email, null]],
  ];
  expect(calls.map(([name]) => name).sort()).toEqual([...ADMIN_ACTIONS].sort());
  for (const [name, pagePath, args] of calls) {
    const answer = await callAction(page.request, pagePath, ids.get(name)!, args);
    expect(answer.status, name).toBe(200);
    expect(answer.text, name).toContain('"code":"FORBIDDEN"');
  }
  // Nothing changed.
  expect(await db.apiKey.count({ where: { operatorId: operator.operatorId } })).toBe(2);
  expect((await db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt).toBeNull();
  expect(await db.webhookEndpoint.count({ where: { operatorId: operator.operatorId } })).toBe(0);
  expect(await db.operatorInvitation.count({ where: { operatorId: operator.operatorId } })).toBe(1);
  expect(
    (await db.operatorInvitation.findUniqueOrThrow({ where: { id: invitation.id } })).revokedAt,
  ).toBeNull();
  expect((await db.operatorUser.findUniqueOrThrow({ where: { id: staff.id } })).role).toBe("staff");
  expect(await db.operatorUser.count({ where: { id: admin.id } })).toBe(1);
  expect(
    (await db.operator.findUniqueOrThrow({ where: { id: operator.operatorId } })).unconfirmedOutcome,
  ).toBe("credit");

  // The same calls work for an admin (the harness posts real actions), and a demotion made by one
  // admin refuses the other at their very next request.
  const adminPage = await browser.newPage();
  await signIn(adminPage, admin);
  const second = await makeUser(operator.operatorId);
  const secondPage = await browser.newPage();
  await signIn(secondPage, second);
  expect((await secondPage.request.get(`${baseUrl()}/api/dashboard/keys`)).status()).toBe(200);
  const demoted = await callAction(adminPage.request, "/dashboard/team", ids.get("changeRoleAction")!, [
    second.id,
    "staff",
  ]);
  expect(demoted.text).toContain('"ok":true');
  expect((await secondPage.request.get(`${baseUrl()}/api/dashboard/keys`)).status()).toBe(403);
  const refused = await callAction(secondPage.request, "/dashboard/keys", ids.get("createKeyAction")!, [
    "production",
    "After demotion",
  ]);
  expect(refused.text).toContain('"code":"FORBIDDEN"');
  // In the browser, the refusal is shown in words.
  await secondPage.goto(`${baseUrl()}/dashboard/keys`);
  await expect(secondPage.getByTestId("not-allowed")).toBeVisible();
  await adminPage.close();
  await secondPage.close();
});

test("in German: a forgotten password is reset by e-mail, once; the old one is refused; an unknown address gets the same answer", async ({
  page,
  browser,
}) => {
  const elsewhere = await browser.newPage();
  const { user } = await signedInOperator(elsewhere, { operator: { language: "de" } });

  await page.context().addCookies([{ name: "dashboard_lang", value: "de", url: baseUrl() }]);
  await page.goto(`${baseUrl()}/dashboard/signin`);
  await page.getByRole("link", { name: "Passwort vergessen?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Passwort vergessen");

  const ask = async (email: string) => {
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByRole("button", { name: "Link senden" }).click();
    const answer = page.getByTestId("forgot-answer");
    await expect(answer).toContainText(email);
    const text = (await answer.textContent())!;
    return text.replace(email, "<address>");
  };
  const unknownAddress = address("nobody");
  const forUnknown = await ask(unknownAddress);
  const forKnown = await ask(user.email);
  expect(forKnown).toBe(forUnknown);
  expect(forKnown).toContain("Der Link funktioniert einmal, 60 Minuten lang.");
  expect(await db.outgoingEmail.count({ where: { to: unknownAddress } })).toBe(0);

  const { path: link, text } = await linkIn(user.email, "reset");
  expect(text).toContain("Ein neues Passwort wählen");
  await page.goto(`${baseUrl()}${link}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ein neues Passwort wählen");
  await page.getByLabel("Neues Passwort").fill("ein ganz neues Passwort");
  await page.getByRole("button", { name: "Das neue Passwort speichern" }).click();
  await expect(page).toHaveURL(/\/dashboard\/signin\?done=password$/);
  await expect(page.getByRole("status")).toHaveText(
    "Ihr Passwort wurde geändert. Melden Sie sich mit dem neuen an.",
  );

  // The session opened with the old password has ended.
  expect((await elsewhere.request.get(`${baseUrl()}/api/dashboard/memorials`)).status()).toBe(401);
  await elsewhere.close();

  // The old password is refused, the new one works.
  await page.getByLabel(/e-mail/i).fill(user.email);
  await page.getByLabel("Passwort", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText("E-Mail-Adresse oder das Passwort");
  await signIn(page, { email: user.email, password: "ein ganz neues Passwort" }, "de");

  // The link works once.
  const other = await browser.newPage();
  const reused = await other.goto(`${baseUrl()}${link}?lang=de`);
  expect(reused?.status()).toBe(410);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText("Dieser Link wurde bereits verwendet");
  await other.close();
});

test("reset requests are limited per address: the mailbox is not flooded, the answer stays the same", async ({
  page,
}) => {
  const operator = await makeIsolatedOperator({ language: "en" });
  const user = await makeUser(operator.operatorId);
  await page.context().addCookies([{ name: "dashboard_lang", value: "en", url: baseUrl() }]);
  await page.goto(`${baseUrl()}/dashboard/forgot`);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("E-mail address").fill(user.email);
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().endsWith("/dashboard/forgot"),
    );
    await page.getByRole("button", { name: "Send me a link" }).click();
    await answered;
    await expect(page.getByTestId("forgot-answer")).toContainText(`If an account exists for ${user.email}`);
  }
  await waitForMail(mailDir(), user.email);
  expect(await db.outgoingEmail.count({ where: { to: user.email } })).toBe(3);
  expect(await db.passwordResetToken.count({ where: { userId: user.id } })).toBe(3);
});
