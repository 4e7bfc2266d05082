// Several instances on one database, as behind a load balancer: every cache an instance keeps
// (rendered memorial pages, memorial reads such as Infos, API keys) is expired when another
// instance or the command line changes something, through PostgreSQL's LISTEN/NOTIFY, within
// moments (the delays measured are printed, and written in docs/performance.md).
import { actingAs } from "@memorial/lib/audit/actor";
import { hashKey, revokeApiKey } from "@memorial/lib/operators/keys";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { signInRequest } from "../support/dashboard-session";
import { api, baseUrl, COMMAND_LINE, db, makeIsolatedOperator, TEST_FIXTURE } from "../support/factories";
import { secondInstance } from "../support/instances";

// The second instance is the run's own (e2e/support/instances.ts), shared with other specs.
test.describe.configure({ mode: "default" });

const second = secondInstance();

const totalTrees = async (origin: string, id: number) => {
  const html = await (await fetch(`${origin}/memorial/${id}`)).text();
  return /data-testid="total-trees"[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
};

/** The tree lines of GET /v1/Memorial/{id}/Infos on `origin`, as `key`'s operator reads them. */
const infosLines = async (origin: string, key: string, id: number) => {
  const response = await fetch(`${origin}/v1/Memorial/${id}/Infos`, { headers: { key } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { Arbres: unknown[] }).Arbres.length;
};

/** The rows of the trees' table of the dashboard's memorial page on `origin` (signed-in `request`). */
const dashboardLines = async (request: APIRequestContext, origin: string, id: number) => {
  const response = await request.get(`${origin}/dashboard/memorials/${id}`, { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  const table = (await response.text()).split('data-testid="memorial-trees"')[1]?.split("</table>")[0];
  return table?.split("<tbody")[1]?.match(/<tr[\s>]/g)?.length ?? 0;
};

/**
 * When `read` first gives `expected`, read every 50 ms from `since`: the milliseconds since `since`,
 * and how long that read took itself (the instance had the change by the end of it); null when no
 * read begun within 2 s gave it.
 */
async function seenAfter<T>(
  read: () => Promise<T>,
  expected: T,
  since: number,
): Promise<{ seen: number; read: number } | null> {
  for (;;) {
    const start = Date.now();
    if ((await read()) === expected) return { seen: Date.now() - since, read: Date.now() - start };
    if (Date.now() - since > 2_000) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test("a tree planted through one instance shows on the other's memorial page, Infos and dashboard within 2 seconds", async ({
  request,
}) => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Deux instances", DateDeces: "2026-10-01" } },
  });
  expect(made.status).toBe(200);
  const id = made.json.IdMemorial as number;
  await signInRequest(request, op.operatorId, second.url);
  // The second instance reads the page, Infos and the dashboard's memorial page...
  expect(await totalTrees(second.url, id)).toBe("1");
  expect(await infosLines(second.url, op.key, id)).toBe(1);
  expect(await dashboardLines(request, second.url, id)).toBe(1);
  // ...and keeps the page's and Infos' data in its caches: a row written behind the service's
  // back (no event) does not show there. The dashboard keeps nothing: it reads the database.
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId: id } });
  const { id: _id, ...copy } = tree;
  await db.tree.create({ data: copy });
  expect(await totalTrees(second.url, id)).toBe("1");
  expect(await infosLines(second.url, op.key, id)).toBe(1);
  expect(await dashboardLines(request, second.url, id)).toBe(2);
  // A planting through the first instance (its tree.planted event, heard through LISTEN/NOTIFY)
  // expires them there: each of the three shows it within 2 seconds.
  const more = await api("POST", "/Memorials/Creer", { key: op.key, body: { MemorialId: id } });
  expect(more.status).toBe(200);
  const planted = Date.now();
  const [page, infos, dashboard] = await Promise.all([
    seenAfter(() => totalTrees(second.url, id), "3", planted),
    seenAfter(() => infosLines(second.url, op.key, id), 3, planted),
    seenAfter(() => dashboardLines(request, second.url, id), 3, planted),
  ]);
  const shown = (delay: { seen: number; read: number } | null) =>
    delay ? `${delay.seen} ms (its read ${delay.read} ms)` : "not within 2 s";
  console.log(
    `seen on the second instance after: page ${shown(page)}, Infos ${shown(infos)}, dashboard ${shown(dashboard)}`,
  );
  expect({ page, infos, dashboard }).toEqual({
    page: expect.objectContaining({ seen: expect.any(Number) }),
    infos: expect.objectContaining({ seen: expect.any(Number) }),
    dashboard: expect.objectContaining({ seen: expect.any(Number) }),
  });
  expect(baseUrl()).not.toBe(second.url);
});

test("each instance answers the load balancer's health check, /healthz, without a key or a session", async () => {
  for (const origin of [baseUrl(), second.url]) {
    const response = await fetch(`${origin}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).toBe("ok\n");
    expect((await fetch(`${origin}/healthz`, { method: "HEAD" })).status).toBe(200);
  }
});

test("a key revoked elsewhere is refused by the other instance within 2 seconds", async () => {
  const op = await makeIsolatedOperator();
  const especes = () =>
    fetch(`${second.url}/v1/Especes`, { headers: { key: op.key } }).then((response) => response.status);
  expect(await especes()).toBe(200);
  // The second instance keeps the key in its cache: revoked behind the service's back (no
  // event), it still works there...
  await db.apiKey.updateMany({ where: { hash: hashKey(op.key) }, data: { revokedAt: new Date() } });
  expect(await especes()).toBe(200);
  // ...and another key's revocation (another operator's, through the use case) drops that key
  // only: this one is still served from the cache.
  const other = await makeIsolatedOperator();
  await actingAs(TEST_FIXTURE, () => revokeApiKey(other.key));
  // Once the second instance refuses the other key, it has heard that revocation...
  await expect
    .poll(
      () =>
        fetch(`${second.url}/v1/Especes`, { headers: { key: other.key } }).then(
          (response) => response.status,
        ),
      { timeout: 2_000, intervals: [100] },
    )
    .toBe(403);
  expect(await especes()).toBe(200);
  await db.apiKey.updateMany({ where: { hash: hashKey(op.key) }, data: { revokedAt: null } });
  // ...and a revocation through the service's use case (its key.revoked event) empties it at once.
  await actingAs(COMMAND_LINE, () => revokeApiKey(op.key)); // as the command line does, from a third process
  await expect.poll(especes, { timeout: 2_000, intervals: [100] }).toBe(403);
  const first = await api("GET", "/Especes", { key: op.key });
  expect(first.status).toBe(403);
});
