// A request with a forged session cookie logs one line, not a stack trace.
import { afterEach, describe, expect, it, vi } from "vitest";
import { authOptions } from "./options";

afterEach(() => vi.restoreAllMocks());

describe("next-auth's logger", () => {
  it("logs an unreadable session cookie (JWT_SESSION_ERROR) as one line without a stack", () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => {
      lines.push(
        args
          .map((a) =>
            a instanceof Error ? (a.stack ?? a.message) : typeof a === "string" ? a : JSON.stringify(a),
          )
          .join(" "),
      );
    };
    vi.spyOn(console, "error").mockImplementation(record);
    vi.spyOn(console, "warn").mockImplementation(record);
    const logError = authOptions().logger?.error;
    expect(logError).toBeDefined();
    const error = new Error("decryption operation failed");
    // What next-auth hands its logger for a forged cookie (core/lib/session: { error } metadata).
    logError?.("JWT_SESSION_ERROR", { error, message: error.message } as never);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("JWT_SESSION_ERROR");
    expect(lines[0]).toContain("decryption operation failed");
    expect(lines[0]).not.toContain("\n");
    expect(lines[0]).not.toMatch(/\bat /);
  });

  it("keeps the detail of other errors", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    authOptions().logger?.error?.("SIGNIN_OAUTH_ERROR", new Error("boom"));
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
