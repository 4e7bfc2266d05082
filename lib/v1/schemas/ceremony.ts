// Extension: the wire objects of the memorial's ceremony (GET and PUT
// /v1/Memorial/{memorialId}/Ceremonie, POST .../Ceremonie/Annuler), with the API's French names.
// The shapes only: the rules (lengths, https, the time zone, a start in the future) are the
// domain's (lib/ceremonies/rules.ts), which names the field at fault (WIRE_FIELD, memorials.ts).
import {
  DEFAULT_TIME_ZONE,
  NOTE_MAX,
  PLACE_ADDRESS_MAX,
  PLACE_NAME_MAX,
  URL_MAX,
} from "@memorial/lib/ceremonies/rules";
import { z } from "zod";
import { envelope, ZDateTime } from "./responses-common";

const optionalText = () => z.string().nullish();

export const ZCeremonieDefinir = z
  .strictObject({
    Debut: z.string().meta({
      description:
        "When the ceremony starts: a local date and time without offset (`2026-12-10T14:30`, seconds optional), read in `FuseauHoraire`. It must be in the future for a new ceremony, when it changes, and when a cancelled ceremony is set again. A time the clocks skip (summer time begins) is refused.",
      example: "2026-12-10T14:30",
    }),
    FuseauHoraire: optionalText().meta({
      description: `The IANA time zone of the place (\`Europe/Brussels\`, \`Europe/Paris\`); absent or null: \`${DEFAULT_TIME_ZONE}\`.`,
    }),
    Lieu: z
      .strictObject({
        Nom: z.string().meta({ description: `The place's name, 1 to ${PLACE_NAME_MAX} characters.` }),
        Adresse: z.string().meta({ description: `Its address, 1 to ${PLACE_ADDRESS_MAX} characters.` }),
        Carte: optionalText().meta({
          description: `A map link (https, at most ${URL_MAX} characters); absent or null: the page links an OpenStreetMap search of the address.`,
        }),
      })
      .meta({ description: "Where the ceremony takes place." }),
    Diffusion: optionalText().meta({
      description: `The livestream's address (https, at most ${URL_MAX} characters); the page links it from an hour before the start to 7 days after.`,
    }),
    Note: optionalText().meta({
      description: `A word for the visitors (at most ${NOTE_MAX} characters, line breaks kept).`,
    }),
  })
  .meta({ id: "CeremonieDefinir" });

const ZCeremonieFields = z
  .strictObject({
    Debut: z.string().meta({
      description: "The start in the ceremony's time zone, with its offset: `2026-12-10T14:30:00+01:00`.",
    }),
    FuseauHoraire: z.string().meta({ description: "The IANA time zone of the place." }),
    Lieu: z.strictObject({
      Nom: z.string(),
      Adresse: z.string(),
      Carte: z.url().meta({
        description: "The map link given, else an OpenStreetMap search of the address.",
      }),
    }),
    Diffusion: z.string().nullable().meta({ description: "The livestream's address, or null." }),
    Note: z.string().nullable(),
    Statut: z.enum(["Prevue", "Deplacee", "Annulee"]).meta({
      description:
        "`Prevue`: scheduled; `Deplacee`: scheduled, moved from `DebutPrecedent`; `Annulee`: cancelled (set it again with PUT to schedule it again).",
    }),
    DebutPrecedent: z.string().nullable().meta({
      description: "The start before the last move, as `Debut`; null when it never moved.",
    }),
    Calendrier: z.url().nullable().meta({
      description:
        "The absolute address of the ceremony's calendar file (RFC 5545, `.ics`); null while the public may not see the memorial (awaiting its family, made with a test key, hidden by its family).",
    }),
    ModifieeLe: ZDateTime,
  })
  .meta({ id: "CeremonieFields" });
export type TCeremonie = z.infer<typeof ZCeremonieFields>;

export const ZCeremonieResponse = z
  .strictObject({
    ...envelope("ceremonie"),
    MemorialId: z.int().min(1),
    Ceremonie: ZCeremonieFields,
  })
  .meta({ id: "Ceremonie" });
