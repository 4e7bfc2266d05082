import { methodNotAllowed, v1 } from "@/lib/v1/handler";
import { treeReportResponse } from "@/lib/v1/key-path-routes";

// GET /v1/Report/Arbres/Epf/{epfId}/Personne/{personneId}/Days/{days}/DepuisLe/{year}/{month}/{day}:
// the person report without its {key} segment, the key in the header only (part 5 rule 2)
export const GET = v1({ auth: "header" }, (req) => treeReportResponse(req, "personne"));

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
