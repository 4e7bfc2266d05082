"use client";
import { pageCount } from "@/lib/dashboard/format";
// Small pieces shared by the dashboard's screens: loading and error states, paging, styles.
import type { MessageKey } from "@/lib/i18n/dashboard-messages";
import { RequestError } from "./fetch-json";
import { useI18n } from "./i18n";

export const inputClass =
  "mt-1 block w-full rounded border border-stone-400 bg-white px-3 py-2 text-base focus:border-forest-700";
export const labelClass = "block text-sm font-medium text-stone-800";
export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded bg-forest-700 px-4 py-2 font-medium text-white hover:bg-forest-800 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded border border-forest-700 bg-white px-4 py-2 font-medium text-forest-800 hover:bg-forest-50 disabled:opacity-60";
export const tableClass = "min-w-full border-collapse text-left text-sm";
export const thClass = "border-b border-stone-300 px-3 py-2 font-semibold whitespace-nowrap";
export const tdClass = "border-b border-stone-200 px-3 py-2 align-top";
export const cardClass = "rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6";

export function Loading() {
  const { t } = useI18n();
  return (
    <p role="status" aria-live="polite" className="flex items-center gap-2 py-4 text-stone-700">
      <span
        aria-hidden="true"
        className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-forest-700 border-t-transparent"
      />
      {t("loading")}
    </p>
  );
}

/** The message of a failed request or action, in the user's language, with its detail. */
export function useErrorText() {
  const { t } = useI18n();
  return (code: string | number | undefined, detail?: string) => {
    const known: Record<string, MessageKey> = {
      UNAUTHENTICATED: "errorSessionExpired",
      401: "errorSessionExpired",
      NO_TREE_AVAILABLE: "errorNoTree",
      RateLimited: "errorRateLimited",
      WrongPassword: "wrongCurrentPassword",
      FORBIDDEN: "errorForbidden",
      403: "errorForbidden",
    };
    const key = code === undefined ? undefined : known[String(code)];
    if (key) return t(key);
    if ((code === "NOT_FOUND" || code === 404) && detail) return t("errorNotFound", { detail });
    if ((code === "INVALID_INPUT" || code === "CONFLICT" || code === 400) && detail) {
      return t("errorInvalid", { detail });
    }
    return t("errorGeneric");
  };
}

export function ErrorMessage(props: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const error = props.error;
  const text =
    error instanceof RequestError ? errorText(error.status, error.message) : errorText(undefined, undefined);
  return (
    <div role="alert" className="my-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
      <p>{text}</p>
      {props.onRetry ? (
        <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={props.onRetry}>
          {t("retry")}
        </button>
      ) : null}
    </div>
  );
}

export function Pager(props: { page: number; limit: number; total: number; onPage: (page: number) => void }) {
  const { t } = useI18n();
  const pages = pageCount(props.total, props.limit);
  return (
    <nav aria-label={t("pageOf", { page: props.page, pages })} className="mt-4 flex items-center gap-3">
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        {t("previous")}
      </button>
      <span aria-live="polite">{t("pageOf", { page: props.page, pages })}</span>
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={props.page >= pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        {t("next")}
      </button>
    </nav>
  );
}

export function PageTitle(props: { children: React.ReactNode }) {
  return <h1 className="mb-4 font-serif text-2xl text-forest-800 sm:text-3xl">{props.children}</h1>;
}
