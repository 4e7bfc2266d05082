import { listAvailableSpecies } from "@/lib/catalogue/queries";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { LISTING_LIMIT, listingPage, parsePaging } from "@/lib/v1/paging";
import { serializeSpecies } from "@/lib/v1/serializers/catalogue";

// GET /v1/Especes: the species the calling operator can have planted now
export const GET = v1({ auth: "header" }, async (req) => {
  const paging = parsePaging(req.search, LISTING_LIMIT);
  const { rows, total } = await listAvailableSpecies(
    req.caller.operatorId,
    paging.limit,
    paging.offset,
    req.caller.operatorLanguage,
  );
  return {
    ...envelope(req, "especes"),
    Especes: rows.map(serializeSpecies),
    ...listingPage(paging, total, rows.length),
  };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
