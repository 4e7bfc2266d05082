// Through HTTP to the running service: the home page's search results (in the
// visitor's language; only public memorials; an anonymous one by its title only), the figures, the
// family's privacy choice through its management page, noindex (meta and X-Robots-Tag) on a link-only
// page and its absence on a public one, and memorial.privacy_changed reaching the operator's webhook.

import { actingAs } from "@memorial/lib/audit/actor";
import { transaction } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { setContextDefaultPrivacy } from "@memorial/lib/operators/contexts";
import { webhookMessageSchema } from "@memorial/lib/webhooks/schemas";
import { expect, test } from "@playwright/test";
import {
  api,
  baseUrl,
  COMMAND_LINE,
  db,
  makeContext,
  makeIsolatedOperator,
  postForm,
  searchWord,
} from "../support/factories";
import { byType, settled, webhookFixture } from "../support/webhook-receiver";

test.describe.configure({ timeout: 180_000 });
const webhooks = webhookFixture(test.afterAll);

async function creer(key: string, body: Record<string, unknown>) {
  const r = await api("POST", "/Memorials/Creer", { key, body: { DeLaPartDe: "La famille", ...body } });
  expect(r.status, r.text).toBe(200);
  return r.json.IdMemorial as number;
}

const classic = (key: string, nom: string, prenom = "Anne", extra: Record<string, unknown> = {}) =>
  creer(key, { Defunt: { Nom: nom, Prenom: prenom, DateDeces: "2026-10-30T00:00:00" }, ...extra });

async function home(query: string, language?: string) {
  const response = await fetch(`${baseUrl()}/?${query}`, {
    headers: language ? { "Accept-Language": language } : {},
  });
  const html = await response.text();
  const ids = [...html.matchAll(/data-memorial="(\d+)"/g)].map((m) => Number(m[1]));
  return { status: response.status, html, ids };
}

/** The family's choice, posted as its management page's form does. */
async function choose(memorialId: number, privacy: string) {
  const token = await transaction(async (tx) => (await issueManageToken(tx, memorialId)).token);
  const response = await postForm(`${baseUrl()}/manage/${token}`, { action: "privacy", privacy });
  return response.status;
}

test("the home page finds public memorials by name, accents and case aside, in the visitor's language", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const w = searchWord();
  const emile = await classic(op.key, `Dubœis${w}`, "Émile");
  const linkOnly = await classic(op.key, `Dubœis${w}`, "Linkonly");
  const anonymous = await classic(op.key, `Dubœis${w}`, "Secret", {
    MemorialAnonyme: true,
    MemorialAnonymeNom: `Pour un ami ${w}`,
  });
  const test = await creer(op.testKey, {
    Defunt: { Nom: `Dubœis${w}`, Prenom: "Test", DateDeces: "2026-10-30T00:00:00" },
  });
  expect(await choose(linkOnly, "link_only")).toBe(303);

  const en = await home(`q=${encodeURIComponent(`EMILE duboeis${w.toLowerCase()}`)}`, "en-GB,en;q=0.8");
  expect(en.status).toBe(200);
  expect(en.html).toContain("Find a memorial");
  expect(en.ids).toEqual([emile]);

  // Everyone with that family name that the public may find: never the link-only, the test one, nor
  // the anonymous one by its deceased's name.
  const all = await home(`q=dub%C5%93is${w}&lang=de`);
  expect(all.html).toContain("Eine Gedenkseite finden");
  expect(all.ids).toEqual([emile]);
  expect(all.ids).not.toContain(linkOnly);
  expect(all.ids).not.toContain(test);
  expect(all.ids).not.toContain(anonymous);
  // The anonymous memorial by its title, and nothing of its deceased on the page.
  const byTitle = await home(`q=${encodeURIComponent(`ami ${w}`)}&lang=nl`);
  expect(byTitle.html).toContain("Een gedenkpagina vinden");
  expect(byTitle.ids).toEqual([anonymous]);
  expect(byTitle.html).not.toContain("Secret");

  // By town and by date of death (fr).
  await db.person.updateMany({
    where: { memorials: { some: { id: emile } } },
    data: { placeOfDeath: `Liège ${w}` },
  });
  const town = await home(`q=${encodeURIComponent(`liege ${w}`)}&lang=fr`);
  expect(town.html).toContain("Retrouver un mémorial");
  expect(town.ids).toEqual([emile]);
  expect(town.html).toContain(`à Liège ${w}`);
  const date = await home(`q=${encodeURIComponent(`dubœis${w}`)}&date=2026-10-30&lang=en`);
  expect(date.ids).toEqual([emile]);
  expect((await home(`q=${encodeURIComponent(`dubœis${w}`)}&date=2026-10-31&lang=en`)).ids).toEqual([]);
  // A date that is not one is said, not a 500.
  const bad = await home(`q=x&date=2026-02-30&lang=en`);
  expect(bad.status).toBe(200);
  expect(bad.html).toContain("not a valid date");
});

