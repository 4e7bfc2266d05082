import { describe, expect, it } from "vitest";
import { redactSecrets } from "./console-redaction";

describe("redactSecrets", () => {
  it("hides the token of every link that carries one, and API keys, and nothing else", () => {
    expect(
      redactSecrets(
        "Request body exceeded 10MB for /manage/AbC_123-xyz. Only the first 10MB will be available",
      ),
    ).toBe("Request body exceeded 10MB for /manage/[token]. Only the first 10MB will be available");
    expect(redactSecrets("POST /confirm/tok/decline?lang=fr")).toBe("POST /confirm/[token]/decline?lang=fr");
    expect(redactSecrets("/guestbook/withdraw/t0k3n /reminders/mine/abc /dashboard/reset/r")).toBe(
      "/guestbook/withdraw/[token] /reminders/mine/[token] /dashboard/reset/[token]",
    );
    expect(redactSecrets("GET /v1/mt_live_Secret-1/Memorial/3/Infos")).toBe(
      "GET /v1/mt_live_[redacted]/Memorial/3/Infos",
    );
    expect(redactSecrets("GET /memorial/42/plant and /manage")).toBe("GET /memorial/42/plant and /manage");
  });
});
