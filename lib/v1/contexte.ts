// 2.1 Contexte object, built from the caller and the resolved chain (contract.md).

import { CONTEXT_KINDS, ID_FIELD } from "@memorial/lib/operators/context-kinds";
import type { ContextChain } from "@memorial/lib/operators/contexts";
import type { Caller } from "@memorial/lib/operators/keys";

import type { TContexte, TContexteIds } from "./schemas/responses";

export type ContexteObject = TContexte;

export function serializeContexte(caller: Caller | null, chain: ContextChain): ContexteObject {
  const ids = Object.fromEntries(
    CONTEXT_KINDS.map((kind) => [ID_FIELD[kind], chain.find((node) => node.kind === kind)?.id ?? 0]),
  ) as TContexteIds;
  return {
    Environnement: caller?.environment ?? "",
    ContexteGeneral: caller?.operatorName ?? "",
    ContexteGeneralId: caller?.operatorId ?? 0,
    Contexte: chain[0]?.kind ?? (caller ? "Operateur" : ""),
    ContexteId: chain[0]?.id ?? caller?.operatorId ?? 0,
    ...ids,
  };
}
