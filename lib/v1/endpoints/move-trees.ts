// Extension: POST /v1/Arbres/Deplacer moves trees from one of the operator's
// memorials to another (lib/trees/move-trees.ts holds the rules): a documented endpoint beside the
// specification's, with its French field names.
import { withEvents } from "@memorial/lib/changes/record";
import { isTestEnvironment } from "@memorial/lib/scope";
import { moveTrees } from "@memorial/lib/trees/move-trees";
import { envelope, type V1Request } from "@memorial/lib/v1/handler";
import { ZArbresDeplacer } from "@memorial/lib/v1/schemas/move-trees";
import { parseWire } from "@memorial/lib/v1/schemas/wire-object";

/** POST /v1/Arbres/Deplacer */
export async function arbresDeplacer(req: V1Request) {
  const input = parseWire(ZArbresDeplacer, req.body);
  const scope = req.caller;
  const by = scope.actor.kind === "key" ? `key ${scope.actor.id}` : "service";
  const moved = await withEvents((tx, changes) =>
    moveTrees(tx, changes, {
      operatorId: scope.operatorId,
      isTest: isTestEnvironment(scope.environment),
      fromMemorialId: input.MemorialId,
      toMemorialId: input.MemorialIdCible,
      treeIds: input.ArbreIds ?? "all",
      by,
    }),
  );
  return {
    ...envelope(req, "arbresDeplaces"),
    MemorialId: moved.fromMemorialId,
    MemorialIdCible: moved.toMemorialId,
    ArbreIds: moved.movedTreeIds,
  };
}
