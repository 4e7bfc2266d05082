// The wrapper of the dashboard's JSON and CSV route handlers (called by React Query in the
// browser with the session cookie). Each request is checked here, where the data is read:
// a cross-site request is refused (Fetch Metadata; for other methods than GET, the Origin must be
// this site), the session must be valid, and the handler gets the session's operatorId.
// Responses are private and never stored by a shared cache. An error's `message` is written in
// the user's language (the dashboard's message catalogue) with the field's label as the form
// shows it; `detail` keeps the English words for developers and logs.

import { actingAs } from "@memorial/lib/audit/actor";
import { QUERY_BOUNDS } from "@memorial/lib/dashboard/query";
import { DomainError } from "@memorial/lib/errors";
import { fromThisSite } from "@memorial/lib/http/same-origin";
import type { Language } from "@memorial/lib/i18n/languages";
import { type DashboardKey, translator } from "@memorial/lib/i18n/translate";
import { hasRole, type Role } from "@memorial/lib/users/roles";
import { WireError } from "@memorial/lib/v1/errors";
import { zodMessage } from "@memorial/lib/v1/zod-message";
import { ZodError } from "zod";
import { getOperatorSession, type OperatorSession } from "@/web/auth/session";
import { dashboardLanguage } from "./language";

export interface DashboardRequest {
  request: Request;
  search: URLSearchParams;
  session: OperatorSession;
}

const PRIVATE = { "cache-control": "private, no-store", vary: "Cookie" };

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...PRIVATE },
  });
}

/** True when the request comes from a page of this site (or from the user typing the address). */
export const sameOrigin = (request: Request) => fromThisSite(request, { originRequired: true });

/** The label of a query parameter (or a domain field) as the dashboard's forms name it. */
const FIELD_LABEL: Record<string, DashboardKey> = {
  epf: "reportEpf",
  epfId: "reportEpf",
  person: "reportPerson",
  personId: "reportPerson",
  year: "fieldYear",
  month: "month",
  day: "fieldDay",
  days: "reportDays",
  start: "reportStart",
  Page: "fieldPage",
  Limite: "reportLimit",
};

const REASON_MESSAGE: Record<string, DashboardKey> = {
  required: "errorFieldRequired",
  number: "errorFieldNumber",
  range: "errorFieldRange",
  date: "errorFieldDate",
  "not-found": "errorFieldNotFound",
};

const CODE_MESSAGE: Record<string, DashboardKey> = {
  INVALID_INPUT: "errorRequestInvalid",
  NOT_FOUND: "errorRequestNotFound",
  NO_TREE_AVAILABLE: "errorNoTree",
  MEMORIAL_CLOSED: "errorMemorialClosed",
  FORBIDDEN: "errorRequestForbidden",
  UNAUTHENTICATED: "errorSessionExpired",
};

/** What the user reads of a refused request, in their language; never the English detail. */
export function errorText(lang: Language, code: string, problem?: { field: string; reason: string }): string {
  const t = translator(lang, "dashboard");
  const label = problem ? FIELD_LABEL[problem.field] : undefined;
  const reason = problem ? REASON_MESSAGE[problem.reason] : undefined;
  if (problem && label && reason) {
    const [min, max] = QUERY_BOUNDS[problem.field] ?? [1, 2_147_483_647];
    const nf = new Intl.NumberFormat(lang, { useGrouping: false });
    return t(reason, { field: t(label).replace(/\s*\(.*\)$/, ""), min: nf.format(min), max: nf.format(max) });
  }
  return t(CODE_MESSAGE[code] ?? "errorGeneric");
}

function errorResponse(
  status: number,
  lang: Language,
  code: string,
  detail: string,
  problem?: { field: string; reason: string },
): Response {
  return jsonResponse(status, {
    error: code,
    message: errorText(lang, code, problem),
    lang,
    field: problem?.field,
    reason: problem?.reason,
    detail,
  });
}

/**
 * A dashboard route: `role` is the role it needs (staff by default; admin routes say so). A user
 * without it gets 403 FORBIDDEN, its role read from the database on this very request.
 */
export function dashboardRoute(
  handler: (req: DashboardRequest) => Promise<Response | object>,
  options: { role?: Role } = {},
): (request: Request) => Promise<Response> {
  return async (request) => {
    let lang: Language = await dashboardLanguage();
    if (!sameOrigin(request)) return errorResponse(403, lang, "FORBIDDEN", "cross-site request");
    try {
      const session = await getOperatorSession();
      if (!session) return errorResponse(401, lang, "UNAUTHENTICATED", "sign in first");
      lang = await dashboardLanguage(session.operatorLanguage);
      if (!hasRole(session.role, options.role ?? "staff")) {
        return errorResponse(403, lang, "FORBIDDEN", "this needs the admin role");
      }
      // Who acts, for the audit log: the signed-in user.
      const result = await actingAs(session.scope.actor, () =>
        handler({ request, search: new URL(request.url).searchParams, session }),
      );
      return result instanceof Response ? result : jsonResponse(200, result);
    } catch (error) {
      if (error instanceof DomainError && error.status < 500) {
        return errorResponse(error.status, lang, error.code, error.message, error.problem);
      }
      // A query parameter refused by a parser the API shares (Page and Limite: lib/v1/paging.ts).
      if (error instanceof WireError && error.champ) {
        return errorResponse(400, lang, error.code, error.message, {
          field: error.champ,
          reason: error.reason ?? "invalid",
        });
      }
      if (error instanceof ZodError) {
        return errorResponse(400, lang, "INVALID_INPUT", zodMessage(error));
      }
      console.error("dashboard route failed", error);
      return errorResponse(500, lang, "INTERNAL", "unexpected error");
    }
  };
}
