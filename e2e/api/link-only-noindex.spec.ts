// What a link-only memorial's page links to is not indexable either. Its certificate, QR
// codes, preview picture and calendar file answer with X-Robots-Tag: noindex, as its page does; a
// public memorial's carry none.

import { transaction } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { expect, test } from "@playwright/test";
import { api, baseUrl, makeIsolatedOperator, postForm, unique } from "../support/factories";

const UNDER_THE_PAGE = [
  "",
  "/certificate",
  "/certificate?size=a5",
  "/qr.png",
  "/qr.svg",
  "/opengraph-image",
  "/remember.ics",
];

async function robotsOf(id: number) {
  const seen: Record<string, { status: number; robots: string | null }> = {};
  for (const tail of UNDER_THE_PAGE) {
    const response = await fetch(`${baseUrl()}/memorial/${id}${tail}`);
    await response.arrayBuffer();
    seen[tail || "page"] = { status: response.status, robots: response.headers.get("x-robots-tag") };
  }
  return seen;
}

test("a link-only memorial's certificate, QR codes, preview picture and calendar file carry noindex; a public one's do not", async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  const created = await api("POST", "/Memorials/Creer", {
    key: op.key,
    body: {
      DeLaPartDe: "La famille",
      Defunt: { Nom: unique("Robots"), Prenom: "Anne", DateDeces: "2026-10-30T00:00:00" },
    },
  });
  expect(created.status, created.text).toBe(200);
  const id = created.json.IdMemorial as number;

  const expectAll = (seen: Awaited<ReturnType<typeof robotsOf>>, robots: string | null) => {
    for (const [address, answer] of Object.entries(seen)) {
      expect(answer, address).toEqual({ status: 200, robots });
    }
  };
  expectAll(await robotsOf(id), null);

  // The family makes it link only (its management page's form).
  const token = await transaction(async (tx) => (await issueManageToken(tx, id)).token);
  const chosen = await postForm(`${baseUrl()}/manage/${token}`, { action: "privacy", privacy: "link_only" });
  expect(chosen.status).toBe(303);
  expectAll(await robotsOf(id), "noindex");

  // Public again: nothing says noindex any more.
  const back = await postForm(`${baseUrl()}/manage/${token}`, { action: "privacy", privacy: "public" });
  expect(back.status).toBe(303);
  expectAll(await robotsOf(id), null);
});
