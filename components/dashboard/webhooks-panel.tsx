"use client";
import { EVENT_LABEL } from "@memorial/lib/dashboard/event-labels";
import { REASON_MESSAGE } from "@memorial/lib/dashboard/field-reasons";
import { formatDateTime } from "@memorial/lib/dashboard/format";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
import type { WebhooksOverview } from "@memorial/lib/webhooks/dashboard-queries";
import type { WebhookEventType } from "@memorial/lib/webhooks/event-types";
// Webhooks: the operator's endpoints (address, events, environment), adding one (its signing
// secret shown once), deleting one, and the delivery log with "send again". Reads through React
// Query; changes through Server Actions.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  createWebhookAction,
  deleteWebhookAction,
  resendWebhookDeliveryAction,
} from "@/web/dashboard/actions";
import { ActionAlert, ShownOnce, useActionError } from "./action-outcome";
import { DataTable } from "./data-table";
import { fetchJson } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import {
  ActionButton,
  buttonClass,
  cardClass,
  ErrorMessage,
  InputField,
  Loading,
  labelClass,
  Pending,
  StatusNote,
  TitledPanel,
  useErrorText,
} from "./ui";

const STATUS_LABEL: Record<string, DashboardKey> = {
  pending: "deliveryPending",
  sent: "deliverySent",
  failed: "deliveryFailed",
};

