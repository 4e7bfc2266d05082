// Visitor planting from the command line: whether visitors may plant (for an operator,
// or one of its contexts), and claim codes (issued, shown once, optionally written as CSV; listed).
import { parseDateTime } from "@memorial/lib/validation";
import { issueClaimCodes, listClaimCodes } from "@memorial/lib/visitors/claim-codes";
import { setVisitorSetting, visitorSettingsOfOperator } from "@memorial/lib/visitors/settings";
import { type Command, flag, integer, str, text, UsageError } from "../arguments";

export const VISITOR_COMMANDS: Record<string, Command> = {
  // `--on` with its payment ways and price, `--off`, or (a context only) `--inherit` to follow
  // its parent again.
  "visitors set": {
    options: { operator: str, context: str, on: flag, off: flag, inherit: flag, payments: str, price: str },
    run: async (f) => {
      const operatorId = integer(f, "operator")!;
      const contextId = integer(f, "context", { required: false }) ?? null;
      const chosen = (["on", "off", "inherit"] as const).filter((name) => f[name] === true);
      if (chosen.length !== 1) throw new UsageError("give one of --on, --off, --inherit");
      if (chosen[0] === "inherit") return setVisitorSetting(operatorId, contextId, null);
      const payments = text(f, "payments", false);
      return setVisitorSetting(operatorId, contextId, {
        enabled: chosen[0] === "on",
        payments: payments ? payments.split(",").map((way) => way.trim()) : [],
        price: text(f, "price", false) ?? null,
      });
    },
  },
  "visitors show": {
    options: { operator: str },
    run: async (f) => ({ settings: await visitorSettingsOfOperator(integer(f, "operator")!) }),
  },
  // The codes are printed in the answer: they are never shown again.
  "codes issue": {
    options: { operator: str, test: flag, memorial: str, context: str, count: str, expires: str },
    run: async (f) => {
      const expires = parseDateTime(text(f, "expires")!);
      if (!expires) throw new UsageError("--expires must be a date such as 2027-06-30");
      return issueClaimCodes({
        operatorId: integer(f, "operator")!,
        isTest: f.test === true,
        memorialId: integer(f, "memorial", { required: false }) ?? null,
        contextId: integer(f, "context", { required: false }) ?? null,
        count: integer(f, "count")!,
        expiresAt: expires,
      });
    },
  },
  "codes list": {
    options: { operator: str, test: flag, batch: str, page: str },
    run: async (f) => {
      const page = integer(f, "page", { required: false }) ?? 1;
      return listClaimCodes({
        operatorId: integer(f, "operator")!,
        isTest: f.test === true,
        batch: text(f, "batch", false),
        limit: 1000,
        offset: (page - 1) * 1000,
      });
    },
  },
};
