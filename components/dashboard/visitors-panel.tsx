"use client";
import { formatMoney } from "@memorial/lib/dashboard/format";
import type { VisitorPlantingOverview } from "@memorial/lib/visitors/dashboard";
// Visitor planting (admins): whether visitors may plant from the memorial pages, for all
// the operator's memorials or for one funeral home, with which payment ways and at what price; and
// planting codes issued for a memorial or a funeral home, downloaded at once as cards (PDF) or CSV
// — the only time they are shown. Reads through React Query; the setting is saved by PUT
// /api/dashboard/visitors, the codes' file answered by POST /api/dashboard/visitors/codes.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ActionAlert } from "./action-outcome";
import { DataTable } from "./data-table";
import { fetchJson, RequestError, refusalError } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import {
  ActionButton,
  buttonClass,
  Choice,
  cardClass,
  ErrorMessage,
  Field,
  InputField,
  inputClass,
  Loading,
  labelClass,
  Pending,
  TitledPanel,
  useErrorText,
} from "./ui";

/** A level's setting: the operator's (contextId null) or a context's own. */
interface Level {
  contextId: number | null;
  enabled: boolean;
  payments: string[];
  price: string | null;
}

async function send(method: string, url: string, body: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status === 401) window.location.assign("/dashboard/signin");
  if (!response.ok) throw refusalError(response, await response.json().catch(() => null));
  return response;
}

export function VisitorsPanel() {
  const { t } = useI18n();
  const overview = useQuery({
    queryKey: ["visitors"],
    queryFn: () => fetchJson<VisitorPlantingOverview>("/api/dashboard/visitors"),
  });
  return (
    <TitledPanel titleId="visitors-title" title={t("visitors_nav")}>
      <p className="mb-6 max-w-prose">{t("visitors_intro")}</p>
      {overview.isPending ? <Loading /> : null}
      {overview.isError ? <ErrorMessage error={overview.error} onRetry={() => overview.refetch()} /> : null}
      {overview.data ? (
        <>
          <SettingsSection data={overview.data} />
          <CodesSection data={overview.data} />
        </>
      ) : null}
    </TitledPanel>
  );
}

