"use client";
// The actions of one possible duplicate (/dashboard/duplicates): "Not the same person", "Merge,
// keep no. N" (one button per memorial of the pair), or "Undo the merge" for a merge still
// undoable. A merge is asked twice: its button opens a confirmation naming both memorials and what
// moves, and only its "Yes" merges. The undo sits at the other end of the card, under its own
// explanation, never where the merge's buttons were: a double click cannot merge and undo. The
// words come from the page (the catalogue's duplicates.*, in the dashboard's language); after an
// action the page is read again.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import {
  mergeDuplicatesAction,
  notSamePersonAction,
  undoMergeAction,
} from "@/web/dashboard/duplicate-actions";
import { useHydrated } from "./hydrated";
import { ActionButton, Pending, useErrorText } from "./ui";

export interface PairActionWords {
  notSame: string;
  keepFirst: string;
  keepSecond: string;
  /** The confirmation of each merge: what it does, its "Yes" button. */
  confirmTitle: string;
  confirmFirst: { text: string; button: string };
  confirmSecond: { text: string; button: string };
  cancel: string;
  undo: string;
  undoExplained: string;
  done: string;
  working: string;
}

type Run = { kind: "not-same" } | { kind: "merge"; keep: number } | { kind: "undo" };

export function PairActions(props: {
  duplicateId: number;
  firstId: number;
  secondId: number;
  mergeId: number | null;
  words: PairActionWords;
}) {
  const router = useRouter();
  const hydrated = useHydrated();
  const errorText = useErrorText();
  const run = useMutation({
    mutationFn: (what: Run) =>
      what.kind === "not-same"
        ? notSamePersonAction(props.duplicateId)
        : what.kind === "merge"
          ? mergeDuplicatesAction(props.duplicateId, what.keep)
          : undoMergeAction(props.mergeId ?? 0),
    onSuccess: (result) => {
      if (result.ok) router.refresh();
    },
  });
  const [confirming, setConfirming] = useState<number | null>(null);
  const result = run.data;
  const disabled = !hydrated || run.isPending;
  const confirm = confirming === props.firstId ? props.words.confirmFirst : props.words.confirmSecond;
  return (
    <div className="mt-3">
      {props.mergeId !== null ? (
        <div
          className="flex flex-col items-end gap-2 border-t border-stone-200 pt-3"
          data-testid="undo-merge"
        >
          <p className="text-sm text-stone-700">{props.words.undoExplained}</p>
          <ActionButton secondary disabled={disabled} onClick={() => run.mutate({ kind: "undo" })}>
            {props.words.undo}
          </ActionButton>
        </div>
      ) : confirming !== null ? (
        <section
          className="rounded border border-amber-300 bg-amber-50 p-3"
          aria-labelledby={`merge-confirm-${props.duplicateId}`}
          data-testid="merge-confirm"
        >
          <h3 id={`merge-confirm-${props.duplicateId}`} className="font-semibold">
            {props.words.confirmTitle}
          </h3>
          <p className="mt-1">{confirm.text}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <ActionButton disabled={disabled} onClick={() => run.mutate({ kind: "merge", keep: confirming })}>
              {confirm.button}
            </ActionButton>
            <ActionButton secondary disabled={disabled} onClick={() => setConfirming(null)}>
              {props.words.cancel}
            </ActionButton>
          </div>
        </section>
      ) : (
        <div className="flex flex-wrap gap-2">
          <ActionButton disabled={disabled} onClick={() => setConfirming(props.firstId)}>
            {props.words.keepFirst}
          </ActionButton>
          <ActionButton disabled={disabled} onClick={() => setConfirming(props.secondId)}>
            {props.words.keepSecond}
          </ActionButton>
          <ActionButton secondary disabled={disabled} onClick={() => run.mutate({ kind: "not-same" })}>
            {props.words.notSame}
          </ActionButton>
        </div>
      )}
      <Pending active={run.isPending} label={props.words.working} />
      <div aria-live="polite">
        {result?.ok ? (
          <p role="status" className="mt-2">
            {props.words.done}
          </p>
        ) : null}
        {result && !result.ok ? (
          <p role="alert" className="mt-2 text-red-900">
            {errorText(result.code, result.message)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
