"use client";
// The forms of a tree's life (issue 20.2): planted in the ground (one tree, or the trees chosen in
// the list), a check, a death. Each calls its Server Action (lib/dashboard/tree-actions.ts) and
// shows a refusal beside its field; on success the page is read again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import type { ActionResult } from "@/lib/dashboard/action";
import { declareDeathAction, recordCheckAction, recordInGroundAction } from "@/lib/dashboard/tree-actions";
import { DEATH_REASONS, TREE_HEALTHS } from "@/lib/trees/transitions";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { FormAlert, PhotoInput, TreeInput, todayUtc, uploadPhoto, useFieldErrors } from "./tree-fields";
import { buttonClass, cardClass, Pending } from "./ui";

const fieldsOther = (result: ActionResult | undefined) =>
  !!result && !result.ok && Object.keys(result.fields ?? {}).some((field) => field !== "form");

/** Planted in the ground: the day, an optional point in the site, who planted. */
export function InGroundForm(props: {
  treeIds: number[];
  /** The largest photo, in words ("10 MiB"). */
  photoLimit: string;
  title: string;
  hint?: string;
  onDone?: (count: number) => void;
  testId?: string;
}) {
  const { t } = useI18n();
  const router = useRouter();
  const queryClient = useQueryClient();
  const hydrated = useHydrated();
  const id = useId();
  const [values, setValues] = useState({ on: todayUtc(), latitude: "", longitude: "", plantedBy: "" });
  const [done, setDone] = useState<number | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const save = useMutation({
    // The photo first (lib/photos), then the step with its key; a refused photo stops there.
    mutationFn: async (input: Parameters<typeof recordInGroundAction>[0]) => {
      setPhotoError(null);
      if (!photo) return recordInGroundAction(input);
      const stored = await uploadPhoto(photo, t("errorGeneric"));
      if ("error" in stored) {
        setPhotoError(stored.error);
        return null;
      }
      return recordInGroundAction({ ...input, photoKey: stored.key });
    },
    onSuccess: (result) => {
      if (!result?.ok) return;
      setDone(result.treeIds.length);
      queryClient.invalidateQueries({ queryKey: ["trees-waiting"] });
      props.onDone?.(result.treeIds.length);
      router.refresh();
    },
  });
  const errors = useFieldErrors(save.data ?? undefined);
  const none = props.treeIds.length === 0;
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <form
      noValidate
      className={cardClass}
      data-testid={props.testId ?? "in-ground-form"}
      onSubmit={(event) => {
        event.preventDefault();
        setDone(null);
        save.mutate({ treeIds: props.treeIds, ...values });
      }}
    >
      <h2 className="mb-1 text-lg font-semibold">{props.title}</h2>
      {props.hint ? <p className="mb-4 text-sm text-stone-600">{props.hint}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TreeInput
          id={`${id}-on`}
          name="on"
          label="trees_inGroundDate"
          type="date"
          required
          value={values.on}
          onChange={set("on")}
          error={errors.on}
        />
        <TreeInput
          id={`${id}-plantedBy`}
          name="plantedBy"
          label="trees_plantedBy"
          value={values.plantedBy}
          onChange={set("plantedBy")}
          error={errors.plantedBy}
        />
        <TreeInput
          id={`${id}-latitude`}
          name="latitude"
          label="trees_latitude"
          inputMode="decimal"
          value={values.latitude}
          onChange={set("latitude")}
          error={errors.latitude}
          hint={t("trees_pointHint")}
        />
        <TreeInput
          id={`${id}-longitude`}
          name="longitude"
          label="trees_longitude"
          inputMode="decimal"
          value={values.longitude}
          onChange={set("longitude")}
          error={errors.longitude}
        />
        <PhotoInput
          id={`${id}-photo`}
          limit={props.photoLimit}
          error={photoError ?? errors.photo ?? null}
          onChange={setPhoto}
        />
      </div>
      {errors.treeIds ? (
        <p className="mt-3 text-sm text-red-800" data-testid="treeIds-error">
          {errors.treeIds}
        </p>
      ) : null}
      <div aria-live="polite">
        {done !== null && save.data?.ok ? (
          <p role="status" className="mt-4 rounded border border-forest-600 bg-forest-50 p-3">
            {t("trees_inGroundDone", { n: done })}
          </p>
        ) : null}
        <FormAlert
          result={save.data ?? undefined}
          failed={save.isError}
          fieldsShown={fieldsOther(save.data ?? undefined)}
        />
      </div>
      {none ? <p className="mt-4 text-sm text-stone-700">{t("trees_noneSelected")}</p> : null}
      <button type="submit" className={`${buttonClass} mt-4`} disabled={!hydrated || none || save.isPending}>
        {t("trees_recordInGround")}
      </button>
      <Pending active={save.isPending} label={t("saving")} />
    </form>
  );
}

