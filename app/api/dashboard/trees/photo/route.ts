// POST /api/dashboard/trees/photo (multipart, field "photo"): a photo of a tree taken in the field,
// cleaned and kept by lib/photos (upright, at most 1600 px, a JPEG without EXIF/GPS metadata);
// answers its key, which the tree forms then send with their step (web/dashboard/tree-actions.ts).
// A route rather than inside the Server Action: a phone's photo is larger than the actions' body
// limit, and its size is refused here from Content-Length before the body is read.

import { photoRefusalText } from "@memorial/lib/dashboard/trees";
import { DomainError } from "@memorial/lib/errors";
import { BodyTooLargeError, readCappedForm } from "@memorial/lib/http/capped-body";
import { storePhoto } from "@memorial/lib/photos/photos";
import { settings } from "@memorial/lib/settings";
import { dashboardLanguage } from "@/web/dashboard/language";
import { dashboardRoute, jsonResponse } from "@/web/dashboard/route";

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
  let form: FormData | null;
  try {
    form = await readCappedForm(request, max + ENVELOPE_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return refused("too-large", 413);
    form = null;
  }
  const file = form?.get("photo");
  if (!file || typeof file === "string" || file.size === 0) return refused("not-an-image");
  if (file.size > max) return refused("too-large", 413);
  try {
    const { key } = await storePhoto(new Uint8Array(await file.arrayBuffer()));
    return { key };
  } catch (error) {
    if (error instanceof DomainError && error.problem?.field === "photo")
      return refused(error.problem.reason);
    throw error;
  }
});
