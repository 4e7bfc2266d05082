"use client";
// A person's request (/dashboard/privacy): the address (and name) to find, the records
// found (where, which fields, what an erasure does to them), a copy downloaded as JSON, and the
// erasure after a confirmation, with its report. The words are the page's (subjectRights.*).
import { formatMessage } from "@memorial/lib/i18n/format-message";
import type { Language } from "@memorial/lib/i18n/languages";
import type { KeyIn } from "@memorial/lib/i18n/translate";
import type { SubjectErasureReport } from "@memorial/lib/privacy/subject-erase";
import type { SubjectFinding } from "@memorial/lib/privacy/subject-find";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { eraseSubjectAction, exportSubjectAction, findSubjectAction } from "@/web/dashboard/privacy-actions";
import { useHydrated } from "./hydrated";
import { ActionButton, buttonClass, cardClass, InputField, Pending, useErrorText } from "./ui";

type Words = Record<KeyIn<"subjectRights">, string>;
type SubjectWords = { sources: Record<string, string>; fields: Record<string, string> };
type Failure = { ok: false; code: string; message: string; fields?: Record<string, string> };

function download(name: string, value: unknown) {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(link.href);
}

export function SubjectPanel(props: { language: Language; words: Words; places: SubjectWords }) {
  const { words, language, places } = props;
  // Where the data is and which fields, in the reader's words (never a table or column name).
  const sourceWord = (source: string) => places.sources[source] ?? source;
  const fieldWords = (fields: string[]) => fields.map((field) => places.fields[field] ?? field).join(", ");
  const w = (key: keyof Words, values?: Record<string, string | number>) =>
    formatMessage(language, words[key], values);
  const hydrated = useHydrated();
  const errorText = useErrorText();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [asked, setAsked] = useState<{ email: string; name: string | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [finding, setFinding] = useState<SubjectFinding | null>(null);
  const [report, setReport] = useState<SubjectErasureReport | null>(null);

  const find = useMutation({
    mutationFn: (q: { email: string; name: string | null }) => findSubjectAction(q.email, q.name),
    onSuccess: (result, q) => {
      setConfirming(false);
      setReport(null);
      if (result.ok) {
        setFailure(null);
        setFinding(result.finding);
        setAsked(q);
      } else {
        setFailure(result);
        setFinding(null);
      }
    },
  });
  const copy = useMutation({
    mutationFn: (q: { email: string; name: string | null }) => exportSubjectAction(q.email, q.name),
    onSuccess: (result) => {
      if (result.ok) download("personal-data.json", result.document);
      else setFailure(result);
    },
  });
  const erase = useMutation({
    mutationFn: (q: { email: string; name: string | null }) => eraseSubjectAction(q.email, q.name),
    onSuccess: (result) => {
      setConfirming(false);
      if (result.ok) {
        setReport(result.report);
        setFinding(null);
      } else setFailure(result);
    },
  });
  const busy = !hydrated || find.isPending || copy.isPending || erase.isPending;
  const failureText = failure
    ? failure.code === "LAST_ADMIN"
      ? w("lastAdmin")
      : failure.fields?.email
        ? w("invalidEmail")
        : errorText(failure.code, failure.message)
    : null;

  return (
    <div className="flex flex-col gap-4">
      <form
        className={`${cardClass} flex flex-col gap-3 sm:flex-row sm:items-end`}
        onSubmit={(event) => {
          event.preventDefault();
          find.mutate({ email, name: name.trim() ? name : null });
        }}
      >
        <InputField
          id="subject-email"
          label={w("email")}
          fieldClassName="flex-1"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <InputField
          id="subject-name"
          label={w("name")}
          fieldClassName="flex-1"
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className={buttonClass} disabled={busy}>
          {w("find")}
        </button>
      </form>
      <Pending active={busy && hydrated} label={w("working")} />
      <div aria-live="polite">
        {failureText ? (
          <p role="alert" className="text-red-900">
            {failureText}
          </p>
        ) : null}
        {report ? (
          <section className={cardClass} data-testid="subject-report">
            <h2 className="font-serif text-lg">{w("erased", { n: report.total })}</h2>
            <ul className="mt-2 list-disc pl-5">
              {report.changes.map((change) => (
                <li key={change.source}>
                  {w(change.erasure === "delete" ? "reportDeleted" : "reportAnonymised", {
                    source: sourceWord(change.source),
                    n: change.rows,
                    fields: fieldWords(change.fields),
                  })}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
      {finding && asked ? (
        <section className={cardClass} data-testid="subject-finding">
          {finding.total === 0 ? (
            <p>{w("none", { email: finding.email })}</p>
          ) : (
            <>
              <h2 className="font-serif text-lg">{w("found", { n: finding.total, email: finding.email })}</h2>
              <ul className="mt-2 list-disc pl-5">
                {finding.places.map((place) => (
                  <li key={place.source}>
                    {w(place.erasure === "delete" ? "placeDeleted" : "placeAnonymised", {
                      source: sourceWord(place.source),
                      n: place.ids.length,
                      fields: fieldWords(place.fields),
                    })}
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex flex-wrap gap-2">
                <ActionButton secondary disabled={busy} onClick={() => copy.mutate(asked)}>
                  {w("export")}
                </ActionButton>
                {confirming ? (
                  <>
                    <p className="w-full font-semibold">{w("confirm", { n: finding.total })}</p>
                    <ActionButton disabled={busy} onClick={() => erase.mutate(asked)}>
                      {w("confirmYes")}
                    </ActionButton>
                    <ActionButton secondary disabled={busy} onClick={() => setConfirming(false)}>
                      {w("cancel")}
                    </ActionButton>
                  </>
                ) : (
                  <ActionButton disabled={busy} onClick={() => setConfirming(true)}>
                    {w("erase")}
                  </ActionButton>
                )}
              </div>
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
