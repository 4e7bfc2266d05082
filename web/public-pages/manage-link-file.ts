// The files a family's management link serves (the archive, the print kit, the photos'
// thumbnails): the link is checked alone, as the management page checks it, before anything of the
// memorial is read; a refusal is a short private text whose address (it holds the link) is not sent
// on as a referrer.
import { manageLinkOf } from "@memorial/lib/memorials/manage-token";

/** A plain-text answer of a management link's file. */
export const manageFileText = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "referrer-policy": "same-origin",
    },
  });

/** The memorial an active link `token` names, or the answer to a link that is not: unknown 404, expired or replaced 410. */
export async function activeManageLink(token: string): Promise<{ memorialId: number } | Response> {
  const found = await manageLinkOf(token);
  if (found.state === "unknown") return manageFileText("Not found", 404);
  if (found.state !== "active")
    return manageFileText("This management link has expired or been replaced", 410);
  return found;
}
