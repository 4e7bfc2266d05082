// Extension: the v1 wire objects of POST /v1/Arbres/Deplacer, which moves trees from
// one of the operator's memorials to another (lib/trees/move-trees.ts), with the API's French names.
import { id } from "@memorial/lib/validation";
import { z } from "zod";
import { envelope, uint } from "./responses-common";

const memorialId = id.min(1, "must be a memorial id (at least 1)");

export const ZArbresDeplacer = z
  .strictObject({
    MemorialId: memorialId.meta({ description: "The memorial the trees are in now (the caller's own)." }),
    MemorialIdCible: memorialId.meta({
      description:
        "The memorial to move them to: the caller's own, of the key's environment, visible (not awaiting its family, not closed, not hidden by its family). The operator's global memorial is a fine target.",
    }),
    ArbreIds: z
      .array(id.min(1, "must be a tree id (at least 1)"))
      .min(1, "must name at least one tree (leave it out to move every tree)")
      .max(1000, "must name at most 1000 trees")
      .nullish()
      .meta({
        description:
          "The trees to move (`ArbreId`), each the caller's own tree in `MemorialId`; absent or null: every tree of the caller in `MemorialId`.",
      }),
  })
  .meta({ id: "ArbresDeplacer" });

export const ZArbresDeplaces = z
  .strictObject({
    ...envelope("arbresDeplaces"),
    MemorialId: uint().meta({ description: "The memorial the trees left." }),
    MemorialIdCible: uint().meta({ description: "The memorial the trees are in now." }),
    ArbreIds: z.array(uint()).meta({
      description:
        "The trees moved, by id (empty when `MemorialId` had none of the caller's trees: nothing was written).",
    }),
  })
  .meta({ id: "ArbresDeplaces" });
