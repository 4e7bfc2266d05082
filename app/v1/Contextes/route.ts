import { listContexts } from "@/lib/operators/queries";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { LISTING_LIMIT, listingPage, parsePaging } from "@/lib/v1/paging";
import { serializeContextRecord } from "@/lib/v1/serializers/contexts";

// GET /v1/Contextes: the caller's contexts (an extension of the specification), by id
export const GET = v1({ auth: "header" }, async (req) => {
  const paging = parsePaging(req.search, LISTING_LIMIT);
  const { rows, total } = await listContexts(req.caller.operatorId, paging.limit, paging.offset);
  return {
    ...envelope(req, "contextes"),
    Contextes: rows.map(serializeContextRecord),
    ...listingPage(paging, total, rows.length),
  };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
