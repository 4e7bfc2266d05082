import { chainIdsOf } from "@/lib/operators/contexts";
import { listTransactions } from "@/lib/transactions/queries";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { listingPage } from "@/lib/v1/paging";
import { monthListing } from "@/lib/v1/params";
import { serializeTransaction } from "@/lib/v1/serializers/transactions";

// GET /v1/Transactions/{year}/{month}: the operator's transactions of one month (UTC)
export const GET = v1({ auth: "header" }, async (req) => {
  const { paging, query } = monthListing(req);
  const { rows, total } = await listTransactions(query);
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
