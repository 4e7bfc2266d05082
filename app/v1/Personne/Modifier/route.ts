import { modifyPerson } from "@/lib/memorials/modify-person";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { toModifyPersonCommand, ZPersonModifier } from "@/lib/v1/schemas/memorials";
import { parseWire } from "@/lib/v1/schemas/wire-object";
import { serializePerson } from "@/lib/v1/serializers/memorials";

// PUT /v1/Personne/Modifier: modify a deceased person
export const PUT = v1({ auth: "header", body: true }, async (req) => {
  const input = parseWire(ZPersonModifier, req.body);
  const person = await modifyPerson({ caller: req.caller, command: toModifyPersonCommand(input) });
  return {
    ...envelope(req, "personneModifier"),
    Id: person.id,
    Erreur: null,
    Defunt: serializePerson(person),
  };
});

export const GET = methodNotAllowed(["PUT"]);
export const POST = GET;
export const DELETE = GET;
export const PATCH = GET;
