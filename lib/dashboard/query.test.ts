import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { queryInt, queryMonth, queryPaging } from "./query";

const problem = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, ...error.problem };
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

  it("reads pages with their defaults and bounds", () => {
    expect(queryPaging(new URLSearchParams(), 50)).toEqual({ page: 1, limit: 50, offset: 0 });
    expect(queryPaging(new URLSearchParams("Page=3&Limite=20"), 50)).toEqual({
      page: 3,
      limit: 20,
      offset: 40,
    });
    expect(problem(() => queryPaging(new URLSearchParams("Limite=1001"), 50))).toMatchObject({
      field: "Limite",
      reason: "range",
    });
    expect(queryMonth(new URLSearchParams("year=2026&month=12"))).toEqual({ year: 2026, month: 12 });
  });
});
