// The dashboard actions' one pipeline (lib/dashboard/action.ts), called with an injected session:
// the order of its checks, and the one shape of every refusal.

import type { OperatorSession } from "@memorial/lib/auth/operator-session";
import { invalid, notFound } from "@memorial/lib/errors";
import { LANGUAGES } from "@memorial/lib/i18n/languages";
import { messagesIn } from "@memorial/lib/i18n/translate";
import { dashboardScope } from "@memorial/lib/scope";
import { text } from "@memorial/lib/validation";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type ActionDeps, type ActionSpec, refuse, runAction } from "./action";
import { REASON_MESSAGE } from "./field-reasons";
import { formRequired, recordId } from "./form-fields";
import { FORM_FIELD } from "./plant-form";

const session = (role: "admin" | "staff"): OperatorSession => ({
  scope: dashboardScope({ userId: 7, operatorId: 3 }),
  userId: 7,
  operatorId: 3,
  email: "user@example.org",
  operatorName: "Op",
  operatorLanguage: "fr",
  role,
});

function deps(current: OperatorSession | null) {
  return { session: vi.fn(async () => current), log: vi.fn() } satisfies ActionDeps;
}

/** An admin action shaped as createKeyAction: (environment, name). */
function keyAction(run = vi.fn(async (_input: { name: string }) => ({ key: "k" }))) {
  const spec: ActionSpec<
    [string, string],
    z.ZodType<{ environment: string; name: string }>,
    { key: string },
    "admin"
  > = {
    access: "admin",
    args: (environment: string, name: string) => ({ environment, name }),
    input: z.object({ environment: z.enum(["production", "test"]), name: formRequired(text(100)) }),
    run,
  };
  return { spec, run };
}

describe("the dashboard's action pipeline", () => {
  it("refuses a signed-out caller before reading the input", async () => {
    const { spec, run } = keyAction();
    const result = await runAction(spec, deps(null), ["nonsense", ""]);
    expect(result).toEqual({ ok: false, code: "UNAUTHENTICATED", message: "sign in again" });
    expect(run).not.toHaveBeenCalled();
  });

  it("refuses staff an admin action, with the role of this very call", async () => {
    const { spec, run } = keyAction();
    const d = deps(session("staff"));
    expect(await runAction(spec, d, ["production", "Mine"])).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(d.session).toHaveBeenCalledTimes(1);
    expect(run).not.toHaveBeenCalled();
    // A staff action is open to staff.
    const staffSpec = { ...spec, access: "staff" as const };
    expect(await runAction(staffSpec, d, ["production", "Mine"])).toEqual({ ok: true, key: "k" });
  });

  it("gives the work its parsed input and answers ok with its result", async () => {
    const { spec, run } = keyAction();
    expect(await runAction(spec, deps(session("admin")), ["test", "  Shop  "])).toEqual({
      ok: true,
      key: "k",
    });
    expect(run).toHaveBeenCalledWith({ environment: "test", name: "Shop" }, { session: session("admin") });
  });

  it("maps a schema refusal to the form field, with the reason of the API's own rule", async () => {
    const { spec, run } = keyAction();
    const admin = deps(session("admin"));
    const long = await runAction(spec, admin, ["production", "x".repeat(101)]);
    expect(long).toMatchObject({ ok: false, code: "INVALID_INPUT", fields: { name: "too-long" } });
    expect(long.ok ? "" : long.message).toBe("name: must be at most 100 characters");
    expect(await runAction(spec, admin, ["staging", "   "])).toMatchObject({
      ok: false,
      code: "INVALID_INPUT",
      fields: { environment: "invalid", name: "required" },
    });
    expect(run).not.toHaveBeenCalled();
  });

  it("answers NOT_FOUND for an id that cannot name a row, as for another operator's", async () => {
    const spec: ActionSpec<[unknown], z.ZodType<{ id: number }>, object, "admin"> = {
      access: "admin",
      args: (id: unknown) => ({ id }),
      input: z.object({ id: recordId }),
      run: async ({ id }) => {
        throw notFound(`key ${id} does not exist`, { field: "id", reason: "not-found" });
      },
    };
    for (const id of ["abc", 0, -4, 2 ** 31, "01", 12]) {
      expect(await runAction(spec, deps(session("admin")), [id])).toMatchObject({
        ok: false,
        code: "NOT_FOUND",
        fields: { id: "not-found" },
      });
    }
  });

  it("maps a DomainError of the use case to the form field, its reason shown in each language", async () => {
    const spec: ActionSpec<[], z.ZodType<object>, object, "staff"> = {
      access: "staff",
      args: () => ({}),
      input: z.object({}),
      fields: FORM_FIELD,
      run: async () => {
        throw invalid("the date of birth is after the date of death", {
          field: "deceased.birthDate",
          reason: "after-death",
        });
      },
    };
    const result = await runAction(spec, deps(session("staff")), []);
    expect(result).toEqual({
      ok: false,
      code: "INVALID_INPUT",
      message: "the date of birth is after the date of death",
      fields: { birthDate: "after-death" },
    });
    // The form shows the reason with the dashboard's catalogue, in the user's language.
    const key = REASON_MESSAGE["after-death"];
    expect(messagesIn("fr", "dashboard")[key]).toBe("La date de naissance doit précéder la date du décès.");
    expect(new Set(LANGUAGES.map((lang) => messagesIn(lang, "dashboard")[key])).size).toBe(LANGUAGES.length);
  });

  it("words an unknown reason of a use case as invalid, and a required-… one as required", async () => {
    const throwing = (reason: string): ActionSpec<[], z.ZodType<object>, object, "staff"> => ({
      access: "staff",
      args: () => ({}),
      input: z.object({}),
      fields: FORM_FIELD,
      run: async () => {
        throw invalid("refused", { field: "family.email", reason });
      },
    });
    const d = deps(session("staff"));
    expect(await runAction(throwing("required-for-confirmation"), d, [])).toMatchObject({
      fields: { familyEmail: "required" },
    });
    expect(await runAction(throwing("something-new"), d, [])).toMatchObject({
      fields: { familyEmail: "invalid" },
    });
  });

  it("answers an action's own refusal in the same shape", async () => {
    const spec: ActionSpec<[], z.ZodType<object>, object, "anyone"> = {
      access: "anyone",
      args: () => ({}),
      input: z.object({}),
      run: async () => {
        throw refuse("INVALID_INPUT", "not an e-mail address", { email: "invalid-email" });
      },
    };
    const d = deps(null);
    expect(await runAction(spec, d, [])).toEqual({
      ok: false,
      code: "INVALID_INPUT",
      message: "not an e-mail address",
      fields: { email: "invalid-email" },
    });
    expect(d.session).not.toHaveBeenCalled();
  });

  it("logs an unexpected error and answers it generically, never its detail", async () => {
    const boom = new Error("connection refused at 10.0.0.5:5432");
    const spec: ActionSpec<[], z.ZodType<object>, object, "staff"> = {
      access: "staff",
      args: () => ({}),
      input: z.object({}),
      run: async () => {
        throw boom;
      },
    };
    const d = deps(session("staff"));
    const result = await runAction(spec, d, []);
    expect(result).toEqual({ ok: false, code: "INTERNAL", message: "unexpected error" });
    expect(d.log).toHaveBeenCalledWith("dashboard action failed", boom);
  });
});
