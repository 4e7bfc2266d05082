// GET /v1/LivreDor/{messageId}: one guestbook message of the operator's memorials.
import { notFound } from "@memorial/lib/errors";
import { operatorGuestbookEntry } from "@memorial/lib/guestbook/queries";
import { envelope, type V1Request } from "@memorial/lib/v1/handler";
import { idParam } from "@memorial/lib/v1/params";
import { serializeLivreDorMessage } from "@memorial/lib/v1/serializers/guestbook";

export async function livreDor(req: V1Request) {
  const id = idParam("messageId", req.params.messageId!);
  const entry = await operatorGuestbookEntry(req.caller, id);
  if (!entry) throw notFound(`guestbook message ${id} does not exist`);
  return Object.assign(envelope(req, "livreDorMessage"), serializeLivreDorMessage(entry));
}
