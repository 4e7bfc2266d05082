// The rule of biome.json that keeps Next.js out of the code that must not depend on it (issue
// 28.2): lib/ (the domain package, loaded by Node outside Next.js's bundles) and the command line
// import neither next, next-auth nor React, nor anything of web/, app/ or components/; the web
// layer (web/, app/, components/) may. Only lib/service/server.ts (it starts Next.js) is let
// through. The e-mails are React components rendered by react-email (issue 29.2): the kit
// (lib/mail/kit) may import react, react-dom/server and @react-email/*, an e-mail template
// (lib/**/*-email.tsx) only react (its types), and nothing else of lib/ any of them. `npm test`
// runs biome first, so such an import fails the run; this test shows the rule bites where it should.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";

const run = promisify(execFile);
const PAST = new Date("2000-01-01T00:00:00Z");

/** The diagnostics biome's lint gives a file in `folder` (named `probe-…{suffix}`) importing `specifier`. */
async function lintImport(folder: string, specifier: string, suffix = ".ts"): Promise<string[]> {
  const file = path.join(folder, `probe-${randomBytes(4).toString("hex")}${suffix}`);
  writeFileSync(path.resolve(file), `import { probe } from "${specifier}";\n\nexport const value = probe;\n`);
  // Dated in the past: a service started meanwhile (test/start-compiled.test.ts) would otherwise
  // take lib/ for changed and compile the probe into its package (scripts/run.mjs).
  utimesSync(path.resolve(file), PAST, PAST);
  try {
    const { stdout } = await run("npx", ["biome", "lint", "--reporter=json", file]).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout }),
    );
    const report = JSON.parse(stdout) as { diagnostics: { category: string }[] };
    return report.diagnostics.map((diagnostic) => diagnostic.category);
  } finally {
    rmSync(path.resolve(file), { force: true });
  }
}

it("refuses next/*, next-auth and React in lib/ and the command line", async () => {
  expect(await lintImport("lib/memorials", "next/headers")).toContain("lint/style/noRestrictedImports");
  expect(await lintImport("lib/plantings", "next")).toContain("lint/style/noRestrictedImports");
  expect(await lintImport("lib/memorials", "next-auth/jwt")).toContain("lint/style/noRestrictedImports");
  expect(await lintImport("lib/dashboard", "next/navigation")).toContain("lint/style/noRestrictedImports");
  expect(await lintImport("lib/http", "next/server")).toContain("lint/style/noRestrictedImports");
  expect(await lintImport("lib/memorials", "react")).toContain("lint/style/noRestrictedImports");
  expect(await lintImport("cli", "next/navigation")).toContain("lint/style/noRestrictedImports");
});

it("refuses the web layer in lib/ and the command line", async () => {
  expect(await lintImport("lib/memorials", "@/web/memorials/public-memorial")).toContain(
    "lint/style/noRestrictedImports",
  );
  expect(await lintImport("lib/dashboard", "@/components/dashboard/fetch-json")).toContain(
    "lint/style/noRestrictedImports",
  );
  expect(await lintImport("cli", "@/web/auth/session")).toContain("lint/style/noRestrictedImports");
  expect(await lintImport("lib/memorials", "@memorial/lib/errors")).not.toContain(
    "lint/style/noRestrictedImports",
  );
});

it("allows them in the web layer", async () => {
  expect(await lintImport("web/dashboard", "next/navigation")).not.toContain(
    "lint/style/noRestrictedImports",
  );
  expect(await lintImport("web/auth", "next-auth")).not.toContain("lint/style/noRestrictedImports");
  expect(await lintImport("web/memorials", "react")).not.toContain("lint/style/noRestrictedImports");
});

it("lets React and react-email into the e-mail kit and templates only", async () => {
  const refused = "lint/style/noRestrictedImports";
  // The kit: React, its server renderer, react-email's components.
  for (const allowed of ["react", "react-dom/server", "@react-email/render", "@react-email/button"]) {
    expect(await lintImport("lib/mail/kit", allowed, ".tsx"), allowed).not.toContain(refused);
  }
  for (const forbidden of ["next/headers", "next-auth", "react-dom/client", "@/web/auth/session"]) {
    expect(await lintImport("lib/mail/kit", forbidden, ".tsx"), forbidden).toContain(refused);
  }
  // A template: React's types, the kit; no markup of its own, nothing of Next.js.
  expect(await lintImport("lib/reminders", "react", "-email.tsx")).not.toContain(refused);
  expect(await lintImport("lib/users", "@memorial/lib/mail/kit/blocks", "-emails.tsx")).not.toContain(
    refused,
  );
  for (const forbidden of ["@react-email/button", "react-dom/server", "react/jsx-runtime", "next/headers"]) {
    expect(await lintImport("lib/reminders", forbidden, "-email.tsx"), forbidden).toContain(refused);
  }
  // Anywhere else in lib/, .tsx or not, e-mail or not: none of them.
  expect(await lintImport("lib/reminders", "react", ".tsx")).toContain(refused);
  expect(await lintImport("lib/mail", "react")).toContain(refused);
  expect(await lintImport("lib/mail", "@react-email/render")).toContain(refused);
  expect(await lintImport("lib/dashboard", "react-dom/server")).toContain(refused);
  expect(await lintImport("cli", "@react-email/render")).toContain(refused);
});
