// A funeral home's memorial for the database tests: an operator of its own, one of its funeral
// homes (a context) and a classic memorial made for that home through the service's own code,
// its links on https://trees.example.org.
import { db } from "@memorial/lib/db/client";
import type { Language } from "@memorial/lib/i18n/languages";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { makeContext, makeIsolatedOperator } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./commands";
import { fixtureMemorial } from "./memorials";

export async function funeralHomeMemorial(language: Language) {
  const op = await makeIsolatedOperator({ language });
  const caller = (await authenticateKey(op.key)) as Caller;
  const home = await makeContext(op.operatorId, "Epf");
  const { memorialId } = await fixtureMemorial(
    caller,
    plantingCommand(newMemorialTarget()),
    "https://trees.example.org",
  );
  await db.memorial.update({ where: { id: memorialId }, data: { contextId: home.id } });
  return { op, home, memorialId };
}
