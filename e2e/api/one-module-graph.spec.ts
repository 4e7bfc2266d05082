// In the running service each module of lib/ exists once. The server answers /v1 from
// lib/ itself, Next.js renders the dashboard's pages and routes with lib/ loaded as an external
// package, and the job runner sends the e-mails: all three reach the database through the one
// pool of lib/db/client.ts, which names itself in each connection's application_name
// (memorial-trees/main/<pid>/<pool id>). Were lib/ bundled by Next.js, its pages would hold a
// second copy of the module, and of the pool (the check fails with next.config.mjs's
// serverExternalPackages left without @memorial/lib). The LISTEN connection of lib/events is one
// per process too.
import { expect, test } from "@playwright/test";
import { signInRequest } from "../support/dashboard-session";
import { api, baseUrl, db, makeIsolatedOperator, uniqueEmail } from "../support/factories";
import { serverPids } from "../support/server-process";

/** The application_name of every connection the server's process holds now ("memorial-trees/<pool>/<pid>[/<id>]"). */
async function connectionsOf(pid: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ name: string }[]>`
    SELECT application_name AS name FROM pg_stat_activity WHERE application_name LIKE 'memorial-trees/%'`;
  return rows.map((row) => row.name).filter((name) => name.split("/")[2] === String(pid));
}

test("the API, the pages and the jobs of one process share one copy of lib/: one pool, one listener", async ({
  request,
}) => {
  const [pid] = serverPids(baseUrl());
  expect(pid, "the process listening on the service's port").toBeDefined();
  const seen = new Set<string>();
  const look = async () => {
    for (const name of await connectionsOf(pid!)) seen.add(name);
  };

  const op = await makeIsolatedOperator({ stock: 5 });
  // The API, answered by its route files (app/v1) from lib/...
  expect((await api("GET", "/Especes", { key: op.key })).status).toBe(200);
  const email = uniqueEmail("graph");
  const created = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      Defunt: { Nom: "Graph", Prenom: "One", DateDeces: "2026-10-01T00:00:00" },
      DeLaPartDe: "Test",
      Famille: { FamilleEmail: email },
      AConfirmer: true,
    },
  });
  expect(created.status, created.text).toBe(200);
  await look();
  // ...the dashboard's page and JSON route, rendered by Next.js (the session is read from the
  // database on each)...
  await signInRequest(request, op.operatorId);
  expect((await request.get(`${baseUrl()}/dashboard`)).status()).toBe(200);
  await look();
  expect((await request.get(`${baseUrl()}/api/dashboard/memorials`)).status()).toBe(200);
  await look();
  // ...and the job that writes the family's e-mail out (lib/jobs, the launcher's runner).
  await expect
    .poll(
      async () => {
        await look();
        return db.outgoingEmail.count({ where: { to: email, sentAt: { not: null } } });
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);

  const pools = new Set([...seen].filter((name) => name.startsWith("memorial-trees/main/")));
  expect([...pools].map((name) => name.split("/")[3])).toHaveLength(1);
  const listeners = (await connectionsOf(pid!)).filter((name) => name.startsWith("memorial-trees/listener/"));
  expect(listeners).toHaveLength(1);
});
