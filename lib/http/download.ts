// The response of a file download from the dashboard (CSV, XLSX).

/** A download private to the signed-in user, never stored by a cache, under a safe file name. */
export function downloadResponse(
  filename: string,
  contentType: string,
  body: ReadableStream<Uint8Array>,
): Response {
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "cache-control": "private, no-store",
    },
  });
}
