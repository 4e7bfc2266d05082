// POST /v1/Memorials/Creer and PUT /v1/Personne/Modifier (specification part 4).
import { linkBase, linkBaseIfAllowed } from "@memorial/lib/links";
import type { CreateMemorialCommand } from "@memorial/lib/memorials/commands";
import { createMemorial } from "@memorial/lib/memorials/create-memorial";
import { checkIdempotencyKey, requestHash } from "@memorial/lib/memorials/idempotency";
import { modifyPerson } from "@memorial/lib/memorials/modify-person";
import { envelope, json, type V1Request } from "@memorial/lib/v1/handler";
import { publicMemorialUrl } from "@memorial/lib/v1/memorial-url";
import {
  toCreateMemorialCommand,
  toModifyPersonCommand,
  ZMemorialsCreer,
  ZPersonModifier,
} from "@memorial/lib/v1/schemas/memorials";
import { parseWire } from "@memorial/lib/v1/schemas/wire-object";
import { serializeCreation, serializePerson } from "@memorial/lib/v1/serializers/memorials";

/** POST /v1/Memorials/Creer */
export async function memorialsCreer(req: V1Request) {
  const input = parseWire(ZMemorialsCreer, req.body);
  const header = req.request.headers.get("idempotency-key");
  const command = toCreateMemorialCommand(input);
  const result = await createMemorial({
    caller: req.caller,
    command,
    // Only a creation that writes links into the family's e-mails needs a host that
    // may name them (HOST_NOT_ALLOWED otherwise); the others carry no link base.
    linkBase: mailsLinks(command) ? linkBase(req.request) : linkBaseIfAllowed(req.request),
    idempotency:
      header === null ? undefined : { key: checkIdempotencyKey(header), requestHash: requestHash(req.body) },
  });
  req.chain = result.chain;
  // A replay answers exactly the first response, its Date included.
  const body = Object.assign(
    envelope(req, "memorialsCreer"),
    { Date: result.at, Id: input.Id ?? 0 },
    serializeCreation(
      input,
      result,
      // A replay says whether the memorial is public now; a first answer knows what it wrote.
      await publicMemorialUrl(req.request, result.memorialId, result.replayed ? undefined : result.created),
    ),
  );
  return json(200, body, result.replayed ? { "idempotent-replayed": "true" } : undefined);
}

/** A new memorial awaiting its family's confirmation, or with the family's address (their later e-mails). */
function mailsLinks(command: CreateMemorialCommand): boolean {
  const target = command.target;
  return target.kind === "new" && (target.awaitConfirmation || Boolean(target.family?.email));
}

/** PUT /v1/Personne/Modifier */
export async function personneModifier(req: V1Request) {
  const input = parseWire(ZPersonModifier, req.body);
  const person = await modifyPerson({ caller: req.caller, command: toModifyPersonCommand(input) });
  return {
    ...envelope(req, "personneModifier"),
    Id: person.id,
    Erreur: null,
    Defunt: serializePerson(person),
  };
}
