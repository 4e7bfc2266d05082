import { chainIdsOf } from "@/lib/operators/contexts";
import { listTransactions } from "@/lib/transactions/queries";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { LISTING_LIMIT, listingPage, parsePaging } from "@/lib/v1/paging";
import { monthParam, yearParam } from "@/lib/v1/params";
import { serializeTransaction } from "@/lib/v1/serializers/transactions";

// GET /v1/Transactions/{year}/{month}: the operator's transactions of one month (UTC)
export const GET = v1({ auth: "header" }, async (req) => {
  const year = yearParam(req.params.year);
  const month = monthParam(req.params.month);
  const paging = parsePaging(req.search, LISTING_LIMIT);
  const { rows, total } = await listTransactions({
    scope: req.caller,
    year,
    month,
    limit: paging.limit,
    offset: paging.offset,
  });
  const chains = await chainIdsOf(
    req.caller.operatorId,
    rows.flatMap((row) => (row.contextId ? [row.contextId] : [])),
  );
  return {
    ...envelope(req, "transactions"),
    Transactions: rows.map((row) => serializeTransaction(row, chains)),
    ...listingPage(paging, total, rows.length),
  };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
