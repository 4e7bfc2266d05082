"use client";
import type { ActionResult } from "@memorial/lib/dashboard/action";
import type { DashboardKey } from "@memorial/lib/i18n/translate";
import { DEATH_REASONS, TREE_HEALTHS } from "@memorial/lib/trees/transitions";
// The forms of a tree's life: planted in the ground (one tree, or the trees chosen in
// the list), a check, a death. Each calls its Server Action (web/dashboard/tree-actions.ts) and
// shows a refusal beside its field; on success the page is read again. The three share one hook
// (values, photo, the call) and one card (title, fields, outcome, button).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type ComponentProps, type ReactNode, useId, useState } from "react";
import { declareDeathAction, recordCheckAction, recordInGroundAction } from "@/web/dashboard/tree-actions";
import { useHydrated } from "./hydrated";
import { useI18n } from "./i18n";
import { FormAlert, PhotoInput, TreeInput, todayUtc, uploadPhoto, useFieldErrors } from "./tree-fields";
import { buttonClass, cardClass, Pending, StatusNote } from "./ui";

const fieldsOther = (result: ActionResult | undefined) =>
  !!result && !result.ok && Object.keys(result.fields ?? {}).some((field) => field !== "form");

type TreeInputExtra = Omit<
  ComponentProps<typeof TreeInput>,
  "id" | "name" | "label" | "value" | "onChange" | "error"
>;

/**
 * A tree form's state and call: its values (the day first, today), an optional photo sent first
 * (lib/photos) whose refusal stops there, the action with the photo's key, `onSuccess` after a
 * success.
 */
function useTreeForm<V extends Record<string, string>, I extends object, R extends ActionResult>(
  initial: V,
  action: (input: I) => Promise<R>,
  onSuccess: (result: Extract<R, { ok: true }>) => void,
) {
  const { t } = useI18n();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (input: I) => {
      setPhotoError(null);
      if (!photo) return action(input);
      const stored = await uploadPhoto(photo, t("errorGeneric"));
      if ("error" in stored) {
        setPhotoError(stored.error);
        return null;
      }
      return action({ ...input, photoKey: stored.key } as I);
    },
    onSuccess: (result) => {
      if (result?.ok) onSuccess(result as Extract<R, { ok: true }>);
    },
  });
  const errors = useFieldErrors(save.data ?? undefined);
  /** The input of one of the values, with its refusal. */
  const field = (name: keyof V & string, label: DashboardKey, extra: TreeInputExtra = {}) => (
    <TreeInput
      id={`${id}-${name}`}
      name={name}
      label={label}
      value={values[name]}
      onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
      error={errors[name]}
      {...extra}
    />
  );
  const photoField = (limit: string) => (
    <PhotoInput
      id={`${id}-photo`}
      limit={limit}
      error={photoError ?? errors.photo ?? null}
      onChange={setPhoto}
    />
  );
  return { values, save, errors, field, photoField };
}

