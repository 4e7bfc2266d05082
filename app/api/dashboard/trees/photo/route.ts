// POST /api/dashboard/trees/photo (multipart, field "photo"): a photo of a tree taken in the field,
// cleaned and kept by lib/photos (upright, at most 1600 px, a JPEG without EXIF/GPS metadata);
// answers its key, which the tree forms then send with their step (web/dashboard/tree-actions.ts).
// A route rather than inside the Server Action: a phone's photo is larger than the actions' body
// limit, and its size is refused here from Content-Length before the body is read.

import { photoRefusalText } from "@memorial/lib/dashboard/trees";
import { DomainError } from "@memorial/lib/errors";
import { storePhoto } from "@memorial/lib/photos/photos";
import { settings } from "@memorial/lib/settings";
import { dashboardLanguage } from "@/web/dashboard/language";
import { dashboardRoute, jsonResponse } from "@/web/dashboard/route";
import { readUpload } from "@/web/dashboard/upload";

/** Room for the multipart envelope around the photo. */
const ENVELOPE_BYTES = 64 * 1024;

export const POST = dashboardRoute(async ({ request, session }) => {
  const lang = await dashboardLanguage(session.operatorLanguage);
  const max = settings().PHOTO_MAX_BYTES;
  const refused = (reason: string, status = 400) =>
    jsonResponse(status, {
      error: "INVALID_INPUT",
      field: "photo",
      reason,
      message: photoRefusalText(lang, reason, max),
      lang,
    });
  const upload = await readUpload(request, "photo", { fileBytes: max, envelopeBytes: ENVELOPE_BYTES });
  if (upload.refusal)
    return upload.refusal === "too-large" ? refused("too-large", 413) : refused("not-an-image");
  const { file } = upload;
  if (file.size === 0) return refused("not-an-image");
  try {
    const { key } = await storePhoto(new Uint8Array(await file.arrayBuffer()));
    return { key };
  } catch (error) {
    if (error instanceof DomainError && error.problem?.field === "photo")
      return refused(error.problem.reason);
    throw error;
  }
});
