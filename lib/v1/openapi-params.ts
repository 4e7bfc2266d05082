// The path and query parameters of /v1 as zod schemas, for the reference: their bounds are the
// constants the parsers use (lib/v1/paging.ts, lib/v1/params.ts, lib/reports/tree-report.ts).

import { MAX_REPORT_DAYS } from "@memorial/lib/reports/limits";
import { TOTAL_MODES } from "@memorial/lib/transactions/queries";
import { INFOS_LIMIT, LISTING_LIMIT, MAX_LIMIT, REPORT_LIMIT } from "@memorial/lib/v1/paging";
import { INT32_MAX } from "@memorial/lib/validation";
import { z } from "zod";
import { DEMO_IDS } from "./openapi-examples";

const pathId = (name: string | null, description: string, example: number) =>
  z.int().meta({
    description: `${description} Written in decimal. Not an integer: 400. An integer outside 1 to ${INT32_MAX} names nothing: 404, as an unknown id.`,
    example,
    ...(name ? { param: { id: `Path_${name}` } } : {}),
  });

export const pathParams = {
  id: (what: string, example: number) => pathId(null, `Id of the ${what}.`, example),
  key: z
    .string()
    .max(200)
    .meta({
      description:
        "The operator's key. It authenticates when the `key` header is absent; when both are present and differ, 403.",
      param: { id: "Path_key" },
    }),
  epfId: pathId(
    "epfId",
    "Id of the funeral home (a context of kind `Epf` of the caller's operator; `GET /Contextes` lists them).",
    DEMO_IDS.funeralHomeId,
  ),
  personneId: pathId("personneId", "Id of the deceased person (`IdDefunt` of the creation response).", 1),
  memorialId: pathId("memorialId", "Id of the memorial (`IdMemorial` of the creation response).", 1),
  arbreId: pathId("arbreId", "Id of the tree (`ArbreId` of a tree line of Infos or of a report).", 1),
  messageId: pathId(
    "messageId",
    "Id of the guestbook message (`entryId` of the guestbook.entry_* webhooks).",
    1,
  ),
  days: z
    .int()
    .min(1)
    .max(MAX_REPORT_DAYS)
    .meta({
      description: "Number of days in the report period; out of range answers 400.",
      example: 30,
      param: { id: "Path_days" },
    }),
  year: z
    .int()
    .min(2000)
    .max(9999)
    .meta({ description: "Year (UTC).", example: 2026, param: { id: "Path_year" } }),
  month: z
    .int()
    .min(1)
    .max(12)
    .meta({ description: "Month (UTC), 1 to 12.", example: 11, param: { id: "Path_month" } }),
  day: z
    .int()
    .min(1)
    .max(31)
    .meta({
      description: "Day of the month; the date must exist (400 otherwise).",
      example: 1,
      param: { id: "Path_day" },
    }),
  mode: z.enum(TOTAL_MODES).meta({
    description:
      "How the transactions are totalled: `jour`, `espece`, `plantation` or `contexte`; another value answers 400.",
    param: { id: "Path_mode" },
  }),
};

const page = z
  .int()
  .min(1)
  .max(100_000_000)
  .default(1)
  .meta({ description: "Page number, 1-based.", param: { id: "Page" } });

const limite = (id: string, description: string, byDefault: number) =>
  z.int().min(1).max(MAX_LIMIT).default(byDefault).meta({ description, param: { id } });

export const pagingQuery = {
  listing: z.object({ Page: page, Limite: limite("Limite", "Lines per page.", LISTING_LIMIT) }),
  report: z.object({
    Page: page,
    Limite: limite("LimiteReport", "Lines per page (`NombreLignesParPage`).", REPORT_LIMIT),
  }),
  infos: z.object({
    Page: page,
    Limite: limite("LimiteInfos", "Trees per page of memorial information.", INFOS_LIMIT),
  }),
};
