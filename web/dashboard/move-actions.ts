"use server";
// The dashboard's move of one tree, or of every tree, of a memorial to another of the
// operator's memorials (lib/trees/move-trees.ts holds the rules; the dashboard acts in production).
// A plain form (it works without JavaScript): the outcome comes back in the memorial page's
// address, `moved=N&movedTo=ID` or `moveError=REASON`, shown beside the form.
import { actingAs } from "@memorial/lib/audit/actor";
import { DomainError } from "@memorial/lib/errors";
import { withEvents } from "@memorial/lib/events/events";
import { moveTrees } from "@memorial/lib/trees/move-trees";
import { parseId } from "@memorial/lib/validation";
import { notFound, redirect } from "next/navigation";
import { getOperatorSession } from "@/web/auth/session";

/** Why a move was refused, as the page says it (move.error_* of the catalogues). */
function refusal(error: DomainError): string {
  if (error.code === "MEMORIAL_CLOSED") return "closed";
  if (error.problem?.reason === "same-memorial") return "same";
  if (error.problem?.field === "treeIds") return "tree";
  return "target";
}

export async function moveTreesAction(form: FormData) {
  const session = await getOperatorSession();
  if (!session) redirect("/dashboard/signin");
  const fromMemorialId = parseId(String(form.get("memorialId") ?? ""));
  if (fromMemorialId === null) notFound();
  const toMemorialId = parseId(String(form.get("to") ?? ""));
  const tree = String(form.get("tree") ?? "all");
  const treeId = tree === "all" ? null : parseId(tree);
  let outcome: string;
  if (toMemorialId === null) outcome = "moveError=target";
  else if (tree !== "all" && treeId === null) outcome = "moveError=tree";
  else {
    try {
      const moved = await actingAs({ kind: "user", id: session.userId, operatorId: session.operatorId }, () =>
        withEvents((tx, events) =>
          moveTrees(tx, events, {
            operatorId: session.operatorId,
            isTest: false,
            fromMemorialId,
            toMemorialId,
            treeIds: treeId === null ? "all" : [treeId],
            by: session.email,
          }),
        ),
      );
      outcome = `moved=${moved.movedTreeIds.length}&movedTo=${toMemorialId}`;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcome = `moveError=${refusal(error)}`;
    }
  }
  redirect(`/dashboard/memorials/${fromMemorialId}?${outcome}#move-trees`);
}
