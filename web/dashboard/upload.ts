// The file of a dashboard upload (a field team's sheet, a tree's photo). The multipart body is read
// with a cap, so that a body too large is refused from its Content-Length (or as it comes) before
// it is all in memory; the file itself is held to its own limit, the envelope around it apart.
import { BodyTooLargeError, readCappedForm } from "@memorial/lib/http/capped-body";

type Upload = { file: File; refusal?: never } | { refusal: "too-large" | "no-file" };

export async function readUpload(
  request: Request,
  field: string,
  limits: { fileBytes: number; envelopeBytes: number },
): Promise<Upload> {
  let form: FormData | null;
  try {
    form = await readCappedForm(request, limits.fileBytes + limits.envelopeBytes);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { refusal: "too-large" };
    // A body that is not a form has no file in it.
    form = null;
  }
  const file = form?.get(field);
  if (!file || typeof file === "string") return { refusal: "no-file" };
  if (file.size > limits.fileBytes) return { refusal: "too-large" };
  return { file };
}
