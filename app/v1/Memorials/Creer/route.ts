import { memorialChanged } from "@/lib/memorials/cache";
import { linkBase } from "@/lib/memorials/confirmation-token";
import {
  type CreateMemorialOptions,
  createMemorial,
  createMemorialIn,
} from "@/lib/memorials/create-memorial";
import { checkIdempotencyKey, idempotent, requestHash } from "@/lib/memorials/idempotency";
import { ZMemorialsCreer } from "@/lib/memorials/schemas";
import { resolveContext } from "@/lib/operators/contexts";
import { envelope, json, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { serializeCreation } from "@/lib/v1/serializers/memorials";

// POST /v1/Memorials/Creer: create a memorial or plant a tree
export const POST = v1({ auth: "header", body: true }, async (req) => {
  const input = ZMemorialsCreer.parse(req.body);
  const c = input.Contexte ?? {};
  req.chain = await resolveContext(req.caller.operatorId, {
    GroupeEpf: c.ContexteGroupeEpfId ?? 0,
    Epf: c.ContexteEpfId ?? 0,
    EpfAgence: c.ContexteEpfAgenceId ?? 0,
    GroupePresse: c.ContexteGroupePresseId ?? 0,
    Titre: c.ContexteTitreId ?? 0,
    TitreEdition: c.ContexteTitreEditionId ?? 0,
    Assurance: c.ContexteAssuranceId ?? 0,
    GroupeMaisonRepos: c.ContexteGroupeMaisonReposId ?? 0,
  });
  const options: CreateMemorialOptions = {
    caller: req.caller,
    chain: req.chain,
    input,
    appUrl: linkBase(new URL(req.request.url).origin),
  };
  const respond = (result: Awaited<ReturnType<typeof createMemorial>>) => ({
    ...envelope(req, "memorialsCreer"),
    Id: input.Id ?? 0,
    ...serializeCreation(input, result),
  });

  const header = req.request.headers.get("idempotency-key");
  if (header === null) return respond(await createMemorial(options));

  const key = checkIdempotencyKey(header);
  let memorialId = 0;
  const stored = await idempotent(req.caller.operatorId, key, requestHash(req.body), async (tx) => {
    const result = await createMemorialIn(tx, options);
    memorialId = result.memorialId;
    return { status: 200, body: respond(result) };
  });
  if (!stored.replayed) memorialChanged(memorialId);
  return json(stored.status, stored.body, stored.replayed ? { "idempotent-replayed": "true" } : undefined);
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const DELETE = GET;
export const PATCH = GET;
