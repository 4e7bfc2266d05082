// The caller of a domain operation that does not come through an API key: the dashboard's user
// (its Scope, built from the session, acts in production) with its operator's name and language.
import { db } from "@memorial/lib/db/client";
import { notFound } from "@memorial/lib/errors";
import type { OperatorScope } from "@memorial/lib/scope";
import type { Caller } from "./keys";

export async function operatorCaller(scope: OperatorScope): Promise<Caller> {
  const operator = await db.operator.findUnique({ where: { id: scope.operatorId } });
  if (!operator) throw notFound(`operator ${scope.operatorId} does not exist`);
  return { ...scope, operatorName: operator.name, operatorLanguage: operator.language };
}
