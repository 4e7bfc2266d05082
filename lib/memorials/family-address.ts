// The operator's own memorial that a dashboard button writes to the family of (a new confirmation
// link, a new management link): found with its family, and refused when the family left no
// address, since the link's e-mail would have nowhere to go.
import type { Tx } from "@memorial/lib/db/client";
import { invalid, notFound } from "@memorial/lib/errors";
import type { OperatorScope } from "@memorial/lib/scope";
import { ownMemorialsOf } from "./policy";

/** The scope's own memorial with its family; another's (or, for the dashboard, a test one) is not found. */
export async function ownMemorialWithFamily(tx: Tx, scope: OperatorScope, memorialId: number) {
  const memorial = await tx.memorial.findFirst({
    where: { AND: [{ id: memorialId }, ownMemorialsOf(scope)] },
    include: { family: true },
  });
  if (!memorial) throw notFound(`memorial ${memorialId} does not exist`);
  return memorial;
}

/** Refuses a memorial whose family has no e-mail address. */
export function requireFamilyEmail(memorial: { family: { email: string | null } | null }): void {
  if (!memorial.family?.email) {
    throw invalid("this memorial has no family e-mail address", { field: "family.email", reason: "missing" });
  }
}
