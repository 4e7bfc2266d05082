// Signs a Playwright request context in to the dashboard over HTTP (next-auth's credentials
// callback), for API tests of the dashboard's routes and pages.

import { actingAs } from "@memorial/lib/audit/actor";
import { createUser } from "@memorial/lib/users/create-user";
import { type APIRequestContext, expect } from "@playwright/test";
import { baseUrl, TEST_FIXTURE, unique } from "./factories";

/** `origin`: another instance of the service (e2e/api/instances.spec.ts); the test's by default. */
export async function signInRequest(request: APIRequestContext, operatorId: number, origin = baseUrl()) {
  const password = "correct horse battery";
  const email = `${unique("user")
    .replace(/[^a-z0-9-]/gi, "")
    .toLowerCase()}@example.org`;
  await actingAs(TEST_FIXTURE, () => createUser({ operatorId, email, password }));
  const csrf = await request.get(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await request.post(`${origin}/api/auth/callback/credentials`, {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  expect([200, 302]).toContain(signIn.status());
  const session = await request.get(`${origin}/api/auth/session`);
  expect(((await session.json()) as { user?: unknown }).user, "signed in").toBeTruthy();
}
