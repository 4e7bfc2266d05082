// Time travel for the one rate limiter's rows (lib/limits/rate-limit.ts): a test moves a limit's
// window and last hit into the past, as if the client had waited, instead of waiting.
import { db } from "@memorial/lib/db/client";
import { type Limit, subjectDigest } from "@memorial/lib/limits/rate-limit";

export async function ageLimit(limit: Pick<Limit, "bucket" | "subject">, seconds: number): Promise<void> {
  await db.$executeRaw`
    UPDATE "rate_limit" SET "reset_at" = "reset_at" - make_interval(secs => ${seconds}),
      "last_hit_at" = "last_hit_at" - make_interval(secs => ${seconds})
    WHERE "bucket" = ${limit.bucket} AND "subject" = ${subjectDigest(limit.subject)}`;
}

/** The hits a limit holds in its current window (0 when it has none). */
export async function hitsOf(limit: Pick<Limit, "bucket" | "subject">): Promise<number> {
  const [row] = await db.$queryRaw<{ hits: number }[]>`
    SELECT "hits" FROM "rate_limit"
    WHERE "bucket" = ${limit.bucket} AND "subject" = ${subjectDigest(limit.subject)} AND "reset_at" > now()`;
  return row?.hits ?? 0;
}
