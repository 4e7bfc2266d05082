"use client";
import { REASON_MESSAGE } from "@memorial/lib/dashboard/field-reasons";
import { formatDate, formatDateTime } from "@memorial/lib/dashboard/format";
import type { KeyRow } from "@memorial/lib/dashboard/keys";
// API keys: the list (name, first characters, environment, dates, last use), creation with a name
// (the key shown once) and revocation after a confirmation step that repeats the key's name.
// Reads through React Query; changes through Server Actions.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { createKeyAction, revokeKeyAction } from "@/web/dashboard/actions";
import { ActionAlert, ShownOnce, useActionError } from "./action-outcome";
import { DataTable } from "./data-table";
import { fetchJson } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { ActionButton, cardClass, ErrorMessage, Loading, Pending, TitledPanel, useErrorText } from "./ui";

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
  const { actionError, setActionError, showRefusal, onError } = useActionError();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<KeyRow | null>(null);
  const nameId = useId();
  const create = useMutation({
    mutationFn: (environment: "production" | "test") => createKeyAction(environment, name),
    onSuccess: (result) => {
      if (result.ok) {
        setCreated(result.key);
        setActionError(null);
        setNameError(null);
        setName("");
      } else if (result.fields?.name) {
        setNameError(t(REASON_MESSAGE[result.fields.name] ?? "fieldInvalid"));
      } else setActionError(errorText(result.code, result.message));
      queryClient.invalidateQueries({ queryKey: ["keys"] });
    },
    onError,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => revokeKeyAction(id),
    onSuccess: (result) => {
      setConfirming(null);
      showRefusal(result);
      queryClient.invalidateQueries({ queryKey: ["keys"] });
    },
    onError,
  });

  return (
    <TitledPanel titleId="keys-title" title={t("keysTitle")}>
      <p className="mb-4 max-w-prose">{t("keysIntro")}</p>
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={nameId} className="mb-1 block text-sm font-medium">
            {t("keyName")}
          </label>
          <input
            id={nameId}
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={`${nameId}-hint`}
            className="min-h-11 w-64 rounded border border-stone-400 px-3 py-2"
          />
          <p
            id={`${nameId}-hint`}
            className={`mt-1 text-sm ${nameError ? "text-red-800" : "text-stone-600"}`}
          >
            {nameError ?? t("keyNameHint")}
          </p>
        </div>
        <ActionButton disabled={!hydrated || create.isPending} onClick={() => create.mutate("production")}>
          {create.isPending && create.variables === "production" ? t("creating") : t("createLive")}
        </ActionButton>
        <ActionButton
          secondary
          disabled={!hydrated || create.isPending}
          onClick={() => create.mutate("test")}
        >
          {create.isPending && create.variables === "test" ? t("creating") : t("createTest")}
        </ActionButton>
      </div>
      {created ? <ShownOnce key={created} value={created} title={t("newKeyShown")} testId="new-key" /> : null}
      <ActionAlert error={actionError} />
      {confirming ? (
        <div role="alertdialog" aria-labelledby="revoke-title" className={`${cardClass} mb-6 border-red-400`}>
          <p id="revoke-title" className="font-medium">
            {t("revokeConfirmName", { name: confirming.name ?? t("keyUnnamed"), prefix: confirming.prefix })}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="button"
              className="min-h-11 rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(confirming.id)}
            >
              {t("revokeNamed", { name: confirming.name ?? confirming.prefix })}
            </button>
            <ActionButton secondary onClick={() => setConfirming(null)}>
              {t("cancel")}
            </ActionButton>
          </div>
        </div>
      ) : null}
      {keys.isPending ? <Loading /> : null}
      <Pending
        active={(keys.isFetching && !keys.isPending) || create.isPending || revoke.isPending}
        label={create.isPending ? t("creating") : undefined}
      />
      {keys.isError ? <ErrorMessage error={keys.error} onRetry={() => keys.refetch()} /> : null}
      {keys.data ? (
        keys.data.keys.length === 0 ? (
          <p>{t("noKeys")}</p>
        ) : (
          <DataTable
            label={t("keysTitle")}
            data-testid="key-rows"
            rows={keys.data.keys}
            rowKey={(key) => key.id}
            rowProps={(key) => ({ "data-key-prefix": key.prefix })}
            columns={[
              { label: "keyName", cell: (key) => key.name ?? t("keyUnnamed") },
              { label: "colPrefix", cell: (key) => <code>{key.prefix}…</code> },
              {
                label: "colEnvironment",
                cell: (key) => (key.environment === "production" ? t("envLive") : t("envTest")),
              },
              { label: "colCreated", cell: (key) => formatDateTime(key.createdAt, lang) },
              {
                label: "keyLastUsed",
                cellProps: { "data-testid": "last-used" },
                cell: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt, lang) : t("keyNeverUsed")),
              },
              {
                label: "colStatus",
                cell: (key) =>
                  key.revokedAt ? t("keyRevoked", { date: formatDate(key.revokedAt, lang) }) : t("keyActive"),
              },
              {
                label: "revoke",
                action: true,
                cell: (key) =>
                  key.revokedAt ? null : (
                    <ActionButton
                      secondary
                      disabled={revoke.isPending}
                      aria-label={`${t("revoke")} ${key.name ?? key.prefix}`}
                      onClick={() => setConfirming(key)}
                    >
                      {t("revoke")}
                    </ActionButton>
                  ),
              },
            ]}
          />
        )
      ) : null}
    </TitledPanel>
  );
}
