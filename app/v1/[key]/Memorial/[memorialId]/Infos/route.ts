import { methodNotAllowed, v1 } from "@/lib/v1/handler";
import { memorialInfosResponse } from "@/lib/v1/key-path-routes";

// GET /v1/{key}/Memorial/{memorialId}/Infos: a memorial, its deceased and its trees
export const GET = v1({ auth: "path" }, memorialInfosResponse);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