/** Each site with public living trees, and how many: what the home page's map and list draw from. */
async function publicSites(): Promise<{ id: number; trees: number }[]> {
  const rows = await db.$queryRaw<{ id: number; trees: bigint }[]>`
    SELECT t."plantation_id" AS "id", sum(t."quantity")::bigint AS "trees"
    FROM "tree" t JOIN "memorial" m ON m."id" = t."memorial_id"
    WHERE t."is_test" = false AND t."status" NOT IN ('dead', 'replaced')
      AND m."status" = 'visible' AND m."is_test" = false AND m."hidden_at" IS NULL
    GROUP BY t."plantation_id"`;
  return rows.map((row) => ({ id: row.id, trees: Number(row.trees) }));
}

test("the home page counts the public living trees and shows their sites, the most planted first; links for partners and operators", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const site = await db.plantation.findUniqueOrThrow({ where: { id: op.plantationId } });
  await classic(op.key, `Arbre${searchWord()}`);
  // The figures come from a cached read dropped by the events: the new tree is counted at once.
  // Other tests plant meanwhile: the page's count lies between the database's before and after.
  const living = async () =>
    (
      await db.tree.aggregate({
        _sum: { quantity: true },
        where: {
          isTest: false,
          status: { notIn: ["dead", "replaced"] },
          memorial: { status: "visible", isTest: false, hiddenAt: null },
        },
      })
    )._sum.quantity ?? 0;
  const before = await living();
  const page = await home("lang=en");
  const after = await living();
  expect(page.status).toBe(200);
  const trees = Number(
    /data-testid="home-trees">([\d,.\s\u202f\u00a0]+)</.exec(page.html)?.[1]?.replace(/\D/g, ""),
  );
  expect(trees).toBeGreaterThanOrEqual(before);
  expect(trees).toBeLessThanOrEqual(after);
  // At most 24 sites drawn and listed, the most planted first; the others counted in a sentence.
  const listed = [...page.html.matchAll(/<g data-site="(\d+)"/g)].map((match) => Number(match[1]));
  const sitesWithTrees = await publicSites();
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.length).toBeLessThanOrEqual(24);
  // The legend's counts, in the page's order: never growing.
  const counts = [...page.html.matchAll(/ · (?:<!-- -->)?([\d,]+) trees?</g)].map((match) =>
    Number(match[1]!.replace(/\D/g, "")),
  );
  expect(counts).toHaveLength(listed.length);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  if (sitesWithTrees.length > 30) {
    expect(listed).toHaveLength(24);
    const others = /data-testid="home-other-sites">[^<\d]*(\d[\d,.\s\u202f\u00a0]*)/.exec(page.html)?.[1];
    expect(Number(others?.replace(/\D/g, ""))).toBeGreaterThan(0);
  } else if (sitesWithTrees.length <= 20) {
    // A few sites (this spec alone on a new database): every one of them, this test's too.
    expect(page.html).toContain(`data-site="${site.id}"`);
    expect(page.html).not.toContain('data-testid="home-other-sites"');
  }
  expect(page.html).toContain('href="/docs"');
  expect(page.html).toContain('href="/dashboard"');
});

