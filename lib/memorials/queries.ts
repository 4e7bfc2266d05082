// Reads of one memorial for the edges that act on it: whether it is one of the operator's own
// (the dashboard's routes answer 404 for another's), and its family's address (the management
// page's reminders).
import { db } from "@memorial/lib/db/client";
import type { OperatorScope } from "@memorial/lib/scope";
import { ownMemorialsOf } from "./policy";

/** The memorial of this id if it is one of the scope's own (ownMemorialsOf), else null. */
export async function ownMemorial(scope: OperatorScope, memorialId: number): Promise<{ id: number } | null> {
  return db.memorial.findFirst({
    where: { AND: [{ id: memorialId }, ownMemorialsOf(scope)] },
    select: { id: true },
  });
}

/** The address of the memorial's family (where its management link was sent), null when none. */
export async function familyEmail(memorialId: number): Promise<string | null> {
  const family = await db.family.findUnique({ where: { memorialId }, select: { email: true } });
  return family?.email ?? null;
}
