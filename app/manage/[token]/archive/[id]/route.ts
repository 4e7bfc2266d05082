// GET /manage/{token}/archive/{id}: the family's archive of its memorial (lib/privacy/archive.ts),
// a ZIP, while it is valid. An unknown link answers 404, an expired or
// replaced one 410, as the management page does; an archive past its validity (or another
// memorial's) answers 410 with a page that says to ask for a new one.

import { html } from "@memorial/lib/html";
import { requestNonce, secretLinkLanguage, secretLinkPage } from "@memorial/lib/http/secret-link-page";
import { translator } from "@memorial/lib/i18n/translate";
import { familyLanguageOf } from "@memorial/lib/memorials/manage-token";
import { downloadableArchive } from "@memorial/lib/privacy/archive";
import { parseId } from "@memorial/lib/validation";
import type { NextRequest } from "next/server";
import { publicDocument } from "@/web/public-pages/confirm-page";
import { activeManageLink } from "@/web/public-pages/manage-link-file";

export async function GET(request: NextRequest, context: { params: Promise<{ token: string; id: string }> }) {
  const { token, id } = await context.params;
  const found = await activeManageLink(token);
  if (found instanceof Response) return found;
  const archiveId = parseId(id);
  const archive = archiveId === null ? null : await downloadableArchive(found.memorialId, archiveId);
  if (!archive?.content) {
    const language = secretLinkLanguage(request, await familyLanguageOf(found.memorialId));
    const m = translator(language, "page");
    const body = html`<h1>${m("manageArchiveGoneTitle")}</h1><p>${m("manageArchiveGoneText")}</p>
      <p><a href="${`/manage/${encodeURIComponent(token)}?lang=${language}`}">${m("manageTitle")}</a></p>`;
    return secretLinkPage(
      publicDocument(
        m("manageArchiveGoneTitle"),
        body,
        language,
        requestNonce(request),
        request.nextUrl.pathname,
        m,
      ),
      410,
    );
  }
  return new Response(new Uint8Array(archive.content), {
    status: 200,
    headers: {
      "content-type": "application/zip",
      "content-length": String(archive.content.length),
      "content-disposition": `attachment; filename="memorial-${found.memorialId}-archive.zip"`,
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
      "referrer-policy": "same-origin",
    },
  });
}
