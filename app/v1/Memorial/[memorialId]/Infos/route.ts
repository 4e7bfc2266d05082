import { methodNotAllowed, v1 } from "@/lib/v1/handler";
import { memorialInfosResponse } from "@/lib/v1/key-path-routes";

// GET /v1/Memorial/{memorialId}/Infos: the Infos path without its {key} segment, the key in the
// header only (part 5 rule 2)
export const GET = v1({ auth: "header" }, memorialInfosResponse);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
