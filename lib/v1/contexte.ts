// 2.1 Contexte object, built from the caller and the resolved chain (contract.md).

import { CONTEXT_KINDS, ID_FIELD } from "@/lib/operators/context-kinds";
import type { ContextChain } from "@/lib/operators/contexts";
import type { Caller } from "@/lib/operators/keys";

export type ContexteObject = {
  Environnement: string;
  ContexteGeneral: string;
  ContexteGeneralId: number;
  Contexte: string;
  ContexteId: number;
} & Record<string, string | number>;

export function serializeContexte(caller: Caller | null, chain: ContextChain): ContexteObject {
  const contexte: ContexteObject = {
    Environnement: caller?.environment ?? "",
    ContexteGeneral: caller?.operatorName ?? "",
    ContexteGeneralId: caller?.operatorId ?? 0,
    Contexte: chain[0]?.kind ?? (caller ? "Operateur" : ""),
    ContexteId: chain[0]?.id ?? caller?.operatorId ?? 0,
  };
  for (const kind of CONTEXT_KINDS) {
    contexte[ID_FIELD[kind]] = chain.find((node) => node.kind === kind)?.id ?? 0;
  }
  return contexte;
}
