// One guard per way in: every way into the service that can change something goes through the
// one guard of its kind, so that a new way in cannot forget a check its siblings make.
// - a /v1 route file is one call of v1Route (lib/v1/routes.ts: the key, the limits, the body cap,
//   the Error object);
// - a dashboard API route's writing method is a dashboardRoute (web/dashboard/route.ts: same
//   origin, the session, the role, who acts, the errors in the user's language);
// - a dashboard secret link (an invitation, a password reset) is passwordLinkRoutes
//   (web/dashboard/link-page.ts);
// - any other route handler's writing method is a public form, publicForm
//   (lib/http/public-form.ts: same origin, the capped form, who acts, the known errors);
// - an exported Server Action of web/dashboard/*actions.ts is `action(...)` or `formAction(...)`
//   of web/dashboard/action.ts (the pipeline of lib/dashboard/action.ts bound to the session);
// - a command of cli/commands/*.ts is in a table the command line runs (cli/command-line.ts: its
//   options parsed, the settings checked, acting as the command line's account).
// The ways in are listed from the files themselves, as e2e/api/audit-coverage.spec.ts lists them
// (which checks that each leaves its audit row); the exceptions below say why each is one.
// Each check is a function of a file's path and text, and the probes at the end give it a way in
// written without its guard, which it must refuse.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.join(import.meta.dirname, "..");
const WRITING = ["POST", "PUT", "PATCH", "DELETE"] as const;

/** Ways in that have no guard of their kind, each with its reason. */
const EXCEPTIONS: Record<string, string> = {
  "app/api/auth/[...nextauth]/route.ts":
    "next-auth's own handler: its CSRF token guards the sign-in and sign-out, the credentials are checked by web/auth/options.ts",
  "app/stripe/webhook/route.ts":
    "Stripe's events: signed by Stripe (Stripe-Signature verified by the SDK before anything is read), no browser involved",
  "app/v1/[[...path]]/route.ts":
    "the catch-all of /v1: every method answers the JSON 404 (noEndpoint), nothing is read nor written",
};

// ---------------------------------------------------------------------------------------------
// The ways in, from the files.

function routeFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (statSync(path.join(ROOT, relative)).isDirectory()) return routeFiles(relative);
    return name === "route.ts" ? [relative] : [];
  });
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** The writing methods a route file exports, whichever way it exports them. */
function writingMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/^export (?:async function|function|const|let) (\w+)\b/gm))
    found.add(m[1] ?? "");
  for (const m of source.matchAll(/^export (?:const )?\{([^}]*)\}/gm)) {
    for (const name of (m[1] ?? "").split(","))
      found.add(
        name
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? "",
      );
  }
  return WRITING.filter((method) => found.has(method));
}

/** Each export of `method`, as the text that gives it its value. */
const exportedAs = (source: string, method: string) =>
  source.match(new RegExp(`^export (?:async function|function|const|let) ${method}\\b.*$`, "m"))?.[0] ?? null;

/** The kind of a route file by its place, and thus the guard it needs. */
type RouteKind = "v1" | "dashboard-api" | "dashboard-link" | "public-form";

function routeKind(file: string): RouteKind {
  if (file.startsWith("app/v1/")) return "v1";
  if (file.startsWith("app/api/dashboard/")) return "dashboard-api";
  if (file.startsWith("app/(dashboard)/")) return "dashboard-link";
  return "public-form";
}

