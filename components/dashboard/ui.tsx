"use client";
import { pageCount } from "@memorial/lib/dashboard/format";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
// Small pieces shared by the dashboard's screens: loading and error states, paging, styles.
import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { RequestError } from "./fetch-json";
import { useI18n } from "./i18n";

export const inputClass =
  "mt-1 block w-full rounded border border-stone-400 bg-white px-3 py-2 text-base focus:border-forest-700";
export const labelClass = "block text-sm font-medium text-stone-800";
export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded bg-forest-700 px-4 py-2 font-medium text-white hover:bg-forest-800 disabled:cursor-not-allowed disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded border border-forest-700 bg-white px-4 py-2 font-medium text-forest-800 hover:bg-forest-50 disabled:opacity-60";
// `cards-table` (app/globals.css): below 640 px each row is a card of "label: value" lines, the
// label taken from each cell's data-label, so that nothing has to be scrolled sideways on a phone.
export const tableClass = "cards-table min-w-full border-collapse text-left text-sm";
export const thClass = "border-b border-stone-300 px-3 py-2 font-semibold whitespace-nowrap";
export const tdClass = "border-b border-stone-200 px-3 py-2 align-top";
export const cardClass = "rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:p-6";

const STATUS_BOX = "rounded border border-forest-600 bg-forest-50 p-3";
const ALERT_BOX = "rounded border border-red-300 bg-red-50 p-3 text-red-900";
/** Where a note stands: under a form (mt-4), above a panel (mb-4), or where its parent places it. */
type NoteMargin = "mt-4" | "mb-4" | undefined;
const placed = (margin: NoteMargin, box: string) => (margin ? `${margin} ${box}` : box);

/** What a form or an action did, in a box (role=status). */
export function StatusNote(props: { margin?: NoteMargin; testId?: string; children: ReactNode }) {
  return (
    <p role="status" data-testid={props.testId} className={placed(props.margin, STATUS_BOX)}>
      {props.children}
    </p>
  );
}

/** Why a form or an action did not do it, in a box (role=alert). */
export function AlertNote(props: { margin?: NoteMargin; children: ReactNode }) {
  return (
    <p role="alert" className={placed(props.margin, ALERT_BOX)}>
      {props.children}
    </p>
  );
}

