// Links in e-mails cannot be poisoned. Whoever sends a request chooses its Host
// header; a password reset link built on `Host: attacker.example` would hand the account to
// whoever owns that host. The service runs in production mode (`npm start`) with APP_URL unset
// and ALLOWED_HOSTS=trees.example.org (e2e/support/global-setup.ts): a forged host is refused with
// a clear error and nothing is written or sent; a listed host, or a local name, names the links.
// A second instance with APP_URL set writes every link on APP_URL, whatever the Host. The e-mails
// are the real ones, caught by the test SMTP server.

import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { actingAs } from "@memorial/lib/audit/actor";
import { createUser } from "@memorial/lib/users/create-user";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { signInRequest } from "../support/dashboard-session";
import { baseUrl, db, mailDir, makeIsolatedOperator, TEST_FIXTURE, unique } from "../support/factories";
import { hitsOf } from "../support/rate-limits";
import { rawRequest } from "../support/raw-http";
import { type RunningServer, startServer } from "../support/server";
import { mailText, waitForMail } from "../support/smtp";

const FORGED = "attacker.example";

const address = (name: string) =>
  `${unique(name)
    .replace(/[^a-z0-9-]/gi, "")
    .toLowerCase()}@example.org`;

/** A POST with a Host header of our choosing (fetch() always sends the URL's host). */
const post = (base: string, pathname: string, host: string, headers: Record<string, string>, body: string) =>
  rawRequest(base, "POST", pathname, { ...headers, host }, body);

/** The id of a server action (by default of web/dashboard/actions.ts), from the build's manifest. */
function actionId(name: string, filename = "web/dashboard/actions.ts"): string {
  const manifest = JSON.parse(
    readFileSync(path.resolve(".next/server/server-reference-manifest.json"), "utf8"),
  ) as { node: Record<string, { filename?: string; exportedName?: string }> };
  const found = Object.entries(manifest.node).find(
    ([, entry]) => entry.filename === filename && entry.exportedName === name,
  );
  if (!found) throw new Error(`no server action ${name} of ${filename} in the build`);
  return found[0];
}

/** A server action posted as a browser on `host` posts it: its Origin is that host. */
function callAction(
  base: string,
  host: string,
  pagePath: string,
  name: string,
  args: unknown[],
  cookie?: string,
  extra: Record<string, string> = {},
) {
  return post(
    base,
    pagePath,
    host,
    {
      "next-action": actionId(name),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: `http://${host}`,
      ...(cookie ? { cookie } : {}),
      ...extra,
    },
    JSON.stringify(args),
  );
}

