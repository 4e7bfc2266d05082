// What the API answers when it is busy (its concurrency limit reached, or a transaction timed out):
// 503 with Retry-After: 1 and the error envelope saying so.
import { expect } from "vitest";

/** Checks the busy answer; its body, for what a test checks more. */
export async function expectBusyAnswer(response: Response): Promise<Record<string, unknown>> {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("1");
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ HttpStatusCode: 503, Code: "SERVICE_UNAVAILABLE", Statut: "Erreur" });
  return body;
}