/** A form control under its label, with its hint or refusal if it has one; the caller gives the control the same `id`. */
export function Field(props: { id: string; label: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

/**
 * An input with the dashboard's look under its label; `children` stand under it (its hint), and
 * `fieldClassName` places the pair in its form.
 */
export function InputField({
  label,
  fieldClassName,
  children,
  ...input
}: ComponentProps<"input"> & { id: string; label: ReactNode; fieldClassName?: string }) {
  return (
    <Field id={input.id} label={label} className={fieldClassName}>
      <input className={inputClass} {...input} />
      {children}
    </Field>
  );
}

/** True once `active` has lasted `ms`: quick requests do not make the screen flicker. */
function useShownAfter(active: boolean, ms = 150): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return active && shown;
}

/** The first load of a screen's data. */
export function Loading() {
  const { t } = useI18n();
  return (
    <p
      role="status"
      aria-live="polite"
      className="flex items-center gap-2 py-4 text-stone-700"
      data-testid="loading"
    >
      <span
        aria-hidden="true"
        className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-forest-700 border-t-transparent"
      />
      {t("loading")}
    </p>
  );
}

/**
 * A request under way while the screen still shows older data (another page, a new period, a
 * form sent): a visible and announced "Loading…" (role=status) once it lasts more than a moment.
 * The live region around it is always there, so that screen readers hear the text when it appears.
 */
export function Pending(props: { active: boolean; label?: string; className?: string }) {
  const { t } = useI18n();
  const shown = useShownAfter(props.active);
  return (
    <div aria-live="polite" className={props.className}>
      {shown ? (
        <p role="status" className="flex items-center gap-2 py-2 text-stone-700" data-testid="loading">
          <span
            aria-hidden="true"
            className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-forest-700 border-t-transparent"
          />
          {props.label ?? t("loading")}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The box around a table. On a phone the table is a list of cards (`cards-table`); on wider
 * screens a table wider than the page scrolls sideways inside this box, which is named and
 * focusable so that it can be scrolled with the keyboard, with a hint under it.
 */
export function TableBox(props: {
  label: string;
  children: React.ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  const { t } = useI18n();
  const box = useRef<HTMLElement>(null);
  const hintId = useId();
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWider(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={props.className}>
      {wider ? (
        <p id={hintId} className="mb-1 text-sm text-stone-700" data-testid="table-scroll-hint">
          {t("tableScrollHint")} <span aria-hidden="true">→</span>
        </p>
      ) : null}
      <section
        ref={box}
        aria-label={props.label}
        aria-describedby={wider ? hintId : undefined}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        data-testid={props["data-testid"]}
        className="sm:overflow-x-auto sm:rounded-lg sm:border sm:border-stone-200 sm:bg-white"
      >
        {props.children}
      </section>
    </div>
  );
}

/** The message of a failed action, in the user's language: its kind, never the English detail. */
export function useErrorText() {
  const { t } = useI18n();
  return (code: string | number | undefined, _detail?: string) => {
    const known: Record<string, DashboardKey> = {
      UNAUTHENTICATED: "errorSessionExpired",
      401: "errorSessionExpired",
      NO_TREE_AVAILABLE: "errorNoTree",
      RateLimited: "errorRateLimited",
      WrongPassword: "wrongCurrentPassword",
      FORBIDDEN: "errorForbidden",
      403: "errorForbidden",
      HOST_NOT_ALLOWED: "errorHostNotAllowed",
    };
    const key = code === undefined ? undefined : known[String(code)];
    if (key) return t(key);
    // The detail of a refusal is the developers' English: the user reads its kind in their words.
    if (code === "NOT_FOUND" || code === 404) return t("errorRequestNotFound");
    if (code === "INVALID_INPUT" || code === "CONFLICT" || code === 400) return t("errorRequestInvalid");
    return t("errorGeneric");
  };
}

export function ErrorMessage(props: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const error = props.error;
  // The dashboard's JSON routes answer with a message already in the user's language.
  const text =
    error instanceof RequestError
      ? error.translated
        ? error.message
        : errorText(error.status, undefined)
      : errorText(undefined, undefined);
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
      <ActionButton secondary disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {t("previous")}
      </ActionButton>
      <span aria-live="polite">{t("pageOf", { page: props.page, pages })}</span>
      <ActionButton secondary disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        {t("next")}
      </ActionButton>
    </nav>
  );
}

const EXPORTS: [format: string, label: DashboardKey][] = [
  ["csv", "downloadCsv"],
  ["xlsx", "downloadXlsx"],
];

/** The links that download a list as CSV and as XLSX: `${path}/csv` and `${path}/xlsx`, the same query. */
export function ExportLinks(props: { path: string; query: string; testId?: string }) {
  const { t } = useI18n();
  return EXPORTS.map(([format, label]) => (
    <a
      key={format}
      className={secondaryButtonClass}
      href={`${props.path}/${format}?${props.query}`}
      download
      data-testid={props.testId && `${props.testId}-${format}`}
    >
      {t(label)}
    </a>
  ));
}

export function PageTitle(props: { children: React.ReactNode }) {
  return <h1 className="mb-4 font-serif text-2xl text-forest-800 sm:text-3xl">{props.children}</h1>;
}

/** A button that acts on the page (not a form's submit), with the look of the main action or of another (`secondary`). */
export function ActionButton({ secondary, ...button }: ComponentProps<"button"> & { secondary?: boolean }) {
  return <button type="button" className={secondary ? secondaryButtonClass : buttonClass} {...button} />;
}

/** A screen that is one section, named by its page title (`titleId` is the title's id). */
export function TitledPanel(props: { titleId: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={props.titleId}>
      <PageTitle>
        <span id={props.titleId}>{props.title}</span>
      </PageTitle>
      {props.children}
    </section>
  );
}

/** One option of a group of radio buttons, its label beside it. */
export function Choice(props: {
  name: string;
  checked: boolean;
  onChoose: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <label className="flex items-center gap-2">
      <input
        type="radio"
        name={props.name}
        checked={props.checked}
        onChange={props.onChoose}
        disabled={props.disabled}
        className="h-5 w-5"
      />
      {props.children}
    </label>
  );
}
