import { methodNotAllowed, v1 } from "@/lib/v1/handler";
import { treeReportResponse } from "@/lib/v1/key-path-routes";

// GET /v1/{key}/Report/Arbres/Epf/{epfId}/Personne/{personneId}/Days/{days}/DepuisLe/{year}/{month}/{day}: one person's trees
export const GET = v1({ auth: "path" }, (req) => treeReportResponse(req, "personne"));

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