function SettingsSection({ data }: { data: VisitorPlantingOverview }) {
  const { lang, t } = useI18n();
  const errorText = useErrorText();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const id = useId();
  const levels: Level[] = [{ ...data.operator, contextId: null }, ...data.contexts];
  const levelOf = (contextId: number | null): Level =>
    levels.find((l) => l.contextId === contextId) ?? { enabled: false, payments: [], price: null, contextId };
  const [contextId, setContextId] = useState<number | null>(null);
  const [form, setForm] = useState(() => formOf(levelOf(null)));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const choose = (value: number | null) => {
    setContextId(value);
    setForm(formOf(levelOf(value)));
    setSaved(false);
    setError(null);
  };
  const save = useMutation({
    mutationFn: (setting: typeof form | null) =>
      send("PUT", "/api/dashboard/visitors", {
        contextId,
        setting: setting && {
          enabled: setting.enabled,
          payments: setting.payments,
          price: setting.price || null,
        },
      }).then((r) => r.json() as Promise<VisitorPlantingOverview>),
    onSuccess: (next) => {
      queryClient.setQueryData(["visitors"], next);
      setError(null);
      setSaved(true);
    },
    onError: (e) => {
      setSaved(false);
      setError(e instanceof RequestError && e.translated ? e.message : errorText(undefined));
    },
  });
  const nameOf = (level: Level) =>
    level.contextId === null
      ? t("visitors_all")
      : (data.choices.find((c) => c.id === level.contextId)?.name ?? String(level.contextId));
  const ownSetting = contextId !== null && data.contexts.some((c) => c.contextId === contextId);
  const way = (w: string) => (w === "card" ? t("visitors_card") : t("visitors_bancontact"));
  return (
    <div className={`${cardClass} mb-8`}>
      <h2 className="mb-3 font-serif text-xl text-forest-800">{t("visitors_settingsTitle")}</h2>
      {data.paymentsConfigured ? null : (
        <p
          role="note"
          className="mb-4 max-w-prose rounded border border-amber-300 bg-amber-50 p-3 text-stone-900"
          data-testid="payments-not-configured"
        >
          {t("visitors_paymentsNotConfigured")}
        </p>
      )}
      <DataTable
        label={t("visitors_settingsTitle")}
        data-testid="visitor-settings"
        rows={levels}
        rowKey={(level) => level.contextId ?? 0}
        rowProps={(level) => ({ "data-context": level.contextId ?? "operator" })}
        columns={[
          { label: "visitors_colLevel", cell: nameOf },
          {
            label: "visitors_colState",
            cell: (level) => (level.enabled ? t("visitors_on") : t("visitors_off")),
          },
          {
            label: "visitors_colPayments",
            // Ways asked while the service cannot take payments are not shown as active.
            cell: (level) =>
              level.enabled
                ? level.payments.length && data.paymentsConfigured
                  ? level.payments.map(way).join(", ")
                  : level.payments.length
                    ? t("visitors_codesOnlyUntilConfigured")
                    : t("visitors_codesOnly")
                : "—",
          },
          {
            label: "visitors_colPrice",
            cell: (level) => (level.enabled && level.price ? formatMoney(level.price, lang) : "—"),
          },
        ]}
      />
      <form
        className="mt-6 grid max-w-xl gap-4"
        data-testid="visitor-setting-form"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(form);
        }}
      >
        <ContextSelect
          id={`${id}-level`}
          label={t("visitors_level")}
          choices={data.choices}
          all={t("visitors_all")}
          value={contextId ?? ""}
          onChange={(value) => choose(value ? Number(value) : null)}
        />
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={form.enabled}
            onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
            className="h-5 w-5"
          />
          {t("visitors_enabled")}
        </label>
        <fieldset aria-describedby={data.paymentsConfigured ? undefined : `${id}-payments-off`}>
          <legend className={labelClass}>{t("visitors_payments")}</legend>
          {data.paymentsConfigured ? null : (
            <p id={`${id}-payments-off`} className="mt-1 text-sm text-stone-700">
              {t("visitors_paymentsOff")}
            </p>
          )}
          <div className="mt-1 flex flex-wrap gap-4">
            {data.paymentWays.map((w) => (
              <label key={w} className="flex items-center gap-2">
                <input
                  type="checkbox"
                  value={w}
                  checked={form.payments.includes(w)}
                  onChange={(event) =>
                    setForm({
                      ...form,
                      payments: event.target.checked
                        ? [...form.payments, w]
                        : form.payments.filter((p) => p !== w),
                    })
                  }
                  className="h-5 w-5"
                />
                {way(w)}
              </label>
            ))}
          </div>
        </fieldset>
        <InputField
          id={`${id}-price`}
          label={t("visitors_price")}
          inputMode="decimal"
          value={form.price}
          maxLength={10}
          onChange={(event) => setForm({ ...form, price: event.target.value })}
          aria-describedby={`${id}-price-hint`}
          className={`${inputClass} w-40`}
        >
          <p id={`${id}-price-hint`} className="mt-1 text-sm text-stone-600">
            {t("visitors_priceHint")}
          </p>
        </InputField>
        <ActionAlert error={error} />
        {saved ? (
          <p role="status" className="text-forest-800" data-testid="visitor-setting-saved">
            {t("visitors_saved")}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={buttonClass} disabled={!hydrated || save.isPending}>
            {t("visitors_save")}
          </button>
          {ownSetting ? (
            <ActionButton secondary disabled={!hydrated || save.isPending} onClick={() => save.mutate(null)}>
              {t("visitors_follow")}
            </ActionButton>
          ) : null}
        </div>
        <Pending active={save.isPending} />
      </form>
    </div>
  );
}

