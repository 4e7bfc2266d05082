import { methodNotAllowed, v1 } from "@/lib/v1/handler";
import { arbreResponse } from "@/lib/v1/key-path-routes";

// GET /v1/{key}/Arbre/{arbreId} (extension, issue 20): one tree, its state and its history
export const GET = v1({ auth: "path" }, arbreResponse);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