/** What is wrong with a route file's guards: one line per writing method without its guard. */
function routeProblems(file: string, source: string): string[] {
  const methods = writingMethods(source);
  if (methods.length === 0) return [];
  const kind = routeKind(file);
  const problems: string[] = [];
  for (const method of methods) {
    const exported = exportedAs(source, method);
    switch (kind) {
      case "v1":
        // All the methods come from one call of v1Route (lib/v1/route-files.test.ts holds its path).
        if (!/^export const \{[^}]*\} = v1Route\(/m.test(source) || exported !== null)
          problems.push(`${file}: ${method} is not from v1Route(...)`);
        break;
      case "dashboard-api":
        if (
          !exported?.startsWith(`export const ${method} = dashboardRoute(`) ||
          !importsFrom(source, "dashboardRoute", "@/web/dashboard/route")
        )
          problems.push(`${file}: ${method} is not a dashboardRoute(...)`);
        break;
      case "dashboard-link":
        if (!/^export const \{[^}]*\} = passwordLinkRoutes\(/m.test(source) || exported !== null)
          problems.push(`${file}: ${method} is not from passwordLinkRoutes(...)`);
        break;
      case "public-form":
        if (
          !PUBLIC_FORM_GUARDS.some(
            ([guard, module]) =>
              new RegExp(`^export const ${method} = ${guard}(<[^>(]+>)?\\(`).test(exported ?? "") &&
              importsFrom(source, guard, module),
          )
        )
          problems.push(`${file}: ${method} is not a publicForm(...)`);
        break;
    }
  }
  return problems;
}

/**
 * The guards of a public form: publicForm, or memorialForm, the visitors' forms of a memorial page
 * (a publicForm with their shared part, which the test below holds).
 */
const PUBLIC_FORM_GUARDS = [
  ["publicForm", "@memorial/lib/http/public-form"],
  ["memorialForm", "@/web/public-pages/memorial-form"],
] as const;

/** Does `source` import `name` from `module` (and define no `name` of its own)? */
function importsFrom(source: string, name: string, module: string): boolean {
  const imported = [...source.matchAll(/^import \{([^}]*)\} from "([^"]+)";/gm)].some(
    (m) => m[2] === module && (m[1] ?? "").split(",").some((part) => part.trim() === name),
  );
  const defined = new RegExp(`^(?:export )?(?:const|let|function|async function) ${name}\\b`, "m").test(
    source,
  );
  return imported && !defined;
}

const ACTION_DIR = "web/dashboard";
const actionFiles = () =>
  readdirSync(path.join(ROOT, ACTION_DIR))
    .filter((name) => name.endsWith("actions.ts"))
    .map((name) => `${ACTION_DIR}/${name}`);

