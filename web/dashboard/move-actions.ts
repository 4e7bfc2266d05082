"use server";
import { withEvents } from "@memorial/lib/changes/record";
// The dashboard's move of one tree, or of every tree, of a memorial to another of the
// operator's memorials (lib/trees/move-trees.ts holds the rules; the dashboard acts in production).
// A plain form (it works without JavaScript) through the dashboard's one pipeline
// (web/dashboard/action.ts): the outcome comes back in the memorial page's address,
// `moved=N&movedTo=ID` or `moveError=REASON`, shown beside the form.
import { refuse } from "@memorial/lib/dashboard/action";
import { recordId } from "@memorial/lib/dashboard/form-fields";
import { DomainError } from "@memorial/lib/errors";
import { moveTrees } from "@memorial/lib/trees/move-trees";
import { parseId } from "@memorial/lib/validation";
import { notFound } from "next/navigation";
import { z } from "zod";
import { formAction } from "@/web/dashboard/action";

/** Why a move was refused, as the page says it (move.error_* of the catalogues). */
function refusal(error: DomainError): string {
  if (error.code === "MEMORIAL_CLOSED") return "closed";
  if (error.problem?.reason === "same-memorial") return "same";
  if (error.problem?.field === "treeIds") return "tree";
  return "target";
}

/** One tree's id, or "all" (the default). */
const whichTrees = z.unknown().transform((value, ctx) => {
  const tree = String(value ?? "all");
  if (tree === "all") return "all" as const;
  const id = parseId(tree);
  if (id !== null) return [id];
  ctx.addIssue({
    code: "custom",
    message: `no such tree: ${tree.slice(0, 40)}`,
    params: { reason: "not-found" },
  });
  return z.NEVER;
});

export const moveTreesAction = formAction({
  access: "staff",
  args: (form: FormData) => ({
    memorialId: form.get("memorialId"),
    to: form.get("to"),
    tree: form.get("tree"),
  }),
  input: z.object({ memorialId: recordId, to: recordId, tree: whichTrees }),
  run: async ({ memorialId, to, tree }, { session }) => {
    try {
      const moved = await withEvents((tx, changes) =>
        moveTrees(tx, changes, {
          operatorId: session.operatorId,
          isTest: false,
          fromMemorialId: memorialId,
          toMemorialId: to,
          treeIds: tree,
          by: session.email,
        }),
      );
      return { moved: moved.movedTreeIds.length, movedTo: to };
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw refuse(error.code, error.message, { move: refusal(error) });
    }
  },
  answer: (result, form) => {
    const from = parseId(String(form.get("memorialId") ?? ""));
    if (from === null) notFound();
    let outcome: string;
    if (result.ok) outcome = `moved=${result.moved}&movedTo=${result.movedTo}`;
    else if (result.fields?.move) outcome = `moveError=${result.fields.move}`;
    // The form's own fields: no target memorial first, then a tree that is not one.
    else outcome = `moveError=${result.fields?.to || !result.fields?.tree ? "target" : "tree"}`;
    return `/dashboard/memorials/${from}?${outcome}#move-trees`;
  },
});
