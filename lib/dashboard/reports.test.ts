import { DomainError } from "@memorial/lib/errors";
import { serviceAdminScope } from "@memorial/lib/scope";
import { describe, expect, it } from "vitest";
import { parseReportQuery } from "./reports";

const parse = (person: string) =>
  parseReportQuery(
    serviceAdminScope(7),
    new URLSearchParams({ epf: "3", person, year: "2026", month: "11", day: "1", days: "30" }),
  ).query;

describe("parseReportQuery's person", () => {
  it("reads a number as an id, as the API's person report, and anything else as a name", () => {
    expect(parse("42")).toMatchObject({ personId: 42, personName: null });
    expect(parse(" Émile Dubois ")).toMatchObject({ personId: null, personName: "Émile Dubois" });
    expect(parse("Dubois 2")).toMatchObject({ personId: null, personName: "Dubois 2" });
    expect(parse("")).toMatchObject({ personId: null, personName: null });
    expect(parse("0")).toMatchObject({ personId: null, personName: null });
    expect(parse("x".repeat(500)).personName).toHaveLength(200);
  });

  it("refuses an id out of range with the field, as before", () => {
    const error = (() => {
      try {
        parse("-3");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).problem).toEqual({ field: "person", reason: "range" });
  });
});
