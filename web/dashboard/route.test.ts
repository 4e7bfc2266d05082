import { describe, expect, it } from "vitest";
import { errorText, sameOrigin } from "./route";

const request = (method: string, headers: Record<string, string>) =>
  new Request("http://trees.example/api/dashboard/keys", {
    method,
    headers: { host: "trees.example", ...headers },
  });

describe("sameOrigin", () => {
  it("accepts reads from this site, or with no Fetch Metadata (the address typed, an old browser)", () => {
    expect(sameOrigin(request("GET", { "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(sameOrigin(request("GET", { "sec-fetch-site": "none" }))).toBe(true);
    expect(sameOrigin(request("GET", {}))).toBe(true);
  });

  it("refuses cross-site and same-site requests", () => {
    expect(sameOrigin(request("GET", { "sec-fetch-site": "cross-site" }))).toBe(false);
    expect(sameOrigin(request("GET", { "sec-fetch-site": "same-site" }))).toBe(false);
  });

  it("requires this site's Origin for other methods", () => {
    expect(sameOrigin(request("POST", { origin: "http://trees.example" }))).toBe(true);
    expect(sameOrigin(request("POST", {}))).toBe(false);
    expect(sameOrigin(request("POST", { origin: "https://evil.example" }))).toBe(false);
    expect(sameOrigin(request("DELETE", { origin: "null" }))).toBe(false);
    // X-Forwarded-Host counts only behind a proxy the settings trust.
    const proxied = request("POST", { origin: "https://trees.example", "x-forwarded-host": "proxy.example" });
    proxied.headers.set("host", "internal:3000");
    expect(sameOrigin(proxied)).toBe(false);
    process.env.TRUST_PROXY = "1";
    try {
      const behindProxy = request("POST", {
        origin: "https://trees.example",
        "x-forwarded-host": "trees.example",
      });
      behindProxy.headers.set("host", "internal:3000");
      expect(sameOrigin(behindProxy)).toBe(true);
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });
});

describe("errorText", () => {
  it("names the field as the form does, with its bounds, in each language", () => {
    const range = { field: "days", reason: "range" };
    expect(errorText("en", "INVALID_INPUT", range)).toBe("Days: enter a whole number from 1 to 3660.");
    expect(errorText("fr", "INVALID_INPUT", range)).toBe("Jours : saisissez un nombre entier de 1 à 3660.");
    expect(errorText("nl", "INVALID_INPUT", range)).toBe("Dagen: vul een geheel getal van 1 tot 3660 in.");
    expect(errorText("de", "INVALID_INPUT", range)).toBe(
      "Tage: Geben Sie eine ganze Zahl von 1 bis 3660 ein.",
    );
    // "Person (name or id, optional)": the hint in brackets is the form's, not the message's.
    expect(errorText("en", "NOT_FOUND", { field: "personId", reason: "not-found" })).toBe(
      "Person: not found among yours.",
    );
  });

  it("says what kind of refusal it is when no field is known, never the English detail", () => {
    expect(errorText("fr", "INVALID_INPUT")).toBe("La demande n'est pas valide.");
    expect(errorText("de", "NOT_FOUND", { field: "unknown", reason: "odd" })).toBe(
      "Was Sie angefragt haben, wurde nicht gefunden.",
    );
    expect(errorText("nl", "INTERNAL")).toBe("Er ging iets mis. Probeer het zo meteen opnieuw.");
  });
});
