// The tree-moving path of the OpenAPI document (lib/v1/endpoints/move-trees.ts) and its
// prose (lib/v1/reference/arbres-deplacer.md).
import { errorExample, errorResponse, jsonBody, operation } from "./openapi-responses";
import { prose } from "./reference";
import { ZArbresDeplacer, ZArbresDeplaces } from "./schemas/move-trees";

const MemorialClosed = errorResponse(
  "MemorialClosed",
  "The target memorial cannot take trees now. `Code: MEMORIAL_CLOSED`.",
  errorExample(
    409,
    "MEMORIAL_CLOSED",
    "MemorialIdCible: memorial 2 awaits its family's confirmation: it cannot take trees",
    "MemorialIdCible",
  ),
);

export function moveTreesPaths() {
  return {
    "/Arbres/Deplacer": {
      post: operation(
        "Memorials",
        "moveTrees",
        "Move trees to another memorial (extension)",
        prose("arbres-deplacer"),
        { description: "The trees moved.", schema: ZArbresDeplaces },
        {
          notFound: true,
          responses: { "409": MemorialClosed },
          requestBody: jsonBody(ZArbresDeplacer, { MemorialId: 1, MemorialIdCible: 2, ArbreIds: [10] }),
        },
      ),
    },
  };
}
