"use server";
// The dashboard's ceremony of a memorial: set it, move or change it, cancel it, with the same use
// cases as the API (lib/ceremonies/set-ceremony.ts, cancel-ceremony.ts), through the dashboard's
// one pipeline (web/dashboard/action.ts): staff and admins, the signed-in user as the actor of the
// audit row, the user's operator's production memorials only (another's is not found). A refused
// field comes back under the form's name of it, with its reason word, shown beside it.
import { cancelCeremony } from "@memorial/lib/ceremonies/cancel-ceremony";
import { setCeremony } from "@memorial/lib/ceremonies/set-ceremony";
import { recordId } from "@memorial/lib/dashboard/form-fields";
import { z } from "zod";
import { CEREMONY_FIELDS, type CeremonyFormValues, ceremonyCommand } from "@/web/ceremony-form";
import { action } from "@/web/dashboard/action";

/** Each field of the command ("ceremony.note") is the form's field of the same name. */
const FORM_FIELD = Object.fromEntries(CEREMONY_FIELDS.map((field) => [`ceremony.${field}`, field]));

// Strings as typed: the use case reads and checks them (lib/ceremonies/rules.ts).
const typed = z.unknown().transform((value) => (typeof value === "string" ? value : ""));

export const setCeremonyAction = action({
  access: "staff",
  args: (memorialId: number, values: CeremonyFormValues) => ({ ...values, memorialId }),
  input: z.object({
    memorialId: recordId,
    start: typed,
    timeZone: typed,
    placeName: typed,
    placeAddress: typed,
    mapUrl: typed,
    livestreamUrl: typed,
    note: typed,
  }),
  fields: { ...FORM_FIELD, "ceremony.memorialId": "memorialId" },
  run: async ({ memorialId, ...values }, { session }) => {
    const { created, changed } = await setCeremony(
      { by: "operator", scope: session.scope, memorialId },
      ceremonyCommand(values),
    );
    return { created, changed };
  },
});

export const cancelCeremonyAction = action({
  access: "staff",
  args: (memorialId: number) => ({ memorialId }),
  input: z.object({ memorialId: recordId }),
  run: async ({ memorialId }, { session }) => {
    const { changed } = await cancelCeremony({ by: "operator", scope: session.scope, memorialId });
    return { changed };
  },
});
