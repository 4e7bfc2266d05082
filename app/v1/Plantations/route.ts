import { listActivePlantations } from "@/lib/catalogue/queries";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { LISTING_LIMIT, listingPage, parsePaging } from "@/lib/v1/paging";
import { serializePlantation } from "@/lib/v1/serializers/catalogue";

// GET /v1/Plantations: the active planting sites
export const GET = v1({ auth: "header" }, async (req) => {
  const paging = parsePaging(req.search, LISTING_LIMIT);
  const { rows, total } = await listActivePlantations(
    req.caller.operatorId,
    paging.limit,
    paging.offset,
    req.caller.operatorLanguage,
  );
  return {
    ...envelope(req, "plantations"),
    Plantations: rows.map(serializePlantation),
    ...listingPage(paging, total, rows.length),
  };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
