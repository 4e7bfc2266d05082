// Which (plantation, species) pairs an operator may have planted: an active site, in a country
// the operator allows (none listed: any), a species priced at most the operator's maximum.
// The list column is nullable (Prisma never declares NOT NULL on a list): NULL also means any.
import { Prisma } from "@memorial/lib/db/client";

/** SQL condition on aliases p (plantation), sp (species) and o (operator). */
export const OPERATOR_RULES = Prisma.sql`p."active"
  AND (COALESCE(cardinality(o."allowed_countries"), 0) = 0 OR p."country" = ANY(o."allowed_countries"))
  AND (o."max_unit_price" IS NULL OR sp."unit_price" <= o."max_unit_price")`;
