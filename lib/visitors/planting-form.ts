// The memorial page's planting form (POST /memorial/{id}/trees), a visitor's
// name, message and e-mail, then a claim code (way "code") or a payment (way "pay", payments.ts).
// The route is an adapter; this is the use case. A refused attempt writes nothing but the counts
// of the limits, and the limits are taken only once the form itself is sound (a typo costs the
// visitor nothing):
// - the honeypot, the visitor's words (checkWords: the guestbook's rules and an e-mail address),
//   a way the memorial does not offer: 400, nothing counted;
// - a memorial the public may not see, or where visitors may not plant: 404;
// - FORM_CLIENT_LIMIT attempts per client and hour over all memorials: 429;
// - then the claim code's own limit (CODE_TRIES per client and hour) and its redemption, or the
//   Checkout session;
// - FORM_MEMORIAL_LIMIT per memorial and hour over all clients counts the payments started and the
//   wrong codes, never a good one: strangers sending wrong codes from many addresses are refused
//   (429) once it is spent, and a guest's valid code still plants. Guessing stays bounded by each
//   address's CODE_TRIES, and a code is 60 random bits.

import { db } from "@memorial/lib/db/client";
import { DomainError } from "@memorial/lib/errors";
import { HONEYPOT_FIELD } from "@memorial/lib/guestbook/rules";
import { hit, type Limit, RateLimitedError } from "@memorial/lib/limits/rate-limit";
import { memorialsVisibleTo, PUBLIC } from "@memorial/lib/memorials/policy";
import { redeemClaimCode } from "./claim-codes";
import { PaymentUnavailableError, paymentOffered, startCheckout } from "./payments";
import { visitorSettingsFor } from "./settings";
import { checkWords, type WordsRefusal } from "./visitor-planting";

/** Planting attempts one client may make per hour, over all memorials (codes and payments). */
export const FORM_CLIENT_LIMIT = 30;
/**
 * Payments started and wrong codes one memorial takes per hour, over all clients: a flood aimed at
 * one memorial is refused; a valid code is never counted here, so it is never refused by it.
 */
export const FORM_MEMORIAL_LIMIT = 300;
export const FORM_WINDOW_SECONDS = 3600;

/** The form's field that people never see (the guestbook's honeypot). */
export { HONEYPOT_FIELD };

const PLANT_WAYS = ["code", "pay"] as const;
type PlantWay = (typeof PLANT_WAYS)[number];

/** Why a planting was refused (the refusal page says it in the visitor's language). */
export type PlantRefusal =
  | WordsRefusal
  | "honeypot"
  | "way"
  | "code-missing"
  | "not-plantable"
  | "unknown-code"
  | "code-used"
  | "code-expired"
  | "rate-limited"
  | "code-tries"
  | "payment-unavailable";

export const REFUSAL_STATUS: Record<PlantRefusal, number> = {
  "name-length": 400,
  "message-length": 400,
  "control-characters": 400,
  link: 400,
  email: 400,
  honeypot: 400,
  way: 400,
  "code-missing": 400,
  "not-plantable": 404,
  "unknown-code": 404,
  "code-used": 409,
  "code-expired": 410,
  "rate-limited": 429,
  "code-tries": 429,
  "payment-unavailable": 503,
};

export interface PlantFormInput {
  memorialId: number;
  way: string;
  planter: string;
  message: string;
  email: string;
  code: string;
  honeypot: string;
  /** The page's language (the visitor's words and receipt are in it). */
  language: string;
  client: string;
  linkBase: string;
}

export type PlantFormResult =
  | { kind: "planted" | "queued" }
  | { kind: "checkout"; url: string }
  | { kind: "refused"; reason: PlantRefusal; retryAfterSeconds?: number };

/** The form's limit of one client, over all memorials. */
const clientLimit = (client: string): Limit => ({
  bucket: "plant-form-client",
  subject: client,
  max: FORM_CLIENT_LIMIT,
  windowSeconds: FORM_WINDOW_SECONDS,
});

/** The form's limit of one memorial, over all clients: payments started and wrong codes. */
const memorialLimit = (memorialId: number): Limit => ({
  bucket: "plant-form-memorial",
  subject: memorialId,
  max: FORM_MEMORIAL_LIMIT,
  windowSeconds: FORM_WINDOW_SECONDS,
});

const refused = (reason: PlantRefusal, retryAfterSeconds?: number): PlantFormResult => ({
  kind: "refused",
  reason,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});

export async function plantFromForm(input: PlantFormInput): Promise<PlantFormResult> {
  if (input.honeypot.trim() !== "") return refused("honeypot");
  const checked = checkWords(input);
  if (!checked.ok) return refused(checked.reason);
  if (!(PLANT_WAYS as readonly string[]).includes(input.way)) return refused("way");
  const way = input.way as PlantWay;
  if (way === "code" && input.code.trim() === "") return refused("code-missing");

  const memorial = await db.memorial.findFirst({
    where: { AND: [{ id: input.memorialId, kind: { not: "global" } }, memorialsVisibleTo(PUBLIC)] },
    select: { id: true, operatorId: true, contextId: true, isTest: true },
  });
  if (!memorial) return refused("not-plantable");
  const settings = await visitorSettingsFor(db, memorial.operatorId, memorial.contextId);
  if (!settings.enabled) return refused("not-plantable");
  if (way === "pay" && !paymentOffered(settings)) return refused("way");

  const limited = await hit([clientLimit(input.client)]);
  if (!limited.allowed) return refused("rate-limited", limited.retryAfterSeconds);

  try {
    if (way === "pay") {
      const flood = await hit([memorialLimit(memorial.id)]);
      if (!flood.allowed) return refused("rate-limited", flood.retryAfterSeconds);
      const url = await startCheckout({
        memorialId: memorial.id,
        words: checked.words,
        linkBase: input.linkBase,
      });
      return { kind: "checkout", url };
    }
    const outcome = await redeemClaimCode({
      code: input.code,
      memorialId: memorial.id,
      words: checked.words,
      linkBase: input.linkBase,
      client: input.client,
    });
    return { kind: outcome.kind };
  } catch (error) {
    if (error instanceof RateLimitedError) return refused("code-tries", error.retryAfterSeconds);
    if (error instanceof PaymentUnavailableError) return refused("payment-unavailable");
    if (!(error instanceof DomainError)) throw error;
    switch (error.code) {
      case "CODE_USED":
        return refused("code-used");
      case "CODE_EXPIRED":
        return refused("code-expired");
      case "NOT_FOUND": {
        if (error.problem?.field !== "code") return refused("not-plantable");
        // A wrong code counts for the memorial; past its budget, wrong codes are refused as a flood.
        const wrong = await hit([memorialLimit(memorial.id)]);
        return wrong.allowed ? refused("unknown-code") : refused("rate-limited", wrong.retryAfterSeconds);
      }
      case "INVALID_INPUT":
        // Visitors turned off between the check and the redemption.
        return refused("not-plantable");
      default:
        throw error;
    }
  }
}
