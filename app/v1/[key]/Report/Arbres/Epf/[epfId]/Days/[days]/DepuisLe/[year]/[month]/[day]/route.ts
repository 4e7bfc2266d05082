import { methodNotAllowed, v1 } from "@/lib/v1/handler";
import { treeReportResponse } from "@/lib/v1/key-path-routes";

// GET /v1/{key}/Report/Arbres/Epf/{epfId}/Days/{days}/DepuisLe/{year}/{month}/{day}: a funeral home's trees
export const GET = v1({ auth: "path" }, (req) => treeReportResponse(req, "epf"));

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
