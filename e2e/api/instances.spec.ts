// Several instances on one database, as behind a load balancer: every cache an instance keeps
// (public memorial data, API keys) is expired when another instance or the command line changes
// something, through PostgreSQL's LISTEN/NOTIFY, within moments.
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { hashKey, revokeApiKey } from "@/lib/operators/keys";
import { api, baseUrl, db, makeIsolatedOperator } from "../support/factories";
import { type RunningServer, startServer } from "../support/server";

let second: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  second = await startServer(
    JSON.parse(process.env.E2E_SERVICE_ENV as string),
    path.join(os.tmpdir(), `memorial-second-instance-${process.pid}.log`),
  );
});

test.afterAll(async () => {
  await second?.stop();
});

const totalTrees = async (origin: string, id: number) => {
  const html = await (await fetch(`${origin}/memorial/${id}`)).text();
  return /data-testid="total-trees"[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
};

test("a tree planted through one instance shows on the other's memorial page within 2 seconds", async () => {
  const op = await makeIsolatedOperator({ stock: 10 });
  const made = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { Defunt: { Nom: "Deux instances", DateDeces: "2026-10-01" } },
  });
  expect(made.status).toBe(200);
  // The second instance reads the page, and keeps its data in its cache: a row written behind
  // the service's back (no event) does not show there...
  expect(await totalTrees(second.url, made.json.IdMemorial)).toBe("1");
  const tree = await db.tree.findFirstOrThrow({ where: { memorialId: made.json.IdMemorial } });
  const { id: _id, ...copy } = tree;
  await db.tree.create({ data: copy });
  expect(await totalTrees(second.url, made.json.IdMemorial)).toBe("1");
  // ...but a planting through the first instance (its tree.planted event) expires it there.
  const more = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { MemorialId: made.json.IdMemorial },
  });
  expect(more.status).toBe(200);
  const planted = Date.now();
  await expect
    .poll(() => totalTrees(second.url, made.json.IdMemorial), { timeout: 2_000, intervals: [100] })
    .toBe("3");
  console.log(`seen on the second instance after ${Date.now() - planted} ms`);
  expect(baseUrl()).not.toBe(second.url);
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
  await revokeApiKey(other.key);
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
  await revokeApiKey(op.key); // as the command line does, from a third process
  await expect.poll(especes, { timeout: 2_000, intervals: [100] }).toBe(403);
  const first = await api("GET", "/Especes", { key: op.key });
  expect(first.status).toBe(403);
});
