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

export function reportPaths() {
  const reportSuccess = { description: "One page of the report.", schema: ZReportArbres };
  const infosSuccess = { description: "The memorial.", schema: ZMemorialInfos };
  const arbreSuccess = { description: "The tree.", schema: ZArbre };
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
  const withKey = <T extends Record<string, z.ZodType>>(shape: T) =>
    z.object({ key: pathParams.key, ...shape });
  return {
    "/{key}/Report/Arbres/Epf/{epfId}/Days/{days}/DepuisLe/{year}/{month}/{day}": {
      get: operation(
        "Reports",
        "treeReportForFuneralHome",
        "Tree report for a funeral home",
        md(EPF_REPORT, "", KEY_SEGMENT),
        reportSuccess,
        {
          notFound: true,
          security: KEY_PATH_SECURITY,
          requestParams: { path: withKey(epf), query: pagingQuery.report },
        },
      ),
    },
    "/Report/Arbres/Epf/{epfId}/Days/{days}/DepuisLe/{year}/{month}/{day}": {
      get: operation(
        "Reports",
        "treeReportForFuneralHomeKeyHeader",
        "Tree report for a funeral home (key in the header only)",
        md(EPF_REPORT, "", KEY_HEADER_ONLY),
        reportSuccess,
        { notFound: true, requestParams: { path: z.object(epf), query: pagingQuery.report } },
      ),
    },
    "/{key}/Report/Arbres/Epf/{epfId}/Personne/{personneId}/Days/{days}/DepuisLe/{year}/{month}/{day}": {
      get: operation(
        "Reports",
        "treeReportForPerson",
        "Tree report for a deceased person linked to a funeral home",
        md(PERSON_REPORT, "", KEY_SEGMENT),
        reportSuccess,
        {
          notFound: true,
          security: KEY_PATH_SECURITY,
          requestParams: { path: withKey(person), query: pagingQuery.report },
        },
      ),
    },
    "/Report/Arbres/Epf/{epfId}/Personne/{personneId}/Days/{days}/DepuisLe/{year}/{month}/{day}": {
      get: operation(
        "Reports",
        "treeReportForPersonKeyHeader",
        "Tree report for a deceased person (key in the header only)",
        md(PERSON_REPORT, "", KEY_HEADER_ONLY),
        reportSuccess,
        { notFound: true, requestParams: { path: z.object(person), query: pagingQuery.report } },
      ),
    },
    "/{key}/Memorial/{memorialId}/Infos": {
      get: operation(
        "Reports",
        "memorialInfos",
        "Memorial information",
        md(INFOS, "", KEY_SEGMENT),
        infosSuccess,
        {
          notFound: true,
          security: KEY_PATH_SECURITY,
          requestParams: {
            path: withKey({ memorialId: pathParams.memorialId }),
            query: pagingQuery.infos,
          },
        },
      ),
    },
    "/Memorial/{memorialId}/Infos": {
      get: operation(
        "Reports",
        "memorialInfosKeyHeader",
        "Memorial information (key in the header only)",
        md(INFOS, "", KEY_HEADER_ONLY),
        infosSuccess,
        {
          notFound: true,
          requestParams: { path: z.object({ memorialId: pathParams.memorialId }), query: pagingQuery.infos },
        },
      ),
    },
    "/{key}/Arbre/{arbreId}": {
      get: operation(
        "Reports",
        "arbre",
        "One tree's life (extension)",
        md(ARBRE, "", KEY_SEGMENT),
        arbreSuccess,
        {
          notFound: true,
          security: KEY_PATH_SECURITY,
          requestParams: { path: withKey({ arbreId: pathParams.arbreId }) },
        },
      ),
    },
    "/Arbre/{arbreId}": {
      get: operation(
        "Reports",
        "arbreKeyHeader",
        "One tree's life (extension, key in the header only)",
        md(ARBRE, "", KEY_HEADER_ONLY),
        arbreSuccess,
        { notFound: true, requestParams: { path: z.object({ arbreId: pathParams.arbreId }) } },
      ),
    },
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