/** The exported values of a file (its types and interfaces are not ways in). */
const exportedValues = (source: string) =>
  [
    ...source.matchAll(/^export (?:default |async function |function |const |let |var |class |\{)(\w*)/gm),
  ].map((m) => m[1] || m[0]);

/** What is wrong with a file of Server Actions: an export not built through the pipeline. */
function actionProblems(file: string, source: string): string[] {
  const problems: string[] = [];
  for (const name of exportedValues(source)) {
    const built = new RegExp(`^export const ${name} = (action|formAction)\\(`, "m").exec(source);
    if (!built || !importsFrom(source, built[1] ?? "", "@/web/dashboard/action"))
      problems.push(
        `${file}: ${name} is not built by action(...) or formAction(...) of web/dashboard/action.ts`,
      );
  }
  return problems;
}

/** The tables of commands of cli/commands/*.ts, by file. */
const commandTables = () =>
  readdirSync(path.join(ROOT, "cli/commands"))
    // test/import-boundaries.test.ts writes its probe files here for a moment, while this file may
    // run beside it: they are not commands.
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.startsWith("probe-"))
    .map((name) => `cli/commands/${name}`)
    .map((file) => ({
      file,
      tables: [...read(file).matchAll(/^export const (\w+): Record<string, Command> = \{/gm)].map(
        (m) => m[1] ?? "",
      ),
    }));

/** What is wrong with the command line: a table of commands that its one runner does not run. */
function commandProblems(tables: { file: string; tables: string[] }[], runner: string): string[] {
  const problems: string[] = [];
  const registry =
    /^(?:export )?const COMMANDS: Record<string, Command> = \{([^}]*)\};/m.exec(runner)?.[1] ?? "";
  const spread = new Set([...registry.matchAll(/\.\.\.(\w+)/g)].map((m) => m[1]));
  for (const { file, tables: names } of tables) {
    if (names.length === 0) problems.push(`${file}: exports no table of commands`);
    for (const name of names) if (!spread.has(name)) problems.push(`${file}: ${name} is not in COMMANDS`);
  }
  // Every command runs as the command line's system account (the audit log's actor).
  if (!/actingAs\(\{ kind: "cli", account: systemAccount\(\) \}, \(\) => run\.run\(/.test(runner))
    problems.push("cli/command-line.ts: a command is run without acting as the command line");
  return problems;
}

// ---------------------------------------------------------------------------------------------

describe("one guard per way in", () => {
  const routes = routeFiles("app").filter((file) => writingMethods(read(file)).length > 0);

  it("lists the ways in (a broken reader would list nothing and pass)", () => {
    expect(routes).toContain("app/memorial/[id]/guestbook/route.ts");
    expect(routes).toContain("app/api/dashboard/visitors/route.ts");
    expect(routes).toContain("app/v1/Memorials/Creer/route.ts");
    expect(routes).toContain("app/(dashboard)/dashboard/invite/[token]/route.ts");
    expect(writingMethods(read("app/api/dashboard/visitors/route.ts"))).toEqual(["PUT"]);
    expect(actionFiles()).toContain("web/dashboard/move-actions.ts");
    expect(actionFiles().flatMap((file) => exportedValues(read(file)))).toContain("sendManageLinkAction");
    expect(commandTables().flatMap((t) => t.tables)).toContain("TREE_COMMANDS");
  });

  it("every route handler that writes goes through the guard of its kind", () => {
    const problems = routes
      .filter((file) => !EXCEPTIONS[file])
      .flatMap((file) => routeProblems(file, read(file)));
    expect(problems).toEqual([]);
    // The public forms, by name: the ones this rule was written for.
    const publicForms = routes.filter((file) => routeKind(file) === "public-form" && !EXCEPTIONS[file]);
    expect(publicForms.sort()).toEqual(
      [
        "app/confirm/[token]/decline/route.ts",
        "app/confirm/[token]/route.ts",
        "app/guestbook/withdraw/[token]/route.ts",
        "app/manage/[token]/reminders/route.ts",
        "app/manage/[token]/route.ts",
        "app/memorial/[id]/guestbook/route.ts",
        "app/memorial/[id]/photos/route.ts",
        "app/memorial/[id]/remind/route.ts",
        "app/memorial/[id]/trees/route.ts",
        "app/reminders/confirm/[token]/route.ts",
        "app/reminders/mine/[token]/route.ts",
        "app/reminders/unsubscribe/[token]/route.ts",
      ].sort(),
    );
  });

  it("the memorial page's forms' guard is a publicForm: the visitor acts, the Origin required", () => {
    const guard = read("web/public-pages/memorial-form.ts");
    expect(importsFrom(guard, "publicForm", "@memorial/lib/http/public-form")).toBe(true);
    expect(guard).toMatch(
      /return publicForm<[^>]+>\(\n\s+\{\n[^}]*actor: \{ kind: "visitor" \},[^}]*origin: "required",/,
    );
  });

  it("every exception is a way in that exists", () => {
    for (const file of Object.keys(EXCEPTIONS)) expect(routes, file).toContain(file);
  });

  it("every exported dashboard action goes through the pipeline", () => {
    expect(actionFiles().flatMap((file) => actionProblems(file, read(file)))).toEqual([]);
    // The pipeline those actions import is the one of lib/dashboard/action.ts, bound to the session.
    const binding = read("web/dashboard/action.ts");
    expect(binding).toMatch(/^export const action = actionPipeline\(\{\n {2}session: getOperatorSession,/m);
    expect(binding).toMatch(/const run = action\(spec\);/);
  });

  it("every command of the command line runs through its one runner", () => {
    expect(commandProblems(commandTables(), read("cli/command-line.ts"))).toEqual([]);
  });
});

describe("the checks bite", () => {
  const handWritten = `import { fromThisSite } from "@memorial/lib/http/same-origin";
export async function POST(request: Request) {
  if (!fromThisSite(request, { originRequired: true })) return new Response(null, { status: 403 });
  return new Response(null, { status: 303 });
}
`;

  it("refuses a public form route written by hand, or wrapped by a publicForm of its own", () => {
    const file = "app/memorial/[id]/probe/route.ts";
    expect(routeProblems(file, handWritten)).toEqual([`${file}: POST is not a publicForm(...)`]);
    const ownWrapper = `const publicForm = (handler: unknown) => handler;
export const POST = publicForm(async () => new Response(null));
`;
    expect(routeProblems(file, ownWrapper)).toEqual([`${file}: POST is not a publicForm(...)`]);
    const wrapped = `import { publicForm } from "@memorial/lib/http/public-form";
export const POST = publicForm({ actor: { kind: "visitor" }, origin: "required", form: true, refuse: () => new Response(null) }, async () => new Response(null));
`;
    expect(routeProblems(file, wrapped)).toEqual([]);
    // Exported under another name, the same.
    expect(
      routeProblems(file, "const post = async () => new Response(null);\nexport { post as POST };\n"),
    ).toEqual([`${file}: POST is not a publicForm(...)`]);
  });

  it("refuses a dashboard API route without dashboardRoute", () => {
    const file = "app/api/dashboard/probe/route.ts";
    expect(routeProblems(file, handWritten)).toEqual([`${file}: POST is not a dashboardRoute(...)`]);
    const guarded = `import { dashboardRoute } from "@/web/dashboard/route";
export const POST = dashboardRoute(async () => ({}), { role: "admin" });
`;
    expect(routeProblems(file, guarded)).toEqual([]);
  });

  it("refuses a /v1 route file that is not v1Route, and a dashboard link not passwordLinkRoutes", () => {
    expect(routeProblems("app/v1/Probe/route.ts", handWritten)).toEqual([
      "app/v1/Probe/route.ts: POST is not from v1Route(...)",
    ]);
    expect(
      routeProblems(
        "app/v1/Probe/route.ts",
        'export const { GET, HEAD, POST, PUT, DELETE, PATCH } = v1Route("Probe");\n',
      ),
    ).toEqual([]);
    expect(routeProblems("app/(dashboard)/dashboard/probe/[token]/route.ts", handWritten)).toEqual([
      "app/(dashboard)/dashboard/probe/[token]/route.ts: POST is not from passwordLinkRoutes(...)",
    ]);
  });

  it("refuses a dashboard action that bypasses the pipeline", () => {
    const file = "web/dashboard/probe-actions.ts";
    const bypass = `"use server";
import { action } from "@/web/dashboard/action";
export const fineAction = action({ access: "staff", args: () => ({}), input: z.object({}), run: async () => ({}) });
export async function probeAction(form: FormData) {
  const session = await getOperatorSession();
  if (!session) redirect("/dashboard/signin");
}
export interface ProbeValues { id: number }
`;
    expect(actionProblems(file, bypass)).toEqual([
      `${file}: probeAction is not built by action(...) or formAction(...) of web/dashboard/action.ts`,
    ]);
    // A pipeline of its own (another session, no session at all) is not the dashboard's.
    const ownPipeline = `"use server";
const action = actionPipeline({ session: async () => null, log: () => {} });
export const probeAction = action({ access: "anyone", args: () => ({}), input: z.object({}), run: async () => ({}) });
`;
    expect(actionProblems(file, ownPipeline)).toEqual([
      `${file}: probeAction is not built by action(...) or formAction(...) of web/dashboard/action.ts`,
    ]);
  });

  it("refuses a table of commands the command line does not run", () => {
    const runner = read("cli/command-line.ts");
    const tables = [...commandTables(), { file: "cli/commands/probe.ts", tables: ["PROBE_COMMANDS"] }];
    expect(commandProblems(tables, runner)).toEqual([
      "cli/commands/probe.ts: PROBE_COMMANDS is not in COMMANDS",
    ]);
    expect(commandProblems(commandTables(), runner.replace('kind: "cli"', 'kind: "system"'))).toEqual([
      "cli/command-line.ts: a command is run without acting as the command line",
    ]);
  });
});
