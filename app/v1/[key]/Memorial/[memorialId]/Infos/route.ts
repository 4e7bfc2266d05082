import { memorialInfos } from "@/lib/memorials/memorial-infos";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { intParam } from "@/lib/v1/params";
import { serializeMemorialInfos } from "@/lib/v1/serializers/memorial-infos";

// GET /v1/{key}/Memorial/{memorialId}/Infos: a memorial, its deceased and its trees
export const GET = v1({ auth: "path" }, async (req) => {
  const memorialId = intParam("memorialId", req.params.memorialId);
  const infos = await memorialInfos(req.caller, memorialId);
  return { ...envelope(req, "memorialInfos"), ...serializeMemorialInfos(infos) };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
