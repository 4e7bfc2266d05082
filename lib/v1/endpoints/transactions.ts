// GET /v1/Transactions/{year}/{month} and /v1/Transactions/totaux/{mode}/{year}/{month}
// (specification part 6).
import { chainIdsOf } from "@memorial/lib/operators/contexts";
import {
  listTransactions,
  TOTAL_MODES,
  type TotalMode,
  transactionTotals,
} from "@memorial/lib/transactions/queries";
import { invalidParam } from "@memorial/lib/v1/errors";
import { envelope, type V1Request } from "@memorial/lib/v1/handler";
import { listingPage } from "@memorial/lib/v1/paging";
import { monthListing } from "@memorial/lib/v1/params";
import { serializeTotal, serializeTransaction } from "@memorial/lib/v1/serializers/transactions";

/** GET /v1/Transactions/{year}/{month} */
export async function transactions(req: V1Request) {
  const { paging, query } = monthListing(req);
  const { rows, total } = await listTransactions(query);
  const chains = await chainIdsOf(
    req.caller.operatorId,
    rows.flatMap((row) => (row.contextId ? [row.contextId] : [])),
  );
  return Object.assign(
    envelope(req, "transactions"),
    { Transactions: rows.map((row) => serializeTransaction(row, chains)) },
    listingPage(paging, total, rows.length),
  );
}

/** GET /v1/Transactions/totaux/{mode}/{year}/{month} */
export async function transactionsTotaux(req: V1Request) {
  const mode = req.params.mode as TotalMode;
  if (!TOTAL_MODES.includes(mode)) {
    throw invalidParam(
      "mode",
      `mode must be one of ${TOTAL_MODES.join(", ")}, got "${req.params.mode.slice(0, 40)}"`,
    );
  }
  const { paging, query } = monthListing(req);
  const { rows, total } = await transactionTotals({ ...query, mode });
  return Object.assign(
    envelope(req, "transactionsTotaux"),
    { Mode: mode, Totaux: rows.map((row) => serializeTotal(mode, row)) },
    listingPage(paging, total, rows.length),
  );
}
