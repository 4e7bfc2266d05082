import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { hashSecretToken, isSecretTokenShape, newSecretToken } from "./secret-token";

it("makes 256-bit tokens, keeps only their SHA-256, and looks up nothing else", () => {
  const first = newSecretToken();
  const second = newSecretToken();
  expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(first.token).not.toBe(second.token);
  expect(first.hash).toBe(createHash("sha256").update(first.token).digest("hex"));
  expect(hashSecretToken(first.token)).toBe(first.hash);
  expect(isSecretTokenShape(first.token)).toBe(true);
  for (const other of [
    `${first.token}=`,
    first.token.slice(1),
    "a".repeat(42),
    `${"a".repeat(42)}/`,
    43,
    null,
  ]) {
    expect(isSecretTokenShape(other)).toBe(false);
  }
});
