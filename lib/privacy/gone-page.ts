// The answer of a memorial taken down by its family: 410 Gone, a small page with one
// kind sentence in the page's language, nothing about the memorial. Answered by the HTTP server
// (lib/service/server.ts) before the rendered-page cache and Next.js, for the page and every
// address under it (certificate, QR codes, calendar file...). A memorial that is public is never
// read here (its cached read answers first); one that is not public is read from the database at
// each request, so a takedown, or its undoing, is answered at once on every instance.
import type http from "node:http";
import { db } from "@memorial/lib/db/client";
import { html } from "@memorial/lib/html";
import { memorialPageLanguage } from "@memorial/lib/i18n/resolve-language";
import { translator } from "@memorial/lib/i18n/translate";
import { getPublicMemorial } from "@memorial/lib/memorials/public-queries";
import { parseId } from "@memorial/lib/validation";

/** The memorial of a public address, when its family took it down (a test memorial never is public). */
async function takenDown(id: number) {
  if (await getPublicMemorial(id)) return null;
  return db.memorial.findFirst({
    where: { id, takenDownAt: { not: null }, isTest: false },
    select: { language: true, family: { select: { language: true } } },
  });
}

/** The page of a taken-down memorial, in the language its page would have had. */
function gonePage(language: ReturnType<typeof memorialPageLanguage>): string {
  const m = translator(language, "page");
  const title = m("manageTakedownGoneTitle");
  return html`<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${title}</title></head>
<body><main data-testid="memorial-gone"><h1>${title}</h1><p>${m("manageTakedownGoneText")}</p>
<p><a href="${`/?lang=${language}`}">${m("manageTakedownGoneHome")}</a></p></main></body></html>
`.toString();
}

/** Answers GET or HEAD /memorial/{id}[/...] of a taken-down memorial with 410; false: not one. */
export async function answerTakenDown(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  path: string,
  securityHeaders: Readonly<Record<string, string>>,
): Promise<boolean> {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const match = /^\/memorial\/([0-9]+)(?:\/|$)/.exec(path);
  const id = match ? parseId(match[1] ?? "") : null;
  if (id === null) return false;
  const memorial = await takenDown(id);
  if (!memorial) return false;
  const url = new URL(request.url ?? "/", "http://gone.invalid");
  const language = memorialPageLanguage(
    {
      lang: url.searchParams.get("lang"),
      acceptLanguage: String(request.headers["accept-language"] ?? ""),
    },
    { language: memorial.language, familyLanguage: memorial.family?.language },
  );
  const body = Buffer.from(gonePage(language));
  response.writeHead(410, {
    ...securityHeaders,
    "content-type": "text/html; charset=utf-8",
    "content-length": body.length,
    "content-language": language,
    // The family may undo it: nobody keeps the answer.
    "cache-control": "no-store",
    "x-robots-tag": "noindex",
    "content-security-policy":
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  });
  response.end(request.method === "HEAD" ? undefined : body);
  return true;
}
