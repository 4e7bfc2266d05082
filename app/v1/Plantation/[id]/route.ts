import { getPlantation } from "@/lib/catalogue/queries";
import { notFound } from "@/lib/errors";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { idParam } from "@/lib/v1/params";
import { serializePlantation } from "@/lib/v1/serializers/catalogue";

// GET /v1/Plantation/{id}: one planting site, active or not
export const GET = v1({ auth: "header" }, async (req) => {
  const id = idParam("id", req.params.id);
  const row = await getPlantation(req.caller.operatorId, id, req.caller.operatorLanguage);
  if (!row) throw notFound(`plantation ${id} does not exist`);
  return { ...envelope(req, "plantation"), Plantation: serializePlantation(row) };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
