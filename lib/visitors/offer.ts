// Issue 30: what a message to the public offers of visitor planting for a memorial (the reminders;
// the memorial page and the form read the same settings): the form, and whether payment is offered.
import type { db, Tx } from "@memorial/lib/db/client";
import { plantingFormUrl } from "./links";
import { paymentOffered } from "./payments";
import { visitorSettingsFor } from "./settings";

/**
 * What a message to the public (a reminder, a receipt) offers of visitor planting for a memorial:
 * its planting form and whether visitors may pay there; null when visitors may not plant.
 */
export async function visitorPlantingOffer(
  client: Tx | typeof db,
  memorial: { id: number; operatorId: number; contextId: number | null },
  linkBase: string,
  language: string,
): Promise<{ formLink: string; payment: boolean } | null> {
  const offer = await visitorSettingsFor(client, memorial.operatorId, memorial.contextId);
  if (!offer.enabled) return null;
  return {
    formLink: plantingFormUrl(linkBase, memorial.id, undefined, language),
    payment: paymentOffered(offer),
  };
}
