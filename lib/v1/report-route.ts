// The two report paths (4.3) share everything but the person: one handler for both forms.
import { MAX_REPORT_DAYS, reportPeriod, treeReport } from "@/lib/reports/tree-report";
import { envelope, type V1Request } from "@/lib/v1/handler";
import { parsePaging, REPORT_LIMIT } from "@/lib/v1/paging";
import { intParam } from "@/lib/v1/params";
import { serializeReport } from "@/lib/v1/serializers/reports";

export async function treeReportResponse(req: V1Request, form: "epf" | "personne") {
  const epfId = intParam("epfId", req.params.epfId);
  const personId = form === "personne" ? intParam("personneId", req.params.personneId) : null;
  const period = reportPeriod(
    intParam("year", req.params.year),
    intParam("month", req.params.month),
    intParam("day", req.params.day),
    intParam("days", req.params.days, 1, MAX_REPORT_DAYS),
  );
  const paging = parsePaging(req.search, REPORT_LIMIT);
  const report = await treeReport({
    operatorId: req.caller.operatorId,
    isTest: req.caller.isTest,
    epfId,
    personId,
    period,
    limit: paging.limit,
    offset: paging.offset,
  });
  req.chain = report.chain;
  return {
    ...envelope(req, "reportArbres"),
    ...serializeReport(report, { epfId, personId }, paging),
  };
}
