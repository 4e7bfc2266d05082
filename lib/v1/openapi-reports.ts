// The report, memorial-information, tree and guestbook-message paths of the OpenAPI document
// (lib/v1/openapi.ts), the key-path ones with and without the {key} segment, and their prose
// (lib/v1/reference/*.md).
import { z } from "zod";
import { pagingQuery, pathParams } from "./openapi-params";
import { md, operation } from "./openapi-responses";
import { prose } from "./reference";
import { ZArbre, ZLivreDorMessage, ZMemorialInfos, ZReportArbres } from "./schemas/responses";

const KEY_SEGMENT = prose("key-segment");
const KEY_HEADER_ONLY = "The same as the path with the `{key}` segment, the key in the `key` header only.";
const KEY_PATH_SECURITY: Record<string, string[]>[] = [{ KeyHeader: [] }, {}];

const REPORT_PAGING = prose("report-paging");

const EPF_REPORT = md(prose("epf-report"), "", REPORT_PAGING);

const PERSON_REPORT = md(prose("person-report"), "", REPORT_PAGING);

const INFOS = prose("infos");

const TREE_LIFE = prose("tree-life");

const LIVRE_DOR = prose("livre-dor");

const ARBRE = md(prose("arbre"), "", TREE_LIFE);

/**
 * A path served twice (lib/v1/routes.ts): with the {key} segment, the key in the segment or the
 * `key` header, and without it, the key in the header only. Both operations are declared from the
 * one description, the segment's first.
 */
function keyPathOperations(
  path: string,
  operationId: string,
  summaries: { withKey: string; headerOnly: string },
  description: string,
  success: { description: string; schema: z.ZodType },
  params: { path: Record<string, z.ZodType>; query?: z.ZodObject },
) {
  const query = params.query ? { query: params.query } : {};
  return {
    [`/{key}${path}`]: {
      get: operation("Reports", operationId, summaries.withKey, md(description, "", KEY_SEGMENT), success, {
        notFound: true,
        security: KEY_PATH_SECURITY,
        requestParams: { path: z.object({ key: pathParams.key, ...params.path }), ...query },
      }),
    },
    [path]: {
      get: operation(
        "Reports",
        `${operationId}KeyHeader`,
        summaries.headerOnly,
        md(description, "", KEY_HEADER_ONLY),
        success,
        { notFound: true, requestParams: { path: z.object(params.path), ...query } },
      ),
    },
  };
}

export function reportPaths() {
  const reportSuccess = { description: "One page of the report.", schema: ZReportArbres };
  const epf = {
    epfId: pathParams.epfId,
    days: pathParams.days,
    year: pathParams.year,
    month: pathParams.month,
    day: pathParams.day,
  };
  const person = {
    epfId: pathParams.epfId,
    personneId: pathParams.personneId,
    days: pathParams.days,
    year: pathParams.year,
    month: pathParams.month,
    day: pathParams.day,
  };
  return {
    ...keyPathOperations(
      "/Report/Arbres/Epf/{epfId}/Days/{days}/DepuisLe/{year}/{month}/{day}",
      "treeReportForFuneralHome",
      {
        withKey: "Tree report for a funeral home",
        headerOnly: "Tree report for a funeral home (key in the header only)",
      },
      EPF_REPORT,
      reportSuccess,
      { path: epf, query: pagingQuery.report },
    ),
    ...keyPathOperations(
      "/Report/Arbres/Epf/{epfId}/Personne/{personneId}/Days/{days}/DepuisLe/{year}/{month}/{day}",
      "treeReportForPerson",
      {
        withKey: "Tree report for a deceased person linked to a funeral home",
        headerOnly: "Tree report for a deceased person (key in the header only)",
      },
      PERSON_REPORT,
      reportSuccess,
      { path: person, query: pagingQuery.report },
    ),
    ...keyPathOperations(
      "/Memorial/{memorialId}/Infos",
      "memorialInfos",
      { withKey: "Memorial information", headerOnly: "Memorial information (key in the header only)" },
      INFOS,
      { description: "The memorial.", schema: ZMemorialInfos },
      { path: { memorialId: pathParams.memorialId }, query: pagingQuery.infos },
    ),
    ...keyPathOperations(
      "/Arbre/{arbreId}",
      "arbre",
      {
        withKey: "One tree's life (extension)",
        headerOnly: "One tree's life (extension, key in the header only)",
      },
      ARBRE,
      { description: "The tree.", schema: ZArbre },
      { path: { arbreId: pathParams.arbreId } },
    ),
    "/LivreDor/{messageId}": {
      get: operation(
        "Memorials",
        "guestbookMessage",
        "One guestbook message (extension)",
        LIVRE_DOR,
        { description: "The message.", schema: ZLivreDorMessage },
        { notFound: true, requestParams: { path: z.object({ messageId: pathParams.messageId }) } },
      ),
    },
  };
}
