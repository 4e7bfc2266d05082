// Extension: the memorial's ceremony, set by its operator (lib/ceremonies holds the rules).
// GET and PUT /v1/Memorial/{memorialId}/Ceremonie, POST /v1/Memorial/{memorialId}/Ceremonie/Annuler;
// the key in the header only. Another operator's memorial answers 404, as everywhere.
import { cancelCeremony } from "@memorial/lib/ceremonies/cancel-ceremony";
import { ownCeremony } from "@memorial/lib/ceremonies/queries";
import { setCeremony } from "@memorial/lib/ceremonies/set-ceremony";
import type { Ceremony } from "@memorial/lib/db/generated/client";
import { notFound } from "@memorial/lib/errors";
import { publicOrigin } from "@memorial/lib/links";
import { envelope, json, type V1Request } from "@memorial/lib/v1/handler";
import { publicMemorialUrl } from "@memorial/lib/v1/memorial-url";
import { idParam } from "@memorial/lib/v1/params";
import { ZCeremonieDefinir } from "@memorial/lib/v1/schemas/ceremony";
import { parseWire } from "@memorial/lib/v1/schemas/wire-object";
import { serializeCeremonie } from "@memorial/lib/v1/serializers/ceremony";

async function answer(req: V1Request, memorialId: number, ceremony: Ceremony) {
  // The calendar file answers only while the public may see the memorial: no address that 404s.
  const page = await publicMemorialUrl(req.request, memorialId);
  const calendar = page ? `${publicOrigin(req.request.headers)}/memorial/${memorialId}/ceremony.ics` : null;
  return {
    ...envelope(req, "ceremonie"),
    MemorialId: memorialId,
    Ceremonie: serializeCeremonie(ceremony, calendar),
  };
}

/** GET /v1/Memorial/{memorialId}/Ceremonie */
export async function ceremonieLire(req: V1Request) {
  const memorialId = idParam("memorialId", req.params.memorialId!);
  const ceremony = await ownCeremony(req.caller, memorialId);
  if (!ceremony) throw notFound(`memorial ${memorialId} does not exist or has no ceremony`);
  return answer(req, memorialId, ceremony);
}

/** PUT /v1/Memorial/{memorialId}/Ceremonie: 201 when created, 200 otherwise. */
export async function ceremonieDefinir(req: V1Request) {
  const memorialId = idParam("memorialId", req.params.memorialId!);
  const input = parseWire(ZCeremonieDefinir, req.body);
  const result = await setCeremony(
    { by: "operator", scope: req.caller, memorialId },
    {
      start: input.Debut,
      timeZone: input.FuseauHoraire,
      placeName: input.Lieu.Nom,
      placeAddress: input.Lieu.Adresse,
      mapUrl: input.Lieu.Carte,
      livestreamUrl: input.Diffusion,
      note: input.Note,
    },
  );
  return json(result.created ? 201 : 200, await answer(req, memorialId, result.ceremony));
}

/** POST /v1/Memorial/{memorialId}/Ceremonie/Annuler */
export async function ceremonieAnnuler(req: V1Request) {
  const memorialId = idParam("memorialId", req.params.memorialId!);
  const result = await cancelCeremony({ by: "operator", scope: req.caller, memorialId });
  return answer(req, memorialId, result.ceremony);
}
