"use server";
import { recordId } from "@memorial/lib/dashboard/form-fields";
import { mergeMemorials, undoMerge } from "@memorial/lib/duplicates/merge-memorials";
import { emailLinkOrigin } from "@memorial/lib/links";
import { markNotSamePerson } from "@memorial/lib/memorials/duplicates";
// Server Actions of the dashboard's possible duplicates: "not the same person", merge
// (keeping one of the pair), and the undo of a merge. Through the dashboard's one pipeline
// (lib/dashboard/action.ts): a signed-in user of any role, acting on its operator's pairs only
// (another operator's pair or merge is not found); `by` is the user's e-mail.
import { headers } from "next/headers";
import { z } from "zod";
import { action } from "@/web/dashboard/action";

export const notSamePersonAction = action({
  access: "staff",
  args: (duplicateId: number) => ({ duplicateId }),
  input: z.object({ duplicateId: recordId }),
  run: async ({ duplicateId }, { session }) => {
    await markNotSamePerson({ operatorId: session.operatorId, duplicateId, by: session.email });
    return {};
  },
});

export const mergeDuplicatesAction = action({
  access: "staff",
  args: (duplicateId: number, keepMemorialId: number) => ({ duplicateId, keepMemorialId }),
  input: z.object({ duplicateId: recordId, keepMemorialId: recordId }),
  run: async ({ duplicateId, keepMemorialId }, { session }) => {
    const merged = await mergeMemorials({
      operatorId: session.operatorId,
      duplicateId,
      keepMemorialId,
      by: session.email,
      // The families' e-mails link the kept page (APP_URL, else this host when it may be named).
      linkBase: emailLinkOrigin(await headers()),
    });
    return { mergeId: merged.mergeId, keptMemorialId: merged.keptMemorialId };
  },
});

export const undoMergeAction = action({
  access: "staff",
  args: (mergeId: number) => ({ mergeId }),
  input: z.object({ mergeId: recordId }),
  run: async ({ mergeId }, { session }) => {
    await undoMerge({ operatorId: session.operatorId, mergeId, by: session.email });
    return {};
  },
});
