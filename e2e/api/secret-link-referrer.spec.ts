// An address that holds a secret (a family's, a visitor's or a colleague's link) sends no referrer
// at all to another site, whatever it answers (its page, its files, a refusal); the other pages send
// another site their origin alone. Next.js writes its configured headers over a route's own, so
// this is held by next.config.mjs, and checked here on the answers themselves.
import { expect, test } from "@playwright/test";
import { baseUrl } from "../support/factories";

const TOKEN = "x".repeat(43);

test("every address holding a link's secret answers Referrer-Policy same-origin", async () => {
  const secret = [
    `/confirm/${TOKEN}`,
    `/manage/${TOKEN}`,
    `/manage/${TOKEN}/print-kit?format=card`,
    `/manage/${TOKEN}/archive/1`,
    `/manage/${TOKEN}/photos/${"a".repeat(32)}.jpg`,
    `/guestbook/withdraw/${TOKEN}`,
    `/reminders/confirm/${TOKEN}`,
    `/reminders/mine/${TOKEN}`,
    `/reminders/unsubscribe/${TOKEN}`,
    `/dashboard/invite/${TOKEN}`,
    `/dashboard/reset/${TOKEN}`,
  ];
  for (const path of secret) {
    const response = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
    expect(response.status, path).toBeLessThan(500);
    expect(response.headers.get("referrer-policy"), path).toBe("same-origin");
  }
  for (const path of ["/", "/memorial/1", "/dashboard/signin"]) {
    const response = await fetch(`${baseUrl()}${path}`, { redirect: "manual" });
    expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
  }
});
