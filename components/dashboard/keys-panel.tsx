"use client";
// API keys: the list (first characters, environment, dates), creation (the key shown once) and
// revocation. Reads through React Query; changes through Server Actions.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { createKeyAction, revokeKeyAction } from "@/lib/dashboard/actions";
import { formatDate, formatDateTime } from "@/lib/dashboard/format";
import type { KeyRow } from "@/lib/dashboard/keys";
import { fetchJson } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import {
  buttonClass,
  cardClass,
  ErrorMessage,
  Loading,
  PageTitle,
  secondaryButtonClass,
  tableClass,
  tdClass,
  thClass,
  useErrorText,
} from "./ui";

export function KeysPanel() {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const keys = useQuery({
    queryKey: ["keys"],
    queryFn: () => fetchJson<{ keys: KeyRow[] }>("/api/dashboard/keys"),
  });
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: (environment: "production" | "test") => createKeyAction(environment),
    onSuccess: (result) => {
      if (result.ok) {
        setCreated(result.key);
        setCopied(false);
        setActionError(null);
      } else setActionError(errorText(result.code, result.message));
      queryClient.invalidateQueries({ queryKey: ["keys"] });
    },
    onError: () => setActionError(t("errorGeneric")),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => revokeKeyAction(id),
    onSuccess: (result) => {
      setActionError(result.ok ? null : errorText(result.code, result.message));
      queryClient.invalidateQueries({ queryKey: ["keys"] });
    },
    onError: () => setActionError(t("errorGeneric")),
  });

  return (
    <section aria-labelledby="keys-title">
      <PageTitle>
        <span id="keys-title">{t("keysTitle")}</span>
      </PageTitle>
      <p className="mb-4 max-w-prose">{t("keysIntro")}</p>
      <div className="mb-6 flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClass}
          disabled={!hydrated || create.isPending}
          onClick={() => create.mutate("production")}
        >
          {create.isPending && create.variables === "production" ? t("creating") : t("createLive")}
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={!hydrated || create.isPending}
          onClick={() => create.mutate("test")}
        >
          {create.isPending && create.variables === "test" ? t("creating") : t("createTest")}
        </button>
      </div>
      {created ? (
        <div className={`${cardClass} mb-6 border-forest-600`} role="status">
          <p className="font-medium">{t("newKeyShown")}</p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <code data-testid="new-key" className="break-all rounded bg-stone-100 px-2 py-1 text-sm">
              {created}
            </code>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={async () => {
                await navigator.clipboard?.writeText(created).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? t("copied") : t("copy")}
            </button>
          </div>
        </div>
      ) : null}
      {actionError ? (
        <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {actionError}
        </p>
      ) : null}
      {keys.isPending ? <Loading /> : null}
      {keys.isError ? <ErrorMessage error={keys.error} onRetry={() => keys.refetch()} /> : null}
      {keys.data ? (
        keys.data.keys.length === 0 ? (
          <p>{t("noKeys")}</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
            <table className={tableClass}>
              <thead>
                <tr>
                  <th className={thClass}>{t("colPrefix")}</th>
                  <th className={thClass}>{t("colEnvironment")}</th>
                  <th className={thClass}>{t("colCreated")}</th>
                  <th className={thClass}>{t("colStatus")}</th>
                  <th className={thClass}>
                    <span className="sr-only">{t("revoke")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.keys.map((key) => (
                  <tr key={key.id} data-key-prefix={key.prefix}>
                    <td className={tdClass}>
                      <code>{key.prefix}…</code>
                    </td>
                    <td className={tdClass}>
                      {key.environment === "production" ? t("envLive") : t("envTest")}
                    </td>
                    <td className={tdClass}>{formatDateTime(key.createdAt, lang)}</td>
                    <td className={tdClass}>
                      {key.revokedAt
                        ? t("keyRevoked", { date: formatDate(key.revokedAt, lang) })
                        : t("keyActive")}
                    </td>
                    <td className={tdClass}>
                      {key.revokedAt ? null : (
                        <button
                          type="button"
                          className={secondaryButtonClass}
                          disabled={revoke.isPending}
                          aria-label={`${t("revoke")} ${key.prefix}`}
                          onClick={() => {
                            if (window.confirm(t("revokeConfirm", { prefix: key.prefix })))
                              revoke.mutate(key.id);
                          }}
                        >
                          {t("revoke")}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </section>
  );
}
