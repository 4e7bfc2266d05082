// The rule of biome.json that keeps Next.js out of the code that must not depend on it: lib/
// (the domain package, loaded by Node outside Next.js's bundles) and the command line import
// neither next, next-auth nor React, nor anything of web/, app/ or components/; the web
// layer (web/, app/, components/) may. Only lib/service/server.ts (it starts Next.js) is let
// through. The e-mails are React components rendered by react-email: the kit
// (lib/mail/kit) may import react, react-dom/server and @react-email/*, an e-mail template
// (lib/**/*-email.tsx) only react (its types), and nothing else of lib/ any of them; and the web
// layer none of the e-mails' components (two Reacts: Next.js's renders the pages). The edges (app/,
// web/, components/, cli/, proxy.ts) call lib/'s use cases and read models, never Prisma: neither
// the database client nor Prisma's types. Two overrides of biome.json that set this one rule on a
// file do not add up (the later one replaces the other), so each file is in one override holding
// all of its groups: cli/ has its own. `npm test` runs biome first, so such an import fails the
// run; this test shows the rule bites where it should: every probe file is written first and
// linted by one run of biome.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const PAST = new Date("2000-01-01T00:00:00Z");
const REFUSED = "lint/style/noRestrictedImports";

/** A file in `folder` (named `probe-…{suffix}`) importing `specifier`, and whether biome refuses it. */
interface Probe {
  folder: string;
  specifier: string;
  suffix?: string;
  refused: boolean;
}

const probe = (folder: string, specifier: string, refused: boolean, suffix = ".ts"): Probe => ({
  folder,
  specifier,
  suffix,
  refused,
});

const CASES: Record<string, Probe[]> = {
  "refuses next/*, next-auth and React in lib/ and the command line": [
    probe("lib/memorials", "next/headers", true),
    probe("lib/plantings", "next", true),
    probe("lib/memorials", "next-auth/jwt", true),
    probe("lib/dashboard", "next/navigation", true),
    probe("lib/http", "next/server", true),
    probe("lib/memorials", "react", true),
    probe("cli", "next/navigation", true),
  ],
  "refuses the web layer in lib/ and the command line": [
    probe("lib/memorials", "@/web/memorials/public-memorial", true),
    probe("lib/dashboard", "@/components/dashboard/fetch-json", true),
    probe("cli", "@/web/auth/session", true),
    probe("lib/memorials", "@memorial/lib/errors", false),
  ],
  "allows them in the web layer": [
    probe("web/dashboard", "next/navigation", false),
    probe("web/auth", "next-auth", false),
    probe("web/memorials", "react", false),
  ],
  "lets React and react-email into the e-mail kit and templates only": [
    // The kit: React, its server renderer, react-email's components.
    ...["react", "react-dom/server", "@react-email/render", "@react-email/button"].map((allowed) =>
      probe("lib/mail/kit", allowed, false, ".tsx"),
    ),
    ...["next/headers", "next-auth", "react-dom/client", "@/web/auth/session"].map((forbidden) =>
      probe("lib/mail/kit", forbidden, true, ".tsx"),
    ),
    // A template: React's types, the kit; no markup of its own, nothing of Next.js.
    probe("lib/reminders", "react", false, "-email.tsx"),
    probe("lib/users", "@memorial/lib/mail/kit/blocks", false, "-emails.tsx"),
    ...["@react-email/button", "react-dom/server", "react/jsx-runtime", "next/headers"].map((forbidden) =>
      probe("lib/reminders", forbidden, true, "-email.tsx"),
    ),
    // Anywhere else in lib/, .tsx or not, e-mail or not: none of them.
    probe("lib/reminders", "react", true, ".tsx"),
    probe("lib/mail", "react", true),
    probe("lib/mail", "@react-email/render", true),
    probe("lib/dashboard", "react-dom/server", true),
    probe("cli", "@react-email/render", true),
  ],
  // The pages are rendered by Next.js's own copy of React, the e-mails by the npm copy: an e-mail's
  // component in a page would be rendered by the other React. Its HTML is what a page shows.
  "keeps the e-mails' components out of the pages": [
    probe("app", "@memorial/lib/mail/kit/blocks", true, ".tsx"),
    probe("components/dashboard", "@memorial/lib/mail/kit/layout", true, ".tsx"),
    probe("web/dashboard", "@memorial/lib/mail/confirmation-email", true),
    probe("app", "@memorial/lib/reminders/reminder-emails", true, ".tsx"),
    probe("web/dashboard", "@memorial/lib/dashboard/emails", false),
    probe("app", "@memorial/lib/mail/closing-summary", false, ".tsx"),
  ],
  // The edges ask lib/ their questions (read models, use cases); the queries are the domain's.
  "keeps Prisma out of the edges": [
    ...["app", "web/dashboard", "cli", "components/dashboard"].flatMap((folder) => [
      probe(folder, "@memorial/lib/db/client", true),
      probe(folder, "@memorial/lib/db/raw", true),
      probe(folder, "@memorial/lib/memorials/queries", false),
    ]),
    probe("app", "@memorial/lib/db/client", true, ".tsx"),
    probe("web/auth", "@prisma/client", true),
    probe("cli/commands", "@memorial/lib/db/generated/enums", true),
    probe("cli/commands", "@memorial/lib/jobs/queue-queries", false),
    probe("lib/memorials", "@memorial/lib/db/client", false),
  ],
};

/** The categories of biome's diagnostics, by probe. */
const found = new Map<Probe, string[]>();

beforeAll(async () => {
  const files = new Map<string, Probe>();
  for (const probe of Object.values(CASES).flat()) {
    const file = path.join(probe.folder, `probe-${randomBytes(4).toString("hex")}${probe.suffix}`);
    writeFileSync(
      path.resolve(file),
      `import { probe } from "${probe.specifier}";\n\nexport const value = probe;\n`,
    );
    // Dated in the past: a service started meanwhile (test/start-compiled.test.ts) would otherwise
    // take lib/ for changed and compile the probe into its package (scripts/run.mjs).
    utimesSync(path.resolve(file), PAST, PAST);
    files.set(file, probe);
    found.set(probe, []);
  }
  try {
    const { stdout } = await run(
      "npx",
      ["biome", "lint", "--reporter=json", "--max-diagnostics=none", ...files.keys()],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    const report = JSON.parse(stdout) as { diagnostics: { category: string; location: { path: unknown } }[] };
    for (const diagnostic of report.diagnostics) {
      const where = JSON.stringify(diagnostic.location.path);
      for (const [file, probe] of files)
        if (where.includes(file)) found.get(probe)?.push(diagnostic.category);
    }
  } finally {
    for (const file of files.keys()) rmSync(path.resolve(file), { force: true });
  }
}, 120_000);

describe("biome's import rules", () => {
  for (const [name, probes] of Object.entries(CASES)) {
    it(name, () => {
      for (const probe of probes) {
        const label = `${probe.specifier} in ${probe.folder} (${probe.suffix})`;
        if (probe.refused) expect(found.get(probe), label).toContain(REFUSED);
        else expect(found.get(probe), label).not.toContain(REFUSED);
      }
    });
  }
});
