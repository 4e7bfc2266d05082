import { DomainError } from "@memorial/lib/errors";
import { WireError } from "@memorial/lib/v1/errors";
import { parsePaging } from "@memorial/lib/v1/paging";
import { describe, expect, it } from "vitest";
import { queryInt, queryMonth } from "./query";

const problem = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, ...error.problem };
    if (error instanceof WireError) return { code: error.code, field: error.champ, reason: error.reason };
    throw error;
  }
  return null;
};

describe("the dashboard's query strings", () => {
  it("refuses a value with its field and reason, as data", () => {
    const search = new URLSearchParams("days=5000&month=x&year=");
    expect(problem(() => queryInt(search, "days"))).toEqual({
      code: "INVALID_INPUT",
      field: "days",
      reason: "range",
    });
    expect(problem(() => queryInt(search, "month"))).toMatchObject({ field: "month", reason: "number" });
    expect(problem(() => queryMonth(search))).toMatchObject({ field: "year", reason: "required" });
  });

  it("reads pages with the API's one parser, its refusal a field and a reason", () => {
    expect(parsePaging(new URLSearchParams(), 50)).toEqual({ page: 1, limit: 50, offset: 0 });
    expect(parsePaging(new URLSearchParams("Page=3&Limite=20"), 50)).toEqual({
      page: 3,
      limit: 20,
      offset: 40,
    });
    expect(problem(() => parsePaging(new URLSearchParams("Limite=1001"), 50))).toMatchObject({
      field: "Limite",
      reason: "range",
    });
    expect(problem(() => parsePaging(new URLSearchParams("Page=-1"), 50))).toMatchObject({
      field: "Page",
      reason: "number",
    });
    expect(queryMonth(new URLSearchParams("year=2026&month=12"))).toEqual({ year: 2026, month: 12 });
  });
});