export function WebhooksPanel() {
  const { t, lang } = useI18n();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const overview = useQuery({
    queryKey: ["webhooks"],
    queryFn: () => fetchJson<WebhooksOverview>("/api/dashboard/webhooks"),
  });
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>(["memorial.created", "tree.planted", "memorial.confirmed"]);
  const [test, setTest] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<{ url?: string; events?: string }>({});
  const { actionError, setActionError, showRefusal, onError } = useActionError();
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["webhooks"] });

  const create = useMutation({
    mutationFn: () => createWebhookAction({ url, events, test }),
    onSuccess: (result) => {
      setNotice(null);
      if (result.ok) {
        setCreated(result.secret);
        setUrl("");
        setFieldError({});
        setActionError(null);
      } else if (result.fields && (result.fields.url || result.fields.events)) {
        const label = (reason?: string) => (reason ? t(REASON_MESSAGE[reason] ?? "fieldInvalid") : undefined);
        setFieldError({
          url: label(result.fields.url),
          events: result.fields.events ? t("webhookEventsRequired") : undefined,
        });
        setActionError(null);
      } else {
        setFieldError({});
        setActionError(errorText(result.code, result.message));
      }
      refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteWebhookAction(id),
    onSuccess: (result) => {
      showRefusal(result);
      refresh();
    },
    onError,
  });
  const resend = useMutation({
    mutationFn: (id: number) => resendWebhookDeliveryAction(id),
    onSuccess: (result) => {
      showRefusal(result);
      setNotice(result.ok ? t("sendAgainDone") : null);
      refresh();
    },
    onError,
  });

  const data = overview.data;
  return (
    <TitledPanel titleId="webhooks-title" title={t("webhooksTitle")}>
      <p className="mb-4 max-w-prose">{t("webhooksIntro")}</p>

      <form
        className={`${cardClass} mb-6 max-w-2xl space-y-4`}
        aria-labelledby="webhook-new"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate();
        }}
      >
        <h2 id="webhook-new" className="font-serif text-xl text-forest-800">
          {t("webhookNew")}
        </h2>
        <InputField
          id="webhook-url"
          label={t("webhookUrl")}
          name="url"
          type="url"
          inputMode="url"
          value={url}
          placeholder="https://example.org/webhooks/memorial-trees"
          aria-invalid={fieldError.url ? true : undefined}
          aria-describedby={fieldError.url ? "webhook-url-error" : undefined}
          onChange={(event) => setUrl(event.target.value)}
        >
          {fieldError.url ? (
            <p id="webhook-url-error" className="mt-1 text-sm text-red-800">
              {fieldError.url}
            </p>
          ) : null}
        </InputField>
        <fieldset aria-describedby={fieldError.events ? "webhook-events-error" : undefined}>
          <legend className={labelClass}>{t("webhookEvents")}</legend>
          <div className="mt-1 space-y-1">
            {(data?.events ?? Object.keys(EVENT_LABEL)).map((name) => (
              <label key={name} className="flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="h-5 w-5"
                  checked={events.includes(name)}
                  onChange={(event) =>
                    setEvents((list) =>
                      event.target.checked ? [...list, name] : list.filter((e) => e !== name),
                    )
                  }
                />
                <span>
                  {t(EVENT_LABEL[name as WebhookEventType] ?? "fieldInvalid")}{" "}
                  <code className="text-sm">{name}</code>
                </span>
              </label>
            ))}
          </div>
          {fieldError.events ? (
            <p id="webhook-events-error" className="mt-1 text-sm text-red-800">
              {fieldError.events}
            </p>
          ) : null}
        </fieldset>
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={test}
            onChange={(event) => setTest(event.target.checked)}
          />
          <span>{t("webhookTestEndpoint")}</span>
        </label>
        <button type="submit" className={buttonClass} disabled={!hydrated || create.isPending}>
          {create.isPending ? t("creating") : t("webhookCreate")}
        </button>
      </form>

      {created ? (
        <ShownOnce
          key={created}
          value={created}
          title={t("webhookSecretShown")}
          testId="new-webhook-secret"
        />
      ) : null}
      <ActionAlert error={actionError} />
      {notice ? <StatusNote margin="mb-4">{notice}</StatusNote> : null}
      {overview.isPending ? <Loading /> : null}
      <Pending
        active={
          (overview.isFetching && !overview.isPending) ||
          create.isPending ||
          remove.isPending ||
          resend.isPending
        }
      />
      {overview.isError ? <ErrorMessage error={overview.error} onRetry={() => overview.refetch()} /> : null}
      {data ? (
        <>
          <h2 className="mb-2 font-serif text-xl text-forest-800">{t("webhookEndpoints")}</h2>
          {data.endpoints.length === 0 ? (
            <p className="mb-6">{t("noWebhooks")}</p>
          ) : (
            <DataTable
              label={t("webhookEndpoints")}
              className="mb-8"
              rows={data.endpoints}
              rowKey={(endpoint) => endpoint.id}
              rowProps={(endpoint) => ({ "data-endpoint-id": endpoint.id })}
              columns={[
                { label: "colUrl", className: "break-all", cell: (endpoint) => <code>{endpoint.url}</code> },
                { label: "webhookEvents", cell: (endpoint) => endpoint.events.join(", ") },
                {
                  label: "colEnvironment",
                  cell: (endpoint) => (endpoint.environment === "test" ? t("envTest") : t("envLive")),
                },
                { label: "colCreated", cell: (endpoint) => formatDateTime(endpoint.createdAt, lang) },
                {
                  label: "webhookDelete",
                  action: true,
                  cell: (endpoint) => (
                    <ActionButton
                      secondary
                      disabled={remove.isPending}
                      aria-label={`${t("webhookDelete")} ${endpoint.url}`}
                      onClick={() => {
                        if (window.confirm(t("webhookDeleteConfirm", { url: endpoint.url })))
                          remove.mutate(endpoint.id);
                      }}
                    >
                      {t("webhookDelete")}
                    </ActionButton>
                  ),
                },
              ]}
            />
          )}

          <h2 className="mb-2 font-serif text-xl text-forest-800">{t("deliveriesTitle")}</h2>
          {data.deliveries.length === 0 ? (
            <p>{t("noDeliveries")}</p>
          ) : (
            <DataTable
              label={t("deliveriesTitle")}
              rows={data.deliveries}
              rowKey={(delivery) => delivery.id}
              rowProps={(delivery) => ({ "data-delivery-id": delivery.id, "data-status": delivery.status })}
              columns={[
                { label: "colCreated", cell: (delivery) => formatDateTime(delivery.createdAt, lang) },
                { label: "colEvent", cell: (delivery) => <code>{delivery.eventType}</code> },
                { label: "colUrl", className: "break-all", cell: (delivery) => delivery.url },
                {
                  label: "colStatus",
                  cell: (delivery) => (
                    <>
                      {t(STATUS_LABEL[delivery.status] ?? "deliveryPending")}
                      {delivery.nextAttemptAt && delivery.attempts > 0 ? (
                        <span className="block text-xs text-stone-600">
                          {t("deliveryNextAttempt", { date: formatDateTime(delivery.nextAttemptAt, lang) })}
                        </span>
                      ) : null}
                    </>
                  ),
                },
                {
                  label: "colAttempts",
                  cellProps: { "data-cell": "attempts" },
                  cell: (delivery) => delivery.attempts,
                },
                {
                  label: "colResponse",
                  cellProps: { "data-cell": "response" },
                  cell: (delivery) => (
                    <>
                      {delivery.lastStatusCode ?? "—"}
                      {delivery.lastError ? (
                        <span className="block max-w-xs break-words text-xs text-stone-600">
                          {delivery.lastError}
                        </span>
                      ) : null}
                    </>
                  ),
                },
                {
                  label: "sendAgain",
                  action: true,
                  cell: (delivery) => (
                    <ActionButton
                      secondary
                      disabled={resend.isPending}
                      aria-label={`${t("sendAgain")} ${delivery.eventType} #${delivery.id}`}
                      onClick={() => resend.mutate(delivery.id)}
                    >
                      {t("sendAgain")}
                    </ActionButton>
                  ),
                },
              ]}
            />
          )}
        </>
      ) : null}
    </TitledPanel>
  );
}
