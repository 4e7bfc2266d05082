"use client";
// The actions of one possible duplicate (issue 32.4, /dashboard/duplicates): "Not the same person",
// "Merge, keep no. N" (one button per memorial of the pair), or "Undo the merge" for a merge still
// undoable. The words come from the page (the catalogue's duplicates.*, in the dashboard's
// language); after an action the page is read again.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import {
  mergeDuplicatesAction,
  notSamePersonAction,
  undoMergeAction,
} from "@/web/dashboard/duplicate-actions";
import { useHydrated } from "./hydrated";
import { buttonClass, Pending, secondaryButtonClass, useErrorText } from "./ui";

export interface PairActionWords {
  notSame: string;
  keepFirst: string;
  keepSecond: string;
  undo: string;
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
  const result = run.data;
  const disabled = !hydrated || run.isPending;
  return (
    <div className="mt-3">
      <div className="flex flex-wrap gap-2">
        {props.mergeId === null ? (
          <>
            <button
              type="button"
              className={buttonClass}
              disabled={disabled}
              onClick={() => run.mutate({ kind: "merge", keep: props.firstId })}
            >
              {props.words.keepFirst}
            </button>
            <button
              type="button"
              className={buttonClass}
              disabled={disabled}
              onClick={() => run.mutate({ kind: "merge", keep: props.secondId })}
            >
              {props.words.keepSecond}
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={disabled}
              onClick={() => run.mutate({ kind: "not-same" })}
            >
              {props.words.notSame}
            </button>
          </>
        ) : (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={disabled}
            onClick={() => run.mutate({ kind: "undo" })}
          >
            {props.words.undo}
          </button>
        )}
      </div>
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
