"use server";
import { recordId } from "@memorial/lib/dashboard/form-fields";
// Server Action of a memorial's dashboard page: the operator publishes or removes a photo a visitor
// shared (the family's actor with the operator's Scope: another operator's memorial is not found).
// A plain form (works without JavaScript), through the dashboard's one pipeline.
import { publishPhoto, removePhoto } from "@memorial/lib/memorial-photos/moderate-photo";
import { parseId } from "@memorial/lib/validation";
import { notFound } from "next/navigation";
import { z } from "zod";
import { formAction } from "@/web/dashboard/action";

export const memorialPhotoAction = formAction({
  access: "staff",
  args: (form: FormData) => ({
    memorialId: form.get("memorialId"),
    photoId: form.get("photoId"),
    change: form.get("change"),
  }),
  input: z.object({ memorialId: recordId, photoId: recordId, change: z.enum(["publish", "remove"]) }),
  run: async ({ memorialId, photoId, change }, { session }) => {
    const actor = { by: "operator", scope: session.scope, memorialId } as const;
    await (change === "publish" ? publishPhoto(actor, photoId) : removePhoto(actor, photoId));
    return {};
  },
  answer: (result, form) => {
    const memorialId = parseId(String(form.get("memorialId") ?? ""));
    if (memorialId === null) notFound();
    const outcome = result.ok ? (form.get("change") === "publish" ? "published" : "removed") : "refused";
    return `/dashboard/memorials/${memorialId}?photos=${outcome}#photos`;
  },
});
