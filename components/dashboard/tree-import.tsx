"use client";
import type { SheetLineView } from "@memorial/lib/dashboard/trees";
// /dashboard/trees/import: upload a field team's CSV sheet and read the outcome of
// every line; when a line is refused nothing was written (lib/trees/import-sheet.ts).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { dashboardFetch, RequestError, refusalError } from "./fetch-json";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import {
  buttonClass,
  cardClass,
  inputClass,
  labelClass,
  Pending,
  TableBox,
  tableClass,
  tdClass,
  thClass,
} from "./ui";

type ImportAnswer = { ok: boolean; lines: SheetLineView[] };

async function sendSheet(file: File): Promise<ImportAnswer> {
  const form = new FormData();
  form.set("file", file);
  const response = await dashboardFetch("/api/dashboard/trees/import", { method: "POST", body: form });
  const body = await response.json().catch(() => null);
  if (body && Array.isArray(body.lines)) return body as ImportAnswer;
  throw refusalError(response, body);
}

export function TreeImport() {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const queryClient = useQueryClient();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [noFile, setNoFile] = useState(false);
  const send = useMutation({
    mutationFn: sendSheet,
    onSuccess: (answer) => {
      if (answer.ok) queryClient.invalidateQueries({ queryKey: ["trees-waiting"] });
    },
  });
  const answer = send.data;
  const refusedLines = answer ? answer.lines.filter((line) => !line.ok).length : 0;
  const error = send.error;
  const stepWord = (step: string | null) =>
    step === "in_ground" || step === "check" || step === "death" ? t(`trees_sheetStep_${step}`) : "—";

  return (
    <div className="space-y-6">
      <form
        noValidate
        className={cardClass}
        onSubmit={(event) => {
          event.preventDefault();
          setNoFile(!file);
          if (file) send.mutate(file);
        }}
      >
        <label htmlFor={`${id}-file`} className={labelClass}>
          {t("trees_importFile")}
        </label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={noFile ? true : undefined}
          aria-describedby={noFile ? `${id}-file-error` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setNoFile(false);
            send.reset();
          }}
          className={inputClass}
        />
        {noFile ? (
          <p id={`${id}-file-error`} className="mt-1 text-sm text-red-800">
            {t("trees_importNoFile")}
          </p>
        ) : null}
        <button type="submit" className={`${buttonClass} mt-4`} disabled={!hydrated || send.isPending}>
          {send.isPending ? t("trees_importing") : t("trees_importButton")}
        </button>
        <Pending active={send.isPending} label={t("trees_importing")} />
      </form>
      <div aria-live="polite">
        {error ? (
          <p
            role="alert"
            className="rounded border border-red-300 bg-red-50 p-3 text-red-900"
            data-testid="import-refused"
          >
            {error instanceof RequestError && error.translated ? error.message : t("errorGeneric")}
          </p>
        ) : null}
        {answer?.ok ? (
          <p
            role="status"
            className="rounded border border-forest-600 bg-forest-50 p-3"
            data-testid="import-ok"
          >
            {t("trees_importOk", { n: answer.lines.length })}
          </p>
        ) : null}
        {answer && !answer.ok ? (
          <p
            role="alert"
            className="rounded border border-red-300 bg-red-50 p-3 text-red-900"
            data-testid="import-refused"
          >
            {t("trees_importRefused", { n: refusedLines })}
          </p>
        ) : null}
      </div>
      {answer ? (
        <TableBox label={t("trees_importTitle")}>
          <table className={tableClass} data-testid="import-report">
            <thead>
              <tr>
                <th className={thClass}>{t("trees_colLine")}</th>
                <th className={thClass}>{t("trees_colTree")}</th>
                <th className={thClass}>{t("trees_colStep")}</th>
                <th className={thClass}>{t("trees_colOutcome")}</th>
              </tr>
            </thead>
            <tbody>
              {answer.lines.map((line) => (
                <tr key={line.line} data-line={line.line} data-ok={line.ok ? "true" : "false"}>
                  <td className={tdClass} data-label={t("trees_colLine")}>
                    {line.line}
                  </td>
                  <td className={tdClass} data-label={t("trees_colTree")}>
                    {line.treeId ?? "—"}
                  </td>
                  <td className={tdClass} data-label={t("trees_colStep")}>
                    {stepWord(line.step)}
                  </td>
                  <td
                    className={`${tdClass} ${line.ok ? "" : "text-red-900"}`}
                    data-label={t("trees_colOutcome")}
                  >
                    {line.ok ? t("trees_lineOk") : line.error}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      ) : null}
    </div>
  );
}