/** The session cookie of a signed-in admin of the operator (signed in on the main instance). */
async function adminCookie(request: APIRequestContext, operatorId: number): Promise<string> {
  await signInRequest(request, operatorId);
  const { cookies } = await request.storageState();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

function creer(base: string, host: string, key: string, familyEmail: string) {
  return post(
    base,
    "/v1/Memorials/Creer",
    host,
    { key, "content-type": "application/json" },
    JSON.stringify({
      Defunt: { Nom: "Hôte", Prenom: "Forgé", DateDeces: "2026-10-01" },
      AConfirmer: true,
      Famille: { FamilleEmail: familyEmail },
    }),
  );
}

/** The decoded text of the one e-mail to `to` (its links), after checking that it is the only one. */
async function onlyMailTo(to: string): Promise<string> {
  const text = mailText(await waitForMail(mailDir(), to));
  expect(await db.outgoingEmail.count({ where: { to } })).toBe(1);
  return text;
}

const port = () => new URL(baseUrl()).port;

test.describe("APP_URL unset, production mode", () => {
  test("a password reset asked with a forged Host is refused, nothing sent; a listed host names the link", async () => {
    const operator = await makeIsolatedOperator();
    const email = address("reset");
    await actingAs(TEST_FIXTURE, () =>
      createUser({ operatorId: operator.operatorId, email, password: "correct horse battery" }),
    );

    const forged = await callAction(baseUrl(), FORGED, "/dashboard/forgot", "requestPasswordResetAction", [
      email,
    ]);
    expect(forged.status).toBe(200);
    expect(forged.text).toContain('"code":"HOST_NOT_ALLOWED"');
    expect(forged.text).toContain(`the host ${FORGED} is not allowed for the links of e-mails`);
    // Refused before anything: no request counted, no link made, no e-mail written.
    expect(await hitsOf({ bucket: "reset-address", subject: email })).toBe(0);
    expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(0);
    // The same with a port, and when X-Forwarded-Host names a local host: without TRUST_PROXY=1
    // it is not read (anyone could send it), the Host is what counts.
    const onPort = await callAction(
      baseUrl(),
      `${FORGED}:${port()}`,
      "/dashboard/forgot",
      "requestPasswordResetAction",
      [email],
      undefined,
      // Next.js compares the Origin with X-Forwarded-Host when there is one.
      { "x-forwarded-host": new URL(baseUrl()).host, origin: baseUrl() },
    );
    expect(onPort.text).toContain('"code":"HOST_NOT_ALLOWED"');
    expect(await db.outgoingEmail.count({ where: { to: email } })).toBe(0);

    // ALLOWED_HOSTS=trees.example.org: that host, on any port, names the link.
    const allowedHost = `trees.example.org:${port()}`;
    const allowed = await callAction(
      baseUrl(),
      allowedHost,
      "/dashboard/forgot",
      "requestPasswordResetAction",
      [email],
    );
    expect(allowed.text).toContain('"ok":true');
    const text = await onlyMailTo(email);
    expect(text).toMatch(
      new RegExp(`http://trees\\.example\\.org:${port()}/dashboard/reset/[A-Za-z0-9_-]{43}`),
    );
    expect(text).not.toContain(FORGED);
  });

  test("an invitation sent from a forged Host is refused, nothing written; from the service's own address it is sent", async ({
    request,
  }) => {
    const operator = await makeIsolatedOperator();
    const cookie = await adminCookie(request, operator.operatorId);
    const invitee = address("invitee");
    const args = [{ email: invitee, role: "staff" }];

    const forged = await callAction(baseUrl(), FORGED, "/dashboard/team", "inviteUserAction", args, cookie);
    expect(forged.status).toBe(200);
    expect(forged.text).toContain('"code":"HOST_NOT_ALLOWED"');
    expect(await db.operatorInvitation.count({ where: { operatorId: operator.operatorId } })).toBe(0);
    expect(await db.outgoingEmail.count({ where: { to: invitee } })).toBe(0);

    // The loopback address the service was reached on is a local name: accepted.
    const local = new URL(baseUrl()).host;
    const sent = await callAction(baseUrl(), local, "/dashboard/team", "inviteUserAction", args, cookie);
    expect(sent.text).toContain('"ok":true');
    const text = await onlyMailTo(invitee);
    expect(text).toMatch(new RegExp(`${baseUrl()}/dashboard/invite/[A-Za-z0-9_-]{43}`));
    expect(text).not.toContain(FORGED);
  });

  test("a /v1 creation that e-mails a link on a host not allowed is a 503 HOST_NOT_ALLOWED, nothing written; one that sends no link works", async () => {
    const operator = await makeIsolatedOperator();
    const family = address("family");

    // A misconfiguration of the service, not a bad request: its own code and status.
    const forged = await creer(baseUrl(), `${FORGED}:${port()}`, operator.key, family);
    expect(forged.status).toBe(503);
    const error = JSON.parse(forged.text);
    expect(error).toMatchObject({
      Objet: "erreur",
      Statut: "Erreur",
      HttpStatusCode: 503,
      Code: "HOST_NOT_ALLOWED",
      Champ: null,
    });
    expect(error.Message).toBe(
      `the host ${FORGED}:${port()} is not allowed for the links of e-mails: set APP_URL to the public address of the service, or add the host to ALLOWED_HOSTS`,
    );
    expect(await db.memorial.count({ where: { operatorId: operator.operatorId } })).toBe(0);
    expect(await db.outgoingEmail.count({ where: { to: family } })).toBe(0);

    // The family's address without a confirmation: their later e-mails link to the page, refused too.
    const withAddress = await post(
      baseUrl(),
      "/v1/Memorials/Creer",
      `${FORGED}:${port()}`,
      { key: operator.key, "content-type": "application/json" },
      JSON.stringify({
        Defunt: { Nom: "Hôte", Prenom: "Forgé", DateDeces: "2026-10-01" },
        Famille: { FamilleEmail: family },
      }),
    );
    expect(withAddress.status, withAddress.text).toBe(503);
    expect(JSON.parse(withAddress.text).Code).toBe("HOST_NOT_ALLOWED");
    expect(await db.memorial.count({ where: { operatorId: operator.operatorId } })).toBe(0);

    // No confirmation and no family address: no link in any e-mail, so the host does not matter.
    const noLink = await post(
      baseUrl(),
      "/v1/Memorials/Creer",
      `${FORGED}:${port()}`,
      { key: operator.key, "content-type": "application/json" },
      JSON.stringify({ Defunt: { Nom: "Sans", Prenom: "Lien", DateDeces: "2026-10-01" } }),
    );
    expect(noLink.status, noLink.text).toBe(200);
    const created = JSON.parse(noLink.text);
    expect(created.NombreArbre).toBe(1);
    // A tree into it, and an orphan tree: no link either.
    for (const body of [{ MemorialId: created.IdMemorial }, { ArbreOrphelin: true }]) {
      const more = await post(
        baseUrl(),
        "/v1/Memorials/Creer",
        `${FORGED}:${port()}`,
        { key: operator.key, "content-type": "application/json" },
        JSON.stringify(body),
      );
      expect(more.status, more.text).toBe(200);
    }
    // No event carries the forged host as the base of a link.
    const carried = await db.domainEvent.findMany({ where: { operatorId: operator.operatorId } });
    expect(carried.length).toBeGreaterThan(0);
    expect(JSON.stringify(carried.map((event) => event.payload))).not.toContain(FORGED);

    // A host of ALLOWED_HOSTS: created, and the family's confirmation link is on it.
    const allowed = await creer(baseUrl(), `trees.example.org:${port()}`, operator.key, family);
    expect(allowed.status, allowed.text).toBe(200);
    const text = await onlyMailTo(family);
    expect(text).toMatch(new RegExp(`http://trees\\.example\\.org:${port()}/confirm/[A-Za-z0-9_-]{43}`));
    expect(text).not.toContain(FORGED);
  });
});

test("the dashboard's 'send the management link' button on a forged Host sends nothing and says why", async ({
  request,
}) => {
  const operator = await makeIsolatedOperator();
  const family = address("family-manage");
  const made = await post(
    baseUrl(),
    "/v1/Memorials/Creer",
    new URL(baseUrl()).host,
    { key: operator.key, "content-type": "application/json" },
    JSON.stringify({
      Defunt: { Nom: "Gestion", DateDeces: "2026-10-01" },
      Famille: { FamilleEmail: family },
    }),
  );
  expect(made.status, made.text).toBe(200);
  const memorialId = JSON.parse(made.text).IdMemorial as number;
  const cookie = await adminCookie(request, operator.operatorId);
  const mailsBefore = await db.outgoingEmail.count({ where: { to: family } });

  // The plain form of the memorial's page, posted without JavaScript as a browser on that host would.
  const id = actionId("sendManageLinkAction");
  const boundary = "----email-links";
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const pagePath = `/dashboard/memorials/${memorialId}`;
  const answer = await post(
    baseUrl(),
    pagePath,
    FORGED,
    {
      "content-type": `multipart/form-data; boundary=${boundary}`,
      origin: `http://${FORGED}`,
      cookie,
    },
    `${field(`$ACTION_ID_${id}`, "")}${field("memorialId", String(memorialId))}--${boundary}--\r\n`,
  );
  expect([303, 307]).toContain(answer.status);
  expect(answer.headers.location).toContain(`${pagePath}?manage=host`);
  expect(await db.manageToken.count({ where: { memorialId } })).toBe(0);
  expect(await db.outgoingEmail.count({ where: { to: family } })).toBe(mailsBefore);
  // The page it leads to says why, in the user's language (the operator's, French, here).
  const page = await request.get(`${baseUrl()}${pagePath}?manage=host`);
  expect(await page.text()).toContain(
    "Cette adresse du tableau de bord n&#x27;est pas autorisée pour les liens des e-mails",
  );
});

test.describe("APP_URL set", () => {
  // One more instance on the same database, for this group only (one worker, stopped after it).
  // Its APP_URL is the main instance's address: the links it writes lead to a service that
  // answers them, and differ both from the forged host and from its own address.
  test.describe.configure({ mode: "serial" });
  let withAppUrl: RunningServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    withAppUrl = await startServer(
      { ...JSON.parse(process.env.E2E_SERVICE_ENV as string), APP_URL: baseUrl() },
      path.join(os.tmpdir(), `memorial-app-url-instance-${process.pid}.log`),
    );
    expect(new URL(withAppUrl.url).host).not.toBe(new URL(baseUrl()).host);
  });

  test.afterAll(async () => {
    await withAppUrl?.stop();
  });

  test("password reset, invitation and confirmation links are on APP_URL, never on the forged Host", async ({
    request,
  }) => {
    const operator = await makeIsolatedOperator();
    const email = address("reset-app-url");
    await actingAs(TEST_FIXTURE, () =>
      createUser({ operatorId: operator.operatorId, email, password: "correct horse battery" }),
    );
    const reset = await callAction(
      withAppUrl.url,
      FORGED,
      "/dashboard/forgot",
      "requestPasswordResetAction",
      [email],
    );
    expect(reset.text).toContain('"ok":true');
    const resetText = await onlyMailTo(email);
    expect(resetText).toMatch(new RegExp(`${baseUrl()}/dashboard/reset/[A-Za-z0-9_-]{43}`));
    expect(resetText).not.toContain(FORGED);
    expect(resetText).not.toContain(withAppUrl.url);

    const cookie = await adminCookie(request, operator.operatorId);
    const invitee = address("invitee-app-url");
    const invite = await callAction(
      withAppUrl.url,
      FORGED,
      "/dashboard/team",
      "inviteUserAction",
      [{ email: invitee, role: "staff" }],
      cookie,
    );
    expect(invite.text).toContain('"ok":true');
    const inviteText = await onlyMailTo(invitee);
    expect(inviteText).toMatch(new RegExp(`${baseUrl()}/dashboard/invite/[A-Za-z0-9_-]{43}`));
    expect(inviteText).not.toContain(FORGED);

    const family = address("family-app-url");
    const created = await creer(withAppUrl.url, FORGED, operator.key, family);
    expect(created.status, created.text).toBe(200);
    const confirmText = await onlyMailTo(family);
    expect(confirmText).toMatch(new RegExp(`${baseUrl()}/confirm/[A-Za-z0-9_-]{43}`));
    expect(confirmText).not.toContain(FORGED);
  });
});
