// POST /api/dashboard/trees/import (multipart, field "file"): a field team's CSV sheet, all or
// nothing (lib/trees/import-sheet.ts); answers the report of every line in the user's language.
// A route rather than a Server Action: a sheet may be 1 MiB, above the actions' body limit, and
// its size is refused here from Content-Length before the body is read.

import { sheetRefusalText, sheetReportView } from "@memorial/lib/dashboard/trees";
import { DomainError } from "@memorial/lib/errors";
import { importTreeSheet } from "@memorial/lib/trees/import-sheet";
import { SHEET_MAX_BYTES } from "@memorial/lib/trees/sheet";
import { dashboardLanguage } from "@/web/dashboard/language";
import { dashboardRoute, jsonResponse } from "@/web/dashboard/route";
import { readUpload } from "@/web/dashboard/upload";

/** Room for the multipart envelope around the file. */
const ENVELOPE_BYTES = 16 * 1024;

export const POST = dashboardRoute(async ({ request, session }) => {
  const lang = await dashboardLanguage(session.operatorLanguage);
  const refused = (reason: string, status = 400) =>
    jsonResponse(status, { error: "INVALID_INPUT", reason, message: sheetRefusalText(lang, reason), lang });
  const upload = await readUpload(request, "file", {
    fileBytes: SHEET_MAX_BYTES,
    envelopeBytes: ENVELOPE_BYTES,
  });
  if (upload.refusal) return upload.refusal === "too-large" ? refused("too-large", 413) : refused("no-file");
  const { file } = upload;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // A spreadsheet set to a Western European language may save its CSV in Windows-1252.
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  try {
    const report = await importTreeSheet(session.scope, text, {
      fileName: file.name || "sheet.csv",
      recordedBy: session.email,
    });
    return jsonResponse(report.ok ? 200 : 400, { ...sheetReportView(lang, report), lang });
  } catch (error) {
    if (error instanceof DomainError && error.problem?.field === "sheet")
      return refused(error.problem.reason);
    throw error;
  }
});