/** A check: alive or sick, an optional height and note. */
export function CheckForm(props: { treeId: number; photoLimit: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const hydrated = useHydrated();
  const id = useId();
  const [values, setValues] = useState({ on: todayUtc(), health: "", heightCm: "", note: "" });
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (input: Parameters<typeof recordCheckAction>[0]) => {
      setPhotoError(null);
      if (!photo) return recordCheckAction(input);
      const stored = await uploadPhoto(photo, t("errorGeneric"));
      if ("error" in stored) {
        setPhotoError(stored.error);
        return null;
      }
      return recordCheckAction({ ...input, photoKey: stored.key });
    },
    onSuccess: (result) => {
      if (result?.ok) router.refresh();
    },
  });
  const errors = useFieldErrors(save.data ?? undefined);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  return (
    <form
      noValidate
      className={cardClass}
      data-testid="check-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ treeId: props.treeId, ...values });
      }}
    >
      <h2 className="mb-1 text-lg font-semibold">{t("trees_checkTitle")}</h2>
      <p className="mb-4 text-sm text-stone-600">{t("trees_checkHint")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TreeInput
          id={`${id}-on`}
          name="on"
          label="trees_date"
          type="date"
          required
          value={values.on}
          onChange={set("on")}
          error={errors.on}
        />
        <TreeInput
          id={`${id}-health`}
          name="health"
          label="trees_health"
          required
          value={values.health}
          onChange={set("health")}
          error={errors.health}
          options={TREE_HEALTHS.map((health) => [health, t(`trees_health_${health}`)])}
        />
        <TreeInput
          id={`${id}-heightCm`}
          name="heightCm"
          label="trees_height"
          inputMode="numeric"
          value={values.heightCm}
          onChange={set("heightCm")}
          error={errors.heightCm}
        />
        <TreeInput
          id={`${id}-note`}
          name="note"
          label="trees_note"
          multiline
          value={values.note}
          onChange={set("note")}
          error={errors.note}
        />
        <PhotoInput
          id={`${id}-photo`}
          limit={props.photoLimit}
          error={photoError ?? errors.photo ?? null}
          onChange={setPhoto}
        />
      </div>
      <div aria-live="polite">
        {save.data?.ok ? (
          <p role="status" className="mt-4 rounded border border-forest-600 bg-forest-50 p-3">
            {t("trees_checkDone")}
          </p>
        ) : null}
        <FormAlert
          result={save.data ?? undefined}
          failed={save.isError}
          fieldsShown={fieldsOther(save.data ?? undefined)}
        />
      </div>
      <button type="submit" className={`${buttonClass} mt-4`} disabled={!hydrated || save.isPending}>
        {t("trees_recordCheck")}
      </button>
      <Pending active={save.isPending} label={t("saving")} />
    </form>
  );
}

/** A death: its day, its cause, a note; the replacement it ordered, when it did. */
export function DeathForm(props: { treeId: number; replacementYears: number }) {
  const { t } = useI18n();
  const router = useRouter();
  const hydrated = useHydrated();
  const id = useId();
  const [values, setValues] = useState({ on: todayUtc(), reason: "", note: "" });
  const save = useMutation({
    mutationFn: declareDeathAction,
    onSuccess: (result) => {
      if (result.ok) router.refresh();
    },
  });
  const errors = useFieldErrors(save.data);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const replacement = save.data?.ok ? save.data.replacement : null;
  return (
    <form
      noValidate
      className={cardClass}
      data-testid="death-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ treeId: props.treeId, ...values });
      }}
    >
      <h2 className="mb-1 text-lg font-semibold">{t("trees_deathTitle")}</h2>
      <p className="mb-4 text-sm text-stone-600">{t("trees_deathHint", { years: props.replacementYears })}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TreeInput
          id={`${id}-on`}
          name="on"
          label="trees_date"
          type="date"
          required
          value={values.on}
          onChange={set("on")}
          error={errors.on}
        />
        <TreeInput
          id={`${id}-reason`}
          name="reason"
          label="trees_reason"
          required
          value={values.reason}
          onChange={set("reason")}
          error={errors.reason}
          options={DEATH_REASONS.map((reason) => [reason, t(`trees_reason_${reason}`)])}
        />
        <TreeInput
          id={`${id}-note`}
          name="note"
          label="trees_note"
          multiline
          value={values.note}
          onChange={set("note")}
          error={errors.note}
        />
      </div>
      <div aria-live="polite">
        {save.data?.ok ? (
          <p role="status" className="mt-4 rounded border border-forest-600 bg-forest-50 p-3">
            {t("trees_deathDone")}{" "}
            {replacement && "treeId" in replacement
              ? t("trees_replacementOrdered", { id: replacement.treeId })
              : replacement
                ? t("trees_replacementQueued")
                : ""}
          </p>
        ) : null}
        <FormAlert result={save.data} failed={save.isError} fieldsShown={fieldsOther(save.data)} />
      </div>
      <button type="submit" className={`${buttonClass} mt-4`} disabled={!hydrated || save.isPending}>
        {t("trees_declareDeath")}
      </button>
      <Pending active={save.isPending} label={t("saving")} />
    </form>
  );
}
