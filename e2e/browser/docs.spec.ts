// /docs: the generated reference, rendered by Scalar in Chromium from /openapi.json, with every
// script and style from the service itself, under its Content-Security-Policy.
import { expect, test } from "@playwright/test";
import { baseUrl } from "../support/factories";

test("/docs renders the generated reference from the service's own files, nothing refused but zod's eval probe", async ({
  page,
}) => {
  const origin = new URL(baseUrl()).origin;
  const elsewhere: string[] = [];
  const errors: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) elsewhere.push(url);
  });
  page.on("console", (m) => {
    if (m.type() === "error" || /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  // Chromium also reports violations as events: count them from the page itself.
  await page.addInitScript(() => {
    (window as unknown as { cspViolations: string[] }).cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { cspViolations: string[] }).cspViolations.push(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber} ${e.sample}`,
      ),
    );
  });

  const response = await page.goto(`${baseUrl()}/docs`);
  expect(response?.status()).toBe(200);
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(csp).toContain("connect-src 'self'");
  expect(response?.headers()["x-frame-options"]).toBe("DENY");
  expect(response?.headers()["x-content-type-options"]).toBe("nosniff");

  // The document's title and operations, by their summaries, the extension's too; one reference.
  await expect(page.getByRole("heading", { name: "Memorial Tree-Planting API", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("button", { name: /List the active plantations/ })).toBeVisible();
  await page.getByRole("button", { name: /^Memorials/ }).click();
  await expect(page.getByRole("button", { name: /Create a memorial or plant a tree/ })).toBeVisible();
  await page.getByRole("button", { name: /^Contexts/ }).click();
  await expect(page.getByRole("button", { name: /List the caller's contexts \(extension\)/ })).toBeVisible();
  // Nothing of Scalar's own services: no AI agent, no link to its hosted client.
  await expect(page.getByRole("button", { name: "Ask AI" })).toHaveCount(0);

  // The one refusal expected: the zod inside the bundle probes once whether it may compile code
  // (`try { new Function("") } catch`) and, refused by `script-src 'self'` as intended, validates
  // without it. Anything else refused, or any other error, fails the test.
  const isZodProbe = (text: string) =>
    /^script-src eval .*\/docs\/assets\/standalone\.js:/.test(text) ||
    /Refused to evaluate a string as JavaScript because 'unsafe-eval'/.test(text);
  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations.filter((v) => !isZodProbe(v))).toEqual([]);
  expect(violations.length).toBeLessThanOrEqual(1);
  expect(errors.filter((e) => !isZodProbe(e))).toEqual([]);
  expect(elsewhere).toEqual([]);
});

test("the reference's assets are served by the service, with the page's security headers", async ({
  request,
}) => {
  for (const path of ["/docs/assets/standalone.js", "/docs/assets/init.js"]) {
    const response = await request.get(`${baseUrl()}${path}`);
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  }
});
