// Who may read /metrics (the e2e tests see the production answers through HTTP): open outside
// production, off in production without METRICS_TOKEN, and behind the token whenever it is set.
import type http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { metricsRefusal } from "./observed";

const saved = { NODE_ENV: process.env.NODE_ENV, METRICS_TOKEN: process.env.METRICS_TOKEN };
afterEach(() => {
  const env = process.env as Record<string, string | undefined>;
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
});

const asking = (authorization?: string) =>
  ({ headers: authorization ? { authorization } : {} }) as http.IncomingMessage;

function set(nodeEnv: string, token?: string) {
  (process.env as Record<string, string>).NODE_ENV = nodeEnv;
  if (token === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = token;
}

describe("/metrics", () => {
  it("is open outside production when no token is set", () => {
    set("development");
    expect(metricsRefusal(asking())).toBeNull();
  });

  it("is off in production without METRICS_TOKEN", () => {
    set("production");
    expect(metricsRefusal(asking())).toBe(404);
    expect(metricsRefusal(asking("Bearer anything"))).toBe(404);
  });

  it("asks for the bearer token whenever METRICS_TOKEN is set", () => {
    for (const mode of ["production", "development"]) {
      set(mode, "s3cret-token");
      expect(metricsRefusal(asking())).toBe(401);
      expect(metricsRefusal(asking("Bearer wrong"))).toBe(401);
      expect(metricsRefusal(asking("Bearer s3cret-toke"))).toBe(401);
      expect(metricsRefusal(asking("Basic s3cret-token"))).toBe(401);
      expect(metricsRefusal(asking("Bearer s3cret-token"))).toBeNull();
      expect(metricsRefusal(asking("bearer s3cret-token"))).toBeNull();
    }
  });
});
