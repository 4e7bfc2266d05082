// /docs: the generated reference, rendered by Scalar in Chromium from /openapi.json, with every
// script and style from the service itself, under its Content-Security-Policy.
import { expect, test } from "@playwright/test";
import { baseUrl } from "../support/factories";

test("/docs renders the generated reference from the service's own files, without a CSP violation", async ({
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
        `${e.violatedDirective} ${e.blockedURI}`,
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

  // Operations of the document, by their summaries, and the extension's.
  await expect(page.getByText("Create a memorial or plant a tree").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("List the caller's contexts (extension)").first()).toBeAttached();
  await expect(page.getByText("Memorial Tree-Planting API").first()).toBeVisible();

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
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