test("a link-only page carries noindex (meta and X-Robots-Tag), a public one does not; a hidden one is 404 noindex", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const { receiver, endpoint } = await webhooks.receiving(op.operatorId, ["memorial.privacy_changed"]);
  const id = await classic(op.key, `Robots${searchWord()}`);
  const page = () =>
    fetch(`${baseUrl()}/memorial/${id}?lang=en`, { headers: { Host: new URL(baseUrl()).host } });

  const before = await page();
  expect(before.status).toBe(200);
  expect(before.headers.get("x-robots-tag")).toBeNull();
  expect(await before.text()).not.toMatch(/<meta name="robots"/);

  expect(await choose(id, "link_only")).toBe(303);
  const linkOnly = await page();
  expect(linkOnly.status).toBe(200);
  expect(linkOnly.headers.get("x-robots-tag")).toBe("noindex");
  expect(await linkOnly.text()).toMatch(/<meta name="robots" content="noindex"\/?>/);

  expect(await choose(id, "hidden")).toBe(303);
  const hidden = await page();
  expect(hidden.status).toBe(404);
  expect(hidden.headers.get("x-robots-tag")).toBe("noindex");

  expect(await choose(id, "public")).toBe(303);
  const again = await page();
  expect(again.status).toBe(200);
  expect(again.headers.get("x-robots-tag")).toBeNull();

  // A level that is not one: 400, nothing changed.
  expect(await choose(id, "secret")).toBe(400);
  expect((await db.memorial.findUniqueOrThrow({ where: { id } })).privacy).toBe("public");

  // memorial.privacy_changed reached the operator's receiver, one per change, as documented.
  await receiver.waitFor(3);
  await settled(endpoint.id, 3);
  // Each message is the documented one (the API reference's webhooks section is these schemas).
  for (const m of receiver.received) webhookMessageSchema("memorial.privacy_changed").parse(m.json);
  const messages = byType(receiver.received).map((m) => m.json.data);
  // Deliveries are not ordered: each change once.
  expect(messages.map((d) => [d.privacy, d.previousPrivacy, d.by]).sort()).toEqual([
    ["hidden", "link_only", "family"],
    ["link_only", "public", "family"],
    ["public", "hidden", "family"],
  ]);
  for (const data of messages) expect(data).toMatchObject({ memorialId: id, environment: "production" });
  expect(messages.find((d) => d.privacy === "hidden")?.memorialUrl).toBeNull();
});

test("the funeral home's default applies until the family chooses, and its change reaches cached pages at once", async () => {
  const op = await makeIsolatedOperator({ stock: 20 });
  const epf = await makeContext(op.operatorId, "Epf");
  const w = searchWord();
  const id = await classic(op.key, `Defaut${w}`, "Anne", { Contexte: { ContexteEpfId: epf.id } });
  expect((await db.memorial.findUniqueOrThrow({ where: { id } })).contextId).toBe(epf.id);
  const page = () => fetch(`${baseUrl()}/memorial/${id}?lang=en`);
  // Rendered and cached while public.
  expect((await page()).headers.get("x-robots-tag")).toBeNull();
  expect((await page()).headers.get("x-cache")).toBe("HIT");
  expect((await home(`q=defaut${w}&lang=en`)).ids).toEqual([id]);

  // Another process (the command line's use case) sets the funeral home's default.
  await actingAs(COMMAND_LINE, () => setContextDefaultPrivacy(op.operatorId, epf.id, "link_only"));
  await expect
    .poll(async () => (await page()).headers.get("x-robots-tag"), { timeout: 10_000 })
    .toBe("noindex");
  expect(await (await page()).text()).toMatch(/<meta name="robots" content="noindex"\/?>/);
  expect((await home(`q=defaut${w}&lang=en`)).ids).toEqual([]);

  // The family's choice wins over the default.
  expect(await choose(id, "public")).toBe(303);
  expect((await page()).headers.get("x-robots-tag")).toBeNull();
  expect((await home(`q=defaut${w}&lang=en`)).ids).toEqual([id]);
});