/** A tree form's card: its title and hint, its fields, its outcome and its button. */
function TreeFormCard(props: {
  testId: string;
  title: string;
  hint?: string;
  children: ReactNode;
  /** Below the fields, above the outcome. */
  after?: ReactNode;
  /** The success message, or null. */
  done: ReactNode;
  /** The form's call: its answer, whether it failed or is under way. */
  save: { data?: ActionResult | null; isError: boolean; isPending: boolean };
  /** Below the outcome, above the button. */
  before?: ReactNode;
  disabled?: boolean;
  submit: string;
  onSubmit: () => void;
}) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const result = props.save.data ?? undefined;
  return (
    <form
      noValidate
      className={cardClass}
      data-testid={props.testId}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <h2 className="mb-1 text-lg font-semibold">{props.title}</h2>
      {props.hint ? <p className="mb-4 text-sm text-stone-600">{props.hint}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">{props.children}</div>
      {props.after}
      <div aria-live="polite">
        {props.done ? <StatusNote margin="mt-4">{props.done}</StatusNote> : null}
        <FormAlert result={result} failed={props.save.isError} fieldsShown={fieldsOther(result)} />
      </div>
      {props.before}
      <button
        type="submit"
        className={`${buttonClass} mt-4`}
        disabled={!hydrated || props.disabled || props.save.isPending}
      >
        {props.submit}
      </button>
      <Pending active={props.save.isPending} label={t("saving")} />
    </form>
  );
}

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
  const [done, setDone] = useState<number | null>(null);
  const form = useTreeForm(
    { on: todayUtc(), latitude: "", longitude: "", plantedBy: "" },
    recordInGroundAction,
    (result) => {
      setDone(result.treeIds.length);
      queryClient.invalidateQueries({ queryKey: ["trees-waiting"] });
      props.onDone?.(result.treeIds.length);
      router.refresh();
    },
  );
  const { save, errors, field } = form;
  const none = props.treeIds.length === 0;
  return (
    <TreeFormCard
      testId={props.testId ?? "in-ground-form"}
      title={props.title}
      hint={props.hint}
      after={
        errors.treeIds ? (
          <p className="mt-3 text-sm text-red-800" data-testid="treeIds-error">
            {errors.treeIds}
          </p>
        ) : null
      }
      done={done !== null && save.data?.ok ? t("trees_inGroundDone", { n: done }) : null}
      save={save}
      before={none ? <p className="mt-4 text-sm text-stone-700">{t("trees_noneSelected")}</p> : null}
      disabled={none}
      submit={t("trees_recordInGround")}
      onSubmit={() => {
        setDone(null);
        save.mutate({ treeIds: props.treeIds, ...form.values });
      }}
    >
      {field("on", "trees_inGroundDate", { type: "date", required: true })}
      {field("plantedBy", "trees_plantedBy")}
      {field("latitude", "trees_latitude", { inputMode: "decimal", hint: t("trees_pointHint") })}
      {field("longitude", "trees_longitude", { inputMode: "decimal" })}
      {form.photoField(props.photoLimit)}
    </TreeFormCard>
  );
}

/** A check: alive or sick, an optional height and note. */
export function CheckForm(props: { treeId: number; photoLimit: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const form = useTreeForm({ on: todayUtc(), health: "", heightCm: "", note: "" }, recordCheckAction, () =>
    router.refresh(),
  );
  const { save, field } = form;
  return (
    <TreeFormCard
      testId="check-form"
      title={t("trees_checkTitle")}
      hint={t("trees_checkHint")}
      done={save.data?.ok ? t("trees_checkDone") : null}
      save={save}
      submit={t("trees_recordCheck")}
      onSubmit={() => save.mutate({ treeId: props.treeId, ...form.values })}
    >
      {field("on", "trees_date", { type: "date", required: true })}
      {field("health", "trees_health", {
        required: true,
        options: TREE_HEALTHS.map((health) => [health, t(`trees_health_${health}`)]),
      })}
      {field("heightCm", "trees_height", { inputMode: "numeric" })}
      {field("note", "trees_note", { multiline: true })}
      {form.photoField(props.photoLimit)}
    </TreeFormCard>
  );
}

/** A death: its day, its cause, a note; the replacement it ordered, when it did. */
export function DeathForm(props: { treeId: number; replacementYears: number }) {
  const { t } = useI18n();
  const router = useRouter();
  const form = useTreeForm({ on: todayUtc(), reason: "", note: "" }, declareDeathAction, () =>
    router.refresh(),
  );
  const { save, field } = form;
  const replacement = save.data?.ok ? save.data.replacement : null;
  return (
    <TreeFormCard
      testId="death-form"
      title={t("trees_deathTitle")}
      hint={t("trees_deathHint", { years: props.replacementYears })}
      done={
        save.data?.ok ? (
          <>
            {t("trees_deathDone")}{" "}
            {replacement && "treeId" in replacement
              ? t("trees_replacementOrdered", { id: replacement.treeId })
              : replacement
                ? t("trees_replacementQueued")
                : ""}
          </>
        ) : null
      }
      save={save}
      submit={t("trees_declareDeath")}
      onSubmit={() => save.mutate({ treeId: props.treeId, ...form.values })}
    >
      {field("on", "trees_date", { type: "date", required: true })}
      {field("reason", "trees_reason", {
        required: true,
        options: DEATH_REASONS.map((reason) => [reason, t(`trees_reason_${reason}`)]),
      })}
      {field("note", "trees_note", { multiline: true })}
    </TreeFormCard>
  );
}
