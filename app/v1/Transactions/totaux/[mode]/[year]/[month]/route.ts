import { TOTAL_MODES, type TotalMode, transactionTotals } from "@/lib/transactions/queries";
import { invalidParam } from "@/lib/v1/errors";
import { envelope, methodNotAllowed, v1 } from "@/lib/v1/handler";
import { listingPage } from "@/lib/v1/paging";
import { monthListing } from "@/lib/v1/params";
import { serializeTotal } from "@/lib/v1/serializers/transactions";

// GET /v1/Transactions/totaux/{mode}/{year}/{month}: one month's transactions totalled by mode
export const GET = v1({ auth: "header" }, async (req) => {
  const mode = req.params.mode as TotalMode;
  if (!TOTAL_MODES.includes(mode)) {
    throw invalidParam(
      "mode",
      `mode must be one of ${TOTAL_MODES.join(", ")}, got "${req.params.mode.slice(0, 40)}"`,
    );
  }
  const { paging, query } = monthListing(req);
  const { rows, total } = await transactionTotals({ ...query, mode });
  return {
    ...envelope(req, "transactionsTotaux"),
    Mode: mode,
    Totaux: rows.map((row) => serializeTotal(mode, row)),
    ...listingPage(paging, total, rows.length),
  };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const DELETE = POST;
export const PATCH = POST;
