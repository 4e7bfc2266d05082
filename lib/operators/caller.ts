// The caller of a domain operation that does not come through an API key (the dashboard acts for
// its user's operator as live data).
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { Caller } from "./keys";

export async function operatorCaller(operatorId: number): Promise<Caller> {
  const operator = await db.operator.findUnique({ where: { id: operatorId } });
  if (!operator) throw notFound(`operator ${operatorId} does not exist`);
  return {
    operatorId: operator.id,
    operatorName: operator.name,
    operatorLanguage: operator.language,
    environment: "production",
    isTest: false,
    keyId: 0,
  };
}
