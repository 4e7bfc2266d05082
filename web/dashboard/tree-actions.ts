"use server";
import { formField, formInteger, formRequired, recordId } from "@memorial/lib/dashboard/form-fields";
import { declareDeath } from "@memorial/lib/trees/declare-death";
import { recordCheck } from "@memorial/lib/trees/record-check";
import { recordInGround } from "@memorial/lib/trees/record-in-ground";
import {
  DEATH_REASONS,
  isDay,
  NOTE_MAX,
  PLANTED_BY_MAX,
  TREE_HEALTHS,
} from "@memorial/lib/trees/transitions";
import { text } from "@memorial/lib/validation";
// Server Actions of a tree's life: planted in the ground (one tree or a batch), a
// check, a death. Each goes through the dashboard's one pipeline (lib/dashboard/action.ts): a
// signed-in user of any role (as planting), the form parsed with the rules of lib/trees, then the
// use case of lib/trees with the session's scope, so only the operator's own trees are found. A
// refusal of the rules names its field (tree.date, tree.point...), shown beside the form's input.
import { z } from "zod";
import { action } from "@/web/dashboard/action";

/** The form field of each field the rules of lib/trees name. */
const TREE_FIELD: Record<string, string> = {
  "tree.id": "treeIds",
  "tree.status": "form",
  "tree.date": "on",
  "tree.point": "latitude",
  "tree.plantedBy": "plantedBy",
  "tree.health": "health",
  "tree.heightCm": "heightCm",
  "tree.reason": "reason",
  "tree.note": "note",
  "tree.photo": "photo",
};

/** The key of a photo stored by POST /api/dashboard/trees/photo (lib/photos), checked by lib/trees. */
const photoKey = formField(text(200)).optional();

const day = formRequired(
  z.string().refine(isDay, { message: "must be a day YYYY-MM-DD", params: { reason: "invalid-date" } }),
);

/** A coordinate typed with a dot (or a comma, as many keyboards write decimals). */
const coordinate = (max: number) =>
  formField(
    z
      .string()
      .transform((value) => value.replace(",", "."))
      .refine((value) => /^-?\d{1,3}(\.\d{1,12})?$/.test(value) && Math.abs(Number(value)) <= max, {
        message: `must be a number from -${max} to ${max}`,
        params: { reason: "invalid-point" },
      })
      .transform(Number),
  );

const choice = <T extends readonly [string, ...string[]]>(values: T, reason: string) =>
  formRequired(
    z.string().refine((value) => (values as readonly string[]).includes(value), {
      message: `must be one of ${values.join(", ")}`,
      params: { reason },
    }),
  ).transform((value) => value as T[number]);

const absent = <T>(value: T | null): T | undefined => value ?? undefined;

export interface InGroundFormValues {
  treeIds: (number | string)[];
  on: string;
  latitude: string;
  longitude: string;
  plantedBy: string;
  photoKey?: string;
}

export const recordInGroundAction = action({
  access: "staff",
  args: (values: InGroundFormValues) => values,
  input: z.object({
    treeIds: z
      .array(recordId)
      .refine((ids) => ids.length > 0, { message: "name at least one tree", params: { reason: "required" } }),
    on: day,
    latitude: coordinate(90),
    longitude: coordinate(180),
    plantedBy: formField(text(PLANTED_BY_MAX)),
    photoKey,
  }),
  fields: TREE_FIELD,
  run: async (input, { session }) => {
    const done = await recordInGround(session.scope, {
      treeIds: input.treeIds,
      on: input.on,
      latitude: absent(input.latitude),
      longitude: absent(input.longitude),
      plantedBy: absent(input.plantedBy),
      photoKey: absent(input.photoKey),
      recordedBy: session.email,
    });
    return { treeIds: done.treeIds };
  },
});

export interface CheckFormValues {
  treeId: number | string;
  on: string;
  health: string;
  heightCm: string;
  note: string;
  photoKey?: string;
}

export const recordCheckAction = action({
  access: "staff",
  args: (values: CheckFormValues) => values,
  input: z.object({
    treeId: recordId,
    on: day,
    health: choice(TREE_HEALTHS, "invalid-health"),
    heightCm: formInteger(z.number().int().min(1).max(10_000)),
    note: formField(text(NOTE_MAX)),
    photoKey,
  }),
  fields: TREE_FIELD,
  run: async (input, { session }) => {
    await recordCheck(session.scope, {
      treeId: input.treeId,
      on: input.on,
      health: input.health,
      heightCm: absent(input.heightCm),
      note: absent(input.note),
      photoKey: absent(input.photoKey),
      recordedBy: session.email,
    });
    return {};
  },
});

export interface DeathFormValues {
  treeId: number | string;
  on: string;
  reason: string;
  note: string;
}

export const declareDeathAction = action({
  access: "staff",
  args: (values: DeathFormValues) => values,
  input: z.object({
    treeId: recordId,
    on: day,
    reason: choice(DEATH_REASONS, "invalid-reason"),
    note: formField(text(NOTE_MAX)),
  }),
  fields: TREE_FIELD,
  run: async (input, { session }) => {
    const { replacement } = await declareDeath(session.scope, {
      treeId: input.treeId,
      on: input.on,
      reason: input.reason,
      note: absent(input.note),
      recordedBy: session.email,
    });
    return { replacement };
  },
});
