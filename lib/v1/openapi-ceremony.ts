// The ceremony's paths of the OpenAPI document (lib/v1/endpoints/ceremony.ts) and their prose
// (lib/v1/reference/ceremonie.md).
import { z } from "zod";
import { pathParams } from "./openapi-params";
import { jsonBody, operation } from "./openapi-responses";
import { prose } from "./reference";
import { ZCeremonieDefinir, ZCeremonieResponse } from "./schemas/ceremony";

const CEREMONIE = prose("ceremonie");

export function ceremonyPaths() {
  const success = { description: "The ceremony.", schema: ZCeremonieResponse };
  const requestParams = { path: z.object({ memorialId: pathParams.memorialId }) };
  return {
    "/Memorial/{memorialId}/Ceremonie": {
      get: operation("Memorials", "getCeremony", "The memorial's ceremony (extension)", CEREMONIE, success, {
        notFound: true,
        requestParams,
      }),
      put: operation(
        "Memorials",
        "setCeremony",
        "Set the memorial's ceremony (extension)",
        CEREMONIE,
        { description: "The ceremony, changed or as it was.", schema: ZCeremonieResponse },
        {
          notFound: true,
          requestParams,
          responses: {
            "201": {
              description: "The ceremony, created.",
              content: { "application/json": { schema: ZCeremonieResponse } },
            },
          },
          requestBody: jsonBody(ZCeremonieDefinir, {
            Debut: "2026-12-10T14:30",
            FuseauHoraire: "Europe/Brussels",
            Lieu: {
              Nom: "Église Saint-Martin",
              Adresse: "Place Saint-Martin 1, 1000 Bruxelles",
            },
            Diffusion: "https://stream.example.org/saint-martin",
            Note: "Ni fleurs ni couronnes.",
          }),
        },
      ),
    },
    "/Memorial/{memorialId}/Ceremonie/Annuler": {
      post: operation(
        "Memorials",
        "cancelCeremony",
        "Cancel the memorial's ceremony (extension)",
        CEREMONIE,
        { description: "The ceremony, cancelled.", schema: ZCeremonieResponse },
        { notFound: true, requestParams },
      ),
    },
  };
}
