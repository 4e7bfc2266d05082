// The public forms' wrapper in one process: its order (the route's lookup, then the Origin, then
// the form's problems, then the handler), who acts while the handler runs, and the mapping of the
// domain's errors to the route's refusals. The routes' own answers are the end-to-end specs'.
import { currentActor } from "@memorial/lib/audit/actor";
import { DomainError } from "@memorial/lib/errors";
import { PUBLIC_FORM_BYTES } from "@memorial/lib/http/capped-body";
import { RateLimitedError } from "@memorial/lib/limits/rate-limit";
import { HostNotAllowedError } from "@memorial/lib/links";
import { describe, expect, it } from "vitest";
import { publicForm } from "./public-form";

const SITE = "http://memorial.test";

/** A POST of a form from this site's page; a header given as "" is not sent. */
function post(body: string, headers: Record<string, string> = {}) {
  const sent = new Headers({
    host: "memorial.test",
    origin: SITE,
    "content-type": "application/x-www-form-urlencoded",
  });
  for (const [name, value] of Object.entries(headers)) {
    if (value) sent.set(name, value);
    else sent.delete(name);
  }
  return new Request(`${SITE}/memorial/7/probe?lang=nl`, { method: "POST", body, headers: sent });
}

const params = { params: Promise.resolve({ id: "7" }) };

/** A route that says which refusal it got, and what its handler saw. */
function probe(
  options: { origin?: "required" | "if-present" | "none"; fail?: unknown; load?: Response } = {},
) {
  const seen: string[] = [];
  const route = publicForm(
    {
      actor: (id: number) => ({ kind: "family", memorialId: id }),
      origin: options.origin ?? "required",
      form: true,
      load: async (ctx) => {
        seen.push(`load ${ctx.params.id}`);
        return options.load ?? Number(ctx.params.id);
      },
      refuse: (refusal, ctx) =>
        new Response(`${refusal.why} ${ctx.language()}`, {
          status: { origin: 403, "too-large": 413, unreadable: 400, host: 400, limited: 429, refused: 409 }[
            refusal.why
          ],
        }),
    },
    async (ctx) => {
      seen.push(
        `handler ${ctx.field("name")} ${ctx.field("website") ?? "-"} ${JSON.stringify(currentActor())}`,
      );
      if (options.fail) throw options.fail;
      return new Response("done");
    },
  );
  return { route, seen };
}

describe("publicForm", () => {
  it("hands the handler the form, acting as the route's actor", async () => {
    const { route, seen } = probe();
    const answer = await route(post("name=Anna&website=x"), params);
    expect(await answer.text()).toBe("done");
    expect(seen).toEqual(["load 7", 'handler Anna x {"kind":"family","memorialId":7}']);
  });

  it("refuses another site's form before its handler, after the route's lookup", async () => {
    const { route, seen } = probe();
    const answer = await route(post("name=Anna", { origin: "https://elsewhere.test" }), params);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toBe("origin nl");
    expect(seen).toEqual(["load 7"]);
    // Without an Origin: refused where it is required, let through where it may be absent.
    const bare = () => post("name=Anna", { origin: "" });
    expect((await probe().route(bare(), params)).status).toBe(403);
    expect((await probe({ origin: "if-present" }).route(bare(), params)).status).toBe(200);
    expect(
      (await probe({ origin: "none" }).route(post("", { origin: "https://elsewhere.test" }), params)).status,
    ).toBe(200);
  });

  it("answers the route's lookup first when it refuses", async () => {
    const { route, seen } = probe({ load: new Response("gone", { status: 404 }) });
    const answer = await route(post("name=Anna", { origin: "https://elsewhere.test" }), params);
    expect(answer.status).toBe(404);
    expect(seen).toEqual(["load 7"]);
  });

  it("refuses a form past PUBLIC_FORM_BYTES, or not a form, without its handler", async () => {
    const { route, seen } = probe();
    const large = await route(post(`name=${"a".repeat(PUBLIC_FORM_BYTES)}`), params);
    expect(large.status).toBe(413);
    const broken = await route(
      post("--x\r\nnothing", { "content-type": "multipart/form-data; boundary=x" }),
      params,
    );
    expect(broken.status).toBe(400);
    expect(await broken.text()).toBe("unreadable nl");
    expect(seen).toEqual(["load 7", "load 7"]);
  });

  it("maps the domain's errors to refusals, with Retry-After on a limit's 429", async () => {
    const answer = async (fail: unknown) =>
      (await probe({ fail }).route(post("name=Anna"), params)) as Response;
    const limited = await answer(new RateLimitedError("probe", 120));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("120");
    expect(await (await answer(new HostNotAllowedError("forged.test"))).text()).toBe("host nl");
    expect(await (await answer(new DomainError("CODE_USED", "used"))).text()).toBe("refused nl");
    await expect(answer(new Error("a bug"))).rejects.toThrow("a bug");
  });
});
