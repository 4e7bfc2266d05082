// Extension: claim codes through the API. POST /v1/Codes/Creer issues codes for a
// memorial or for the memorials of a context (shown once), GET /v1/Codes lists them with their
// state, POST /v1/Codes/Utiliser plants a visitor's tree with one (a partner's own site taking the
// code for its visitor). The use cases are lib/visitors/claim-codes.ts.
import { invalid } from "@memorial/lib/errors";
import { linkBase } from "@memorial/lib/links";
import { resolveContext } from "@memorial/lib/operators/contexts";
import { isTestEnvironment } from "@memorial/lib/scope";
import { envelope, type V1Request } from "@memorial/lib/v1/handler";
import { LISTING_LIMIT, listingPage, parsePaging } from "@memorial/lib/v1/paging";
import { ZCodesCreer, ZCodesUtiliser } from "@memorial/lib/v1/schemas/codes";
import { contextIdsOfInput } from "@memorial/lib/v1/schemas/memorials";
import { parseWire } from "@memorial/lib/v1/schemas/wire-object";
import {
  issueClaimCodes,
  listClaimCodes,
  plantingFormUrl,
  redeemClaimCode,
} from "@memorial/lib/visitors/claim-codes";
import { checkWords, type WordsRefusal } from "@memorial/lib/visitors/visitor-planting";

const at = (date: Date | null) => date?.toISOString() ?? null;

/** POST /v1/Codes/Creer */
export async function codesCreer(req: V1Request) {
  const input = parseWire(ZCodesCreer, req.body);
  const memorialId = input.MemorialId || null;
  const named = Object.values(contextIdsOfInput(input.Contexte)).some((id) => id !== 0);
  if (memorialId !== null && named) {
    throw invalid(
      "give MemorialId or a Contexte, not both: codes are for one memorial or for one context's memorials",
      {
        field: "memorialId",
        reason: "both",
      },
    );
  }
  let contextId: number | null = null;
  if (memorialId === null) {
    req.chain = await resolveContext(req.caller.operatorId, contextIdsOfInput(input.Contexte));
    contextId = req.chain[0]?.id ?? null;
  }
  const issued = await issueClaimCodes({
    operatorId: req.caller.operatorId,
    isTest: isTestEnvironment(req.caller.environment),
    memorialId,
    contextId,
    count: input.Nombre,
    expiresAt: input.DateExpiration,
  });
  const base = linkBase(req.request);
  return {
    ...envelope(req, "codesCreer"),
    Lot: issued.batch,
    MemorialId: issued.memorialId ?? 0,
    ContexteCodesId: issued.contextId ?? 0,
    DateExpiration: issued.expiresAt.toISOString(),
    NombrePrepayes: issued.prepaidCount,
    Codes: issued.codes.map((code) => ({
      Id: code.id,
      Code: code.code,
      Prepaye: code.prepaid,
      UrlPlantation: issued.memorialId === null ? null : plantingFormUrl(base, issued.memorialId, code.code),
    })),
  };
}

/** GET /v1/Codes[?Lot=] */
export async function codesListe(req: V1Request) {
  const paging = parsePaging(req.search, LISTING_LIMIT);
  const { rows, total } = await listClaimCodes({
    operatorId: req.caller.operatorId,
    isTest: isTestEnvironment(req.caller.environment),
    limit: paging.limit,
    offset: paging.offset,
    batch: req.search.get("Lot") || undefined,
  });
  return Object.assign(
    envelope(req, "codes"),
    {
      Codes: rows.map((row) => ({
        Id: row.id,
        Lot: row.batch,
        MemorialId: row.memorialId ?? 0,
        ContexteCodesId: row.contextId ?? 0,
        DateCreation: row.createdAt.toISOString(),
        DateExpiration: row.expiresAt.toISOString(),
        Prepaye: row.prepaid,
        Etat: row.state,
        DateUtilisation: at(row.redeemedAt),
        DateCredit: at(row.creditedAt),
        ArbreId: row.treeId,
      })),
    },
    listingPage(paging, total, rows.length),
  );
}

const WORDS_MESSAGE: Record<WordsRefusal, [field: string, message: string]> = {
  "name-length": ["planter", "Planteur must be 1 to 80 characters"],
  "message-length": ["message", "MessagePlanteur must be 1 to 1000 characters"],
  "control-characters": ["message", "Planteur and MessagePlanteur may not hold control characters"],
  link: ["message", "Planteur and MessagePlanteur may not hold a link or a web address"],
  email: ["email", "Email must be an e-mail address"],
};

/** POST /v1/Codes/Utiliser */
export async function codesUtiliser(req: V1Request) {
  const input = parseWire(ZCodesUtiliser, req.body);
  const checked = checkWords({
    planter: input.Planteur,
    message: input.MessagePlanteur,
    email: input.Email,
    language: input.Langue ?? req.caller.operatorLanguage,
  });
  if (!checked.ok) {
    const [field, message] = WORDS_MESSAGE[checked.reason];
    throw invalid(message, { field, reason: checked.reason });
  }
  const scope = req.caller;
  const keyId = scope.actor.kind === "key" ? scope.actor.id : 0;
  const outcome = await redeemClaimCode({
    code: input.Code,
    memorialId: input.MemorialId,
    words: checked.words,
    linkBase: linkBase(req.request),
    client: `key ${keyId}`,
    operator: { operatorId: scope.operatorId, isTest: isTestEnvironment(scope.environment) },
  });
  return {
    ...envelope(req, "codeUtilise"),
    MemorialId: input.MemorialId,
    ArbreId: outcome.kind === "planted" ? outcome.treeId : null,
    IdTransaction: outcome.kind === "planted" ? outcome.transactionId : null,
    EnAttente: outcome.kind === "queued",
    Origine: "visitor_code" as const,
  };
}
