// The responses of the report (4.3), Infos (4.4) and Arbre paths, each served twice: with the {key}
// path segment (/v1/{key}/...) and without it, the key in the header only (lib/v1/routes.ts).

import { publicOrigin } from "@memorial/lib/links";
import { reportPageJson } from "@memorial/lib/reports/queries";
import { MAX_REPORT_DAYS, reportFilter, reportPeriod } from "@memorial/lib/reports/tree-report";
import { memorialInfos } from "@memorial/lib/trees/memorial-infos";
import { treeLife } from "@memorial/lib/trees/queries";
import { envelope, jsonText, type V1Request } from "@memorial/lib/v1/handler";
import { publicMemorialUrl } from "@memorial/lib/v1/memorial-url";
import { INFOS_LIMIT, listingPage, parsePaging, REPORT_LIMIT } from "@memorial/lib/v1/paging";
import { dayParam, idParam, intParam, monthParam, yearParam } from "@memorial/lib/v1/params";
import { serializeMemorialInfos } from "@memorial/lib/v1/serializers/memorial-infos";
import { reportJsonText, reportLineAsJson } from "@memorial/lib/v1/serializers/reports";
import { serializeArbre } from "@memorial/lib/v1/serializers/tree-life";

/** Both report forms share everything but the person. */
export async function treeReportResponse(req: V1Request, form: "epf" | "personne") {
  const epfId = idParam("epfId", req.params.epfId);
  const personId = form === "personne" ? idParam("personneId", req.params.personneId) : null;
  const year = yearParam(req.params.year);
  const month = monthParam(req.params.month);
  const period = reportPeriod(
    year,
    month,
    dayParam(req.params.day, year, month),
    intParam("days", req.params.days, 1, MAX_REPORT_DAYS),
  );
  const paging = parsePaging(req.search, REPORT_LIMIT);
  const { chain, filter } = await reportFilter({
    scope: req.caller,
    epfId,
    personId,
    period,
    operatorLanguage: req.caller.operatorLanguage,
  });
  req.chain = chain;
  const origin = publicOrigin(req.request.headers);
  const request = { epfId, personId };
  const page = await reportPageJson(filter, paging.limit, paging.offset, reportLineAsJson(origin));
  return jsonText(200, reportJsonText(envelope(req, "reportArbres"), { period }, request, paging, page));
}

/** The response of both Infos paths (with and without the {key} segment). */
export async function memorialInfosResponse(req: V1Request) {
  const memorialId = idParam("memorialId", req.params.memorialId);
  // An extension of 4.4: the trees come in pages (Page, Limite) with the listing's fields.
  const paging = parsePaging(req.search, INFOS_LIMIT);
  // The public address is read with the memorial, not after it (one round trip less on a miss);
  // for a memorial the caller may not read, it is never shown (the 404 comes first).
  const [infos, url] = await Promise.all([
    memorialInfos(req.caller, memorialId, paging),
    publicMemorialUrl(req.request, memorialId),
  ]);
  return Object.assign(
    envelope(req, "memorialInfos"),
    serializeMemorialInfos(infos, url, publicOrigin(req.request.headers)),
    listingPage(paging, infos.totalTrees, infos.trees.length),
  );
}

/**
 * Extension: the response of both GET Arbre paths (with and without the {key}
 * segment): one tree, its state and its history, readable as its memorial is in Infos.
 */
export async function arbreResponse(req: V1Request) {
  const treeId = idParam("arbreId", req.params.arbreId);
  const tree = await treeLife(req.caller, treeId, { language: req.caller.operatorLanguage });
  return Object.assign(envelope(req, "arbre"), serializeArbre(tree, publicOrigin(req.request.headers)));
}
