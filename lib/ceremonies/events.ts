// What the ceremony's domain events carry (lib/events/payloads.ts CeremonyPayload).
import type { CeremonyPayload } from "@memorial/lib/events/payloads";

export const ceremonyPayload = (ceremony: {
  id: number;
  startsAt: Date;
  timeZone: string;
  sequence: number;
}): CeremonyPayload => ({
  ceremonyId: ceremony.id,
  startsAt: ceremony.startsAt.toISOString(),
  timeZone: ceremony.timeZone,
  sequence: ceremony.sequence,
});
