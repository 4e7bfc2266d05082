"use client";
// The operator's choice of what becomes of the waiting tree of a memorial its family
// never confirms (or declines): one prepaid tree back, or the tree planted in its global memorial.
// Admins change it here (or with `operator unconfirmed` on the command line); staff see it.
import type { UnconfirmedOutcomeChoice } from "@memorial/lib/operators/create-operator";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { setUnconfirmedOutcomeAction } from "@/web/dashboard/actions";
import { ActionAlert, useActionError } from "./action-outcome";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { Choice, Pending } from "./ui";

const LABEL = {
  credit: "unconfirmedOutcomeCredit",
  global: "unconfirmedOutcomeGlobal",
} as const;

export function UnconfirmedOutcome(props: { outcome: UnconfirmedOutcomeChoice; canChange: boolean }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState(props.outcome);
  const { actionError, showRefusal, onError } = useActionError();
  // The choice shows at once; a refusal or a failure puts the one before back.
  const save = useMutation({
    mutationFn: (next: UnconfirmedOutcomeChoice) => setUnconfirmedOutcomeAction(next),
    onMutate: (next) => {
      const before = outcome;
      setOutcome(next);
      return before;
    },
    onSuccess: (result, _next, before) => {
      showRefusal(result);
      setOutcome(result.ok ? result.outcome : (before ?? props.outcome));
    },
    onError: (_error, _next, before) => {
      onError();
      setOutcome(before ?? props.outcome);
    },
  });
  return (
    <section
      aria-labelledby="unconfirmed-outcome-title"
      className="space-y-2"
      data-testid="unconfirmed-outcome"
    >
      <h2 id="unconfirmed-outcome-title" className="text-xl font-semibold">
        {t("unconfirmedOutcomeTitle")}
      </h2>
      <p className="text-stone-700">{t("unconfirmedOutcomeIntro")}</p>
      {props.canChange ? (
        <fieldset className="space-y-2">
          <legend className="sr-only">{t("unconfirmedOutcomeTitle")}</legend>
          {(["credit", "global"] as const).map((choice) => (
            <Choice
              key={choice}
              name="unconfirmed-outcome"
              checked={outcome === choice}
              disabled={!hydrated || save.isPending}
              onChoose={() => save.mutate(choice)}
            >
              {t(LABEL[choice])}
            </Choice>
          ))}
          <Pending active={save.isPending} label={t("saving")} />
          <p aria-live="polite" className="text-sm text-stone-600">
            {save.data?.ok ? t("unconfirmedOutcomeSaved") : null}
          </p>
        </fieldset>
      ) : (
        <p data-testid="unconfirmed-outcome-value">{t(LABEL[outcome])}</p>
      )}
      <ActionAlert error={actionError} />
    </section>
  );
}
