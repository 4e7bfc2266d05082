// The route template of a request path, for the metrics' `route` label and the request log
// (lib/service/observed.ts): "/v1/{key}/Memorial/{memorialId}/Infos", never the path itself,
// which carries ids and, on some /v1 paths, the partner's key. The templates are the v1 API's
// paths (lib/v1-paths.ts) and those read once from the app/ folder (every page.tsx and route.ts,
// route groups "(name)" left out, and the files served as they are: app/favicon.ico, public/*),
// and a path is matched as Next.js matches it:
// a static segment before a dynamic one ([name]), before a catch-all ([...name], [[...name]]).
// A path no template matches is "unmatched" (the metrics keep a bounded set of labels).
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { createPathTrie } from "@memorial/lib/path-trie";
import { V1_PATHS } from "@memorial/lib/v1-paths";

export const UNMATCHED_ROUTE = "unmatched";

const METADATA_FILE =
  /^(favicon\.ico|(icon|apple-icon)\d*\.\w+|robots\.txt|sitemap\.xml|manifest\.(json|webmanifest))$/;

/** The route templates of the project in `projectDir` (its app/ and public/ folders). */
export function listRouteTemplates(projectDir: string): string[] {
  // The launcher's own probes (lib/service/availability.ts), answered before Next.js.
  const templates = new Set<string>(["/healthz", "/readyz", ...V1_PATHS.map((v1Path) => `/v1/${v1Path}`)]);
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name.startsWith("_") || entry.name.startsWith("@")) continue;
        // A route group does not appear in the path.
        const group = entry.name.startsWith("(") && entry.name.endsWith(")");
        walk(path.join(dir, entry.name), group ? segments : [...segments, entry.name]);
      } else if (/^(page|route)\.(tsx?|jsx?)$/.test(entry.name)) {
        templates.add(`/${segments.join("/")}`);
      } else if (METADATA_FILE.test(entry.name)) {
        templates.add(`/${[...segments, entry.name].join("/")}`);
      }
    }
  };
  const app = path.join(projectDir, "app");
  if (existsSync(app)) walk(app, []);
  const publicDir = path.join(projectDir, "public");
  if (existsSync(publicDir)) {
    for (const entry of readdirSync(publicDir, { withFileTypes: true })) {
      if (entry.isFile()) templates.add(`/${entry.name}`);
    }
  }
  return [...templates].sort();
}

/** "[memorialId]" → "{memorialId}", "[...path]" → "{path...}", as the templates are shown. */
function shown(segment: string): string {
  const catchAll = /^\[\[?\.\.\.([^\]]+)\]\]?$/.exec(segment);
  if (catchAll) return `{${catchAll[1]}...}`;
  const dynamic = /^\[([^\]]+)\]$/.exec(segment);
  return dynamic ? `{${dynamic[1]}}` : segment;
}

export interface RouteMatcher {
  /** The template of `pathname` (decoded or not), or UNMATCHED_ROUTE. */
  match(pathname: string): string;
}

export function createRouteMatcher(templates: string[]): RouteMatcher {
  const trie = createPathTrie(
    templates.map((template) => {
      const segments = template === "/" ? [] : template.slice(1).split("/");
      return { segments, value: `/${segments.map(shown).join("/")}` };
    }),
  );
  return {
    match(pathname) {
      if (pathname.startsWith("/_next/")) return "/_next/{asset...}";
      const segments = pathname === "/" ? [] : pathname.replace(/\/$/, "").slice(1).split("/");
      return trie.match(segments)?.value ?? UNMATCHED_ROUTE;
    },
  };
}

/**
 * A path that URL parsing gives back as it is: no dot segment, no percent sign (an escaped dot),
 * no backslash, no "//" at its start (a host), no character the parser would escape.
 */
const PLAIN_PATH = /^\/(?!\/)[\w.~!$&'()*+,;=:@/-]*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/**
 * The path of a request target ("/v1/x?y" → "/v1/x"), dot segments resolved as Next.js does. The
 * server asks it several times for every request: a plain path is cut at its query, the rest is
 * parsed as a URL (about a microsecond a parse).
 */
export function pathOf(url: string | undefined): string {
  if (url) {
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path)) return path;
  }
  try {
    return new URL(url ?? "/", "http://server.invalid").pathname;
  } catch {
    return "/";
  }
}
