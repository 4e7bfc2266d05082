import { DomainError } from "@memorial/lib/errors";
import { describe, expect, it } from "vitest";
import { expectBusyAnswer } from "@/test/support/busy-answer";
import { invalidParam, mapError } from "./errors";
import { jsonDepth, malformedJsonMessage, redactKey, v1 } from "./handler";
import { intParam } from "./params";

describe("redactKey", () => {
  it("hides the key segment of the report and Infos paths", () => {
    expect(redactKey("/v1/mt_live_secret/Memorial/5/Infos")).toBe("/v1/[key]/Memorial/5/Infos");
    expect(redactKey("/v1/mt_live_secret/Report/Arbres/Epf/1/Days/2/DepuisLe/2026/1/1")).toBe(
      "/v1/[key]/Report/Arbres/Epf/1/Days/2/DepuisLe/2026/1/1",
    );
  });
  it("leaves the paths without a key as they are", () => {
    expect(redactKey("/v1/Memorial/5/Infos")).toBe("/v1/Memorial/5/Infos");
    expect(redactKey("/v1/Report/Arbres/Epf/1/Days/2/DepuisLe/2026/1/1")).toBe(
      "/v1/Report/Arbres/Epf/1/Days/2/DepuisLe/2026/1/1",
    );
    expect(redactKey("/v1/Memorials/Creer")).toBe("/v1/Memorials/Creer");
  });
});

describe("jsonDepth", () => {
  it("counts nesting outside strings, escapes included", () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[{{{\\"[["}')).toBe(1);
    expect(jsonDepth(`${"[".repeat(8000)}${"]".repeat(8000)}`)).toBe(8000);
  });
});

describe("mapError", () => {
  it("answers an incoherence of the service (INTERNAL) as a 500, never as the caller's fault", () => {
    expect(mapError(new DomainError("INTERNAL", "the global memorial could not be created"))?.status).toBe(
      500,
    );
  });
  it("names the wire field of a domain problem in Message and Champ", () => {
    const mapped = mapError(
      new DomainError("INVALID_INPUT", "is required", {
        field: "family.email",
        reason: "required-for-confirmation",
      }),
    );
    expect(mapped).toEqual({
      status: 400,
      code: "INVALID_INPUT",
      message: "Famille.FamilleEmail: is required",
      champ: "Famille.FamilleEmail",
    });
  });
});

describe("load shedding", () => {
  it("answers 503 with Retry-After above V1_MAX_IN_FLIGHT, and serves again once below", async () => {
    process.env.V1_MAX_IN_FLIGHT = "1";
    try {
      const route = v1({ auth: "header" }, async () => ({}));
      let release: (value: Record<string, string>) => void = () => {};
      // The first request waits for its path parameters: it is in flight.
      const first = route(new Request("http://x/v1/Especes"), {
        params: new Promise((resolve) => {
          release = resolve;
        }),
      });
      const busy = await route(new Request("http://x/v1/Especes"), { params: Promise.resolve({}) });
      await expectBusyAnswer(busy);
      release({});
      expect((await first).status).toBe(403); // no key: it went through
      const after = await route(new Request("http://x/v1/Especes"), { params: Promise.resolve({}) });
      expect(after.status).toBe(403);
    } finally {
      delete process.env.V1_MAX_IN_FLIGHT;
    }
  });
});

describe("the API's own refusals", () => {
  it("name the query or path parameter at fault in Champ, the message as it is", () => {
    expect(mapError(invalidParam("Page", 'Page must be a positive integer, got "x"'))).toEqual({
      status: 400,
      code: "INVALID_INPUT",
      message: 'Page must be a positive integer, got "x"',
      champ: "Page",
    });
    let thrown: unknown;
    try {
      intParam("year", "abc");
    } catch (error) {
      thrown = error;
    }
    expect(mapError(thrown)).toMatchObject({ status: 400, champ: "year" });
  });

  it("say where a malformed JSON body breaks", () => {
    expect(malformedJsonMessage('{"Defunt": {"Nom": "A",}}')).toBe(
      "the body is not valid JSON at line 1, column 24 (offset 23): expected a property name in double quotes, found '}'",
    );
  });
});
