import { notFound } from "@/lib/errors";
import { operatorGuestbookEntry } from "@/lib/guestbook/queries";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { idParam } from "@/lib/v1/params";
import { serializeLivreDorMessage } from "@/lib/v1/serializers/guestbook";

// GET /v1/LivreDor/{messageId} (extension, issue 27.12): one message of the guestbook of one of
// the caller's memorials, the read that follows a guestbook.entry_* webhook; the key in the header.
export const GET = v1({ auth: "header" }, async (req) => {
  const id = idParam("messageId", req.params.messageId!);
  const entry = await operatorGuestbookEntry(req.caller, id);
  if (!entry) throw notFound(`guestbook message ${id} does not exist`);
  return { ...envelope(req, "livreDorMessage"), ...serializeLivreDorMessage(entry) };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
