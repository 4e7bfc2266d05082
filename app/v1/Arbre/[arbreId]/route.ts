import { methodNotAllowed, v1 } from "@/lib/v1/handler";
import { arbreResponse } from "@/lib/v1/key-path-routes";

// GET /v1/Arbre/{arbreId} (extension, issue 20): one tree, its state and its history; the key in
// the header only
export const GET = v1({ auth: "header" }, arbreResponse);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