/** The choice of a funeral home (its id as the value), led by `all` (the value "") when given. */
function ContextSelect(props: {
  id: string;
  label: string;
  choices: VisitorPlantingOverview["choices"];
  all?: string;
  value: string | number;
  onChange: (value: string) => void;
}) {
  return (
    <Field id={props.id} label={props.label}>
      <select
        id={props.id}
        className={inputClass}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.all === undefined ? null : <option value="">{props.all}</option>}
        {props.choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

const formOf = (level: Level) => ({
  enabled: level.enabled,
  payments: [...level.payments] as string[],
  price: level.price ?? "",
});

/** The day `days` from today, YYYY-MM-DD (the expiry the form starts with). */
const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function CodesSection({ data }: { data: VisitorPlantingOverview }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const hydrated = useHydrated();
  const id = useId();
  const [target, setTarget] = useState<"memorial" | "context">("memorial");
  const [memorialId, setMemorialId] = useState("");
  const [contextId, setContextId] = useState<string>(String(data.choices[0]?.id ?? ""));
  const [count, setCount] = useState("10");
  const [expires, setExpires] = useState(() => dayIn(90));
  const [format, setFormat] = useState<"cards" | "csv">("cards");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const issue = useMutation({
    mutationFn: async () => {
      const response = await send("POST", "/api/dashboard/visitors/codes", {
        target,
        id: target === "memorial" ? memorialId : contextId,
        count,
        expires,
        format,
      });
      const file =
        /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "codes";
      const n = Number(response.headers.get("x-codes-issued") ?? "0");
      // The file, saved as the browser saves a download.
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = file;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      return { file, n };
    },
    onSuccess: ({ file, n }) => {
      setError(null);
      setDone(t("visitors_issued", { n, file }));
    },
    onError: (e) => {
      setDone(null);
      setError(e instanceof RequestError && e.translated ? e.message : errorText(undefined));
    },
  });
  return (
    <div className={cardClass}>
      <h2 className="mb-3 font-serif text-xl text-forest-800">{t("visitors_codesTitle")}</h2>
      <p className="mb-4 max-w-prose">{t("visitors_codesIntro")}</p>
      <form
        className="grid max-w-xl gap-4"
        data-testid="visitor-codes-form"
        onSubmit={(event) => {
          event.preventDefault();
          issue.mutate();
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <Choice
            name={`${id}-target`}
            checked={target === "memorial"}
            onChoose={() => setTarget("memorial")}
          >
            {t("visitors_targetMemorial")}
          </Choice>
          <Choice
            name={`${id}-target`}
            checked={target === "context"}
            onChoose={() => {
              setTarget("context");
              setFormat("csv");
            }}
            disabled={data.choices.length === 0}
          >
            {t("visitors_targetContext")}
          </Choice>
        </fieldset>
        {target === "memorial" ? (
          <InputField
            id={`${id}-memorial`}
            label={t("visitors_memorialId")}
            inputMode="numeric"
            required
            value={memorialId}
            onChange={(event) => setMemorialId(event.target.value.trim())}
            className={`${inputClass} w-40`}
          />
        ) : (
          <ContextSelect
            id={`${id}-context`}
            label={t("visitors_context")}
            choices={data.choices}
            value={contextId}
            onChange={setContextId}
          />
        )}
        <div className="flex flex-wrap gap-4">
          <InputField
            id={`${id}-count`}
            label={t("visitors_count")}
            type="number"
            min={1}
            max={data.maxCodes}
            required
            value={count}
            onChange={(event) => setCount(event.target.value)}
            className={`${inputClass} w-32`}
          />
          <InputField
            id={`${id}-expires`}
            label={t("visitors_expires")}
            type="date"
            required
            min={dayIn(0)}
            max={dayIn(data.maxDays - 1)}
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
          />
        </div>
        <fieldset className="flex flex-col gap-2">
          <Choice
            name={`${id}-format`}
            checked={format === "cards"}
            disabled={target === "context"}
            onChoose={() => setFormat("cards")}
          >
            {t("visitors_formatCards")}
          </Choice>
          <Choice name={`${id}-format`} checked={format === "csv"} onChoose={() => setFormat("csv")}>
            {t("visitors_formatCsv")}
          </Choice>
        </fieldset>
        <ActionAlert error={error} />
        {done ? (
          <p role="status" className="text-forest-800" data-testid="visitor-codes-issued">
            {done}
          </p>
        ) : null}
        <div>
          <button type="submit" className={buttonClass} disabled={!hydrated || issue.isPending}>
            {t("visitors_issue")}
          </button>
        </div>
        <Pending active={issue.isPending} />
      </form>
    </div>
  );
}
