// The one reader of request bodies. Every route that reads a body reads it through
// here with its own limit: past it (by Content-Length, or counted as a chunked body arrives) a
// BodyTooLargeError, which each route answers 413 in its own words; the rest is never buffered.
// Limits: the /v1 API's 64 KiB (lib/v1/handler.ts), PUBLIC_FORM_BYTES for the forms of public
// pages (read by lib/http/public-form.ts), the photo and sheet limits for uploads.

/** The forms of the public pages: a few fields, a guestbook message of 1000 characters. */
export const PUBLIC_FORM_BYTES = 16 * 1024;

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`the body is larger than ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * How much of a body past its limit is read and dropped before it is refused. A body cut off
 * while its client still sends makes the client's system reset the connection, and the client
 * then loses the 413 it has not read yet (about one time in four, measured): the rest is read
 * first, up to this bound, past which the connection is cut.
 */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** Reads and drops the rest of a body, up to DRAIN_LIMIT bytes in all; cancels it past that. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<void> {
  try {
    while (read <= DRAIN_LIMIT) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } catch {
    // The client went away: nothing to drain.
  }
  await reader.cancel().catch(() => {});
}

/** The body of `request`, at most `limit` bytes; BodyTooLargeError past it, once the rest is drained. */
export async function readCappedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) {
    if (request.body) await drain(request.body.getReader(), 0);
    throw new BodyTooLargeError(limit);
  }
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, size);
      throw new BodyTooLargeError(limit);
    }
    // A copy: the stream may reuse the memory of a chunk it has handed out.
    chunks.push(value.slice());
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** The body as text (UTF-8), at most `limit` bytes. */
export async function readCappedText(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readCappedBody(request, limit));
}

/**
 * The body as a form (urlencoded or multipart, by its Content-Type), at most `limit` bytes;
 * BodyTooLargeError past it, and what Request.formData throws for a body that is not a form.
 */
export async function readCappedForm(request: Request, limit: number): Promise<FormData> {
  const bytes = await readCappedBody(request, limit);
  const type = request.headers.get("content-type") ?? "";
  return new Response(bytes, { headers: { "content-type": type } }).formData();
}
