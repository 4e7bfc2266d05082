// Pages answer a clean page for any address a visitor (or a scanner) can type: a malformed
// %-escape, control characters or non-Latin-1 text in ?lang=, absurd ids. Never a 5xx.
import { expect, test } from "@playwright/test";
import { api, baseUrl, makeIsolatedOperator } from "../support/factories";
import { rawRequest } from "../support/raw-http";

const NASTY_LANGS = [
  "%00",
  "a%0Ab",
  "%0D%0ASet-Cookie:%20x=1",
  "%C3%A9",
  "%E2%80%A8",
  "%F0%9F%8C%B3",
  "%",
  "x".repeat(4000),
];

async function publicMemorial(): Promise<number> {
  const op = await makeIsolatedOperator();
  const response = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: { DeLaPartDe: "Test", Defunt: { Nom: "Hostile", Prenom: "Page", DateDeces: "2026-10-01" } },
  });
  expect(response.status, response.text).toBe(200);
  return (response.json as { IdMemorial: number }).IdMemorial;
}

test("pages at malformed addresses answer 4xx or 200, not 500", async () => {
  const expected: [string, number][] = [
    ["/?lang=%00", 200],
    ["/?lang=a%0Ab", 200],
    ["/memorial/%zz", 400],
    ["/confirm/%E0%A4%A", 400],
  ];
  for (const [path, status] of expected) {
    const response = await rawRequest(baseUrl(), "GET", path);
    expect(response.status, path).toBe(status);
  }
});

test("no 5xx for nasty variants of the public addresses", async () => {
  const id = await publicMemorial();
  const paths = [
    ...NASTY_LANGS.flatMap((lang) => [
      `/?lang=${lang}`,
      `/memorial/${id}?lang=${lang}`,
      `/confirm/abc?lang=${lang}`,
    ]),
    "/memorial/%",
    "/memorial/%E9",
    "/memorial/%C0%AF",
    "/memorial/%00",
    "/memorial/1%0A",
    "/memorial/-1",
    "/memorial/99999999999999999999",
    "/memorial/%EF%BC%91", // a full-width digit 1
    `/memorial/${id}/%zz`,
    "/confirm/%",
    "/confirm/%00",
    "/confirm/..%2F..%2Fetc%2Fpasswd",
    `/confirm/${"a".repeat(5000)}`,
    "/dashboard/%zz",
    "/dashboard/signin?callbackUrl=%zz",
    "/%zz",
    "/%E0%A4%A",
    "/api/auth/%zz",
    "/api/auth/callback/credentials",
    "/api/auth/callback/credentials?error=%00",
    "/api/auth/error?error=%00",
    "/api/auth/error?error=a%0Ab",
    "/api/auth/signin?callbackUrl=%0D%0A",
    "/dashboard/signin?error=%00",
    "/_next/image?url=%zz",
    "/_next/static/%zz",
  ];
  for (const path of paths) {
    for (const method of ["GET", "HEAD"]) {
      const response = await rawRequest(baseUrl(), method, path);
      expect(response.status, `${method} ${path.slice(0, 80)}`).toBeLessThan(500);
    }
  }
  // The public memorial itself still shows, whatever ?lang= says.
  expect((await rawRequest(baseUrl(), "GET", `/memorial/${id}?lang=%00`)).status).toBe(200);
  expect((await rawRequest(baseUrl(), "GET", `/memorial/${id}?lang=a%0Ab`)).status).toBe(200);
});

test("a malformed address answers a short plain 400 that echoes nothing", async () => {
  const response = await rawRequest(baseUrl(), "GET", "/memorial/%3Cscript%3E%zz");
  expect(response.status).toBe(400);
  expect(response.headers["content-type"]).toContain("text/plain");
  expect(response.text).not.toContain("script");
});
