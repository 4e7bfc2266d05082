// A search never fails. The home page's search form (q, date, page, and the page's
// lang) in every combination of its fields, and any bytes typed into it (NUL and the other control
// characters, a lone surrogate as UTF-8 would spell it, broken UTF-8, a very long text), answer a
// page; so do the dashboard's searches (memorials by name, reports by a person's name, and their
// CSV and XLSX exports). Before the fix, a date alone answered 500 (ORDER BY 0) and %00 answered 500
// on the home page and the three dashboard searches.
import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import fc from "fast-check";
import { signInRequest } from "../support/dashboard-session";
import { api, baseUrl, makeContext, makeIsolatedOperator } from "../support/factories";

test.describe.configure({ timeout: 240_000 });

/** Each byte percent-encoded: what a browser sends for any text, and what no browser would. */
const percent = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => `%${b.toString(16).padStart(2, "0")}`).join("");

const HOSTILE: Record<string, string> = {
  nul: "%00",
  "nul in a word": "Dub%00ois",
  "control characters": `${percent(Uint8Array.from({ length: 32 }, (_, i) => i))}%7f`,
  "C1 controls": "%c2%80%c2%85%c2%9f",
  "a lone high surrogate (CESU-8)": "%ed%a0%80",
  "a lone low surrogate (CESU-8)": "%ed%b0%80",
  "broken UTF-8": "%f0%9f%8c",
  "a stray percent": "%",
  "percent and letters": "%zz",
  "LIKE's wildcards": "%25_%5c",
  "very long": "a".repeat(8000),
  "many words": Array.from({ length: 500 }, (_, i) => `w${i}`).join("+"),
  "very long unicode": "%f0%9f%8c%b3".repeat(500),
};

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, html: await response.text() };
}

test("a date of death alone finds the memorial (no ORDER BY 0)", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const created = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      DeLaPartDe: "La famille",
      Defunt: { Nom: "Datealone", Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" },
    },
  });
  expect(created.status, created.text).toBe(200);
  const id = created.json.IdMemorial as number;
  const page = await get(`${baseUrl()}/?date=2026-11-10&lang=en`);
  expect(page.status).toBe(200);
  const ids = [...page.html.matchAll(/data-memorial="(\d+)"/g)].map((m) => Number(m[1]));
  // The newest first: this memorial is on the first page unless 20 newer ones died that day.
  if (ids.length < 20) expect(ids).toContain(id);
  // The next page of a date alone too.
  expect((await get(`${baseUrl()}/?date=2026-11-10&page=2`)).status).toBe(200);
});

test("every combination of the home search form's fields answers a page", async () => {
  const q = [null, "", "Dubois", "%C3%A9mile+dub", "%00"];
  const date = [null, "", "2026-11-10", "2026-02-30", "10/11/2026", "%00"];
  const page = [null, "2", "0", "9999", "x", "%00"];
  const lang = [null, "nl", "zz", "%00"];
  const combos: string[] = [];
  for (const a of q)
    for (const b of date)
      for (const c of page)
        for (const d of lang) {
          const parts = [
            a === null ? null : `q=${a}`,
            b === null ? null : `date=${b}`,
            c === null ? null : `page=${c}`,
            d === null ? null : `lang=${d}`,
          ].filter(Boolean);
          combos.push(parts.join("&"));
        }
  const failed: string[] = [];
  // A few at a time: 720 requests, without flooding the shared machine.
  for (let i = 0; i < combos.length; i += 8) {
    const batch = combos.slice(i, i + 8);
    const answers = await Promise.all(batch.map((query) => get(`${baseUrl()}/?${query}`)));
    answers.forEach((answer, j) => {
      if (answer.status !== 200 || !answer.html.includes('id="search-heading"'))
        failed.push(`${batch[j]} → ${answer.status}`);
    });
  }
  expect(failed).toEqual([]);
});

test("any text typed into the home page's search answers a page", async () => {
  for (const [name, value] of Object.entries(HOSTILE)) {
    for (const query of [`q=${value}`, `q=${value}&date=2026-11-10`, `date=${value}`, `q=x&page=${value}`]) {
      const answer = await get(`${baseUrl()}/?${query}`);
      expect(answer.status, `${name}: ${query.slice(0, 80)}`).toBe(200);
    }
  }
  // Any bytes at all (fast-check shrinks a failure to its smallest bytes).
  await fc.assert(
    fc.asyncProperty(
      fc.uint8Array({ minLength: 1, maxLength: 60 }),
      fc.boolean(),
      async (bytes, withDate) => {
        const answer = await get(`${baseUrl()}/?q=${percent(bytes)}${withDate ? "&date=2026-11-10" : ""}`);
        expect(answer.status).toBe(200);
      },
    ),
    { numRuns: 60 },
  );
});

test("the dashboard's searches answer any text: memorials by name, reports and their exports by a person's name", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const epf = await makeContext(op.operatorId, "Epf");
  const dashboard: APIRequestContext = await playwrightRequest.newContext();
  try {
    await signInRequest(dashboard, op.operatorId);
    const period = `epf=${epf.id}&year=2026&month=1&day=1&days=365`;
    const searches = (text: string) => [
      `/api/dashboard/memorials?q=${text}`,
      `/api/dashboard/reports?${period}&person=${text}`,
      `/api/dashboard/reports/csv?${period}&person=${text}`,
      `/api/dashboard/reports/xlsx?${period}&person=${text}`,
      `/dashboard/memorials?q=${text}`,
    ];
    const check = async (text: string, label: string) => {
      for (const path of searches(text)) {
        const response = await dashboard.get(`${baseUrl()}${path}`);
        // A person nobody is named is a 404 with its message; never a server error.
        expect(response.status(), `${label}: ${path.slice(0, 100)}`).toBeLessThan(500);
      }
    };
    for (const [name, value] of Object.entries(HOSTILE)) await check(value, name);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 40 }), async (bytes) => {
        await check(percent(bytes), percent(bytes));
      }),
      { numRuns: 15 },
    );
    // And the words still find: the memorial searched by a name with a NUL inside a word's gap.
    const name = `Nul${randomBytes(4).toString("hex")}`;
    const created = await api("POST", "/Memorials/Creer", {
      key: op.key,
      body: {
        DeLaPartDe: "La famille",
        Defunt: { Nom: name, Prenom: "Anne", DateDeces: "2026-11-10T00:00:00" },
      },
    });
    expect(created.status, created.text).toBe(200);
    const list = await dashboard.get(`${baseUrl()}/api/dashboard/memorials?q=anne%00${name}`);
    expect(list.status()).toBe(200);
    expect(((await list.json()) as { rows: { id: number }[] }).rows.map((r) => r.id)).toEqual([
      created.json.IdMemorial,
    ]);
  } finally {
    await dashboard.dispose();
  }
});
