// The person form of the dashboard read with the rules of the API's Modifier
// (lib/v1/schemas/memorials.ts) into the same command. Server only (zod stays out of the
// browser's bundle).

import type { ModifyPersonCommand } from "@memorial/lib/memorials/commands";
import { LIMITS } from "@memorial/lib/memorials/limits";
import { dateTime, int32, text, url } from "@memorial/lib/validation";
import { z } from "zod";
import { fieldReader, formField, formInteger, recordId } from "./form-fields";
import type { CLEARABLE_PERSON_FIELDS } from "./person-fields";

/**
 * The person form read into the same command as the API's Modifier: each field by the
 * Modifier's rule for it; a blank input leaves the field as it is (undefined), a cleared one
 * empties it (null), whatever its input holds.
 */
export const personFormSchema = z
  .object({})
  .catchall(z.unknown())
  .transform((values, ctx): ModifyPersonCommand => {
    const clear = new Set(Array.isArray(values.clear) ? values.clear.map(String) : []);
    const read = fieldReader(values, ctx);
    const field = <T>(key: (typeof CLEARABLE_PERSON_FIELDS)[number], schema: z.ZodType<T | null>) =>
      clear.has(key) ? null : (read(key, schema) ?? undefined);
    const personId = read("personId", recordId);
    const externalId = field("externalId", formInteger(int32));
    return {
      personId: personId ?? 0,
      // As the API's IdExterne: 0 is not applied.
      externalId: externalId === 0 ? undefined : externalId,
      lastName: field("lastName", formField(text(LIMITS.name))),
      firstName: field("firstName", formField(text(LIMITS.name))),
      civility: field("civility", formField(text(LIMITS.civility))),
      deathDate: read("deathDate", formField(dateTime)) ?? undefined,
      placeOfDeath: field("placeOfDeath", formField(text(LIMITS.placeOfDeath))),
      birthDate: field("birthDate", formField(dateTime)),
      imageUrl: field("imageUrl", formField(url(LIMITS.url))),
      updateTitles: values.updateTitles === true,
    };
  });
