import { getSpecies } from "@/lib/catalogue/queries";
import { notFound } from "@/lib/errors";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { idParam } from "@/lib/v1/params";
import { serializeSpecies } from "@/lib/v1/serializers/catalogue";

// GET /v1/Espece/{id}: one species, with what the caller can have planted of it
export const GET = v1({ auth: "header" }, async (req) => {
  const id = idParam("id", req.params.id);
  const row = await getSpecies(req.caller.operatorId, id, req.caller.operatorLanguage);
  if (!row) throw notFound(`species ${id} does not exist`);
  return { ...envelope(req, "espece"), Espece: serializeSpecies(row) };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
