// Extension: a memorial's ceremony in the API's words (/v1/Memorial/{memorialId}/Ceremonie).
import { ceremonyState, mapLink } from "@memorial/lib/ceremonies/rules";
import { formatZoned } from "@memorial/lib/ceremonies/zoned-time";
import type { Ceremony } from "@memorial/lib/db/generated/client";
import type { TCeremonie } from "@memorial/lib/v1/schemas/ceremony";

const STATUT = { scheduled: "Prevue", moved: "Deplacee", cancelled: "Annulee" } as const;

/** `calendar`: the calendar file's address, null while the memorial is not public. */
export function serializeCeremonie(ceremony: Ceremony, calendar: string | null): TCeremonie {
  return {
    Debut: formatZoned(ceremony.startsAt, ceremony.timeZone),
    FuseauHoraire: ceremony.timeZone,
    Lieu: { Nom: ceremony.placeName, Adresse: ceremony.placeAddress, Carte: mapLink(ceremony) },
    Diffusion: ceremony.livestreamUrl,
    Note: ceremony.note,
    Statut: STATUT[ceremonyState(ceremony)],
    DebutPrecedent: ceremony.previousStartsAt
      ? formatZoned(ceremony.previousStartsAt, ceremony.timeZone)
      : null,
    Calendrier: calendar,
    ModifieeLe: ceremony.updatedAt.toISOString(),
  };
}
