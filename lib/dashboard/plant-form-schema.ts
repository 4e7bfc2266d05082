// The planting form of the dashboard parsed into the domain's planting command
// (lib/memorials/commands.ts), the very command the API's Creer gives the use case, each input by
// the API's own rule for its field. Server only (zod stays out of the browser's bundle, whose CSP
// refuses zod's probe for eval).

import type { ContextIds, CreateMemorialCommand } from "@memorial/lib/memorials/commands";
import { LIMITS } from "@memorial/lib/memorials/limits";
import { dateTime, email, id, int53, language, text, url } from "@memorial/lib/validation";
import { z } from "zod";
import { issueReason } from "./field-reasons";
import { fieldIssue, fieldReader, formField, formInteger } from "./form-fields";
import type { FieldReasons, PlantFormValues } from "./plant-form";

// Each input with the rule of its field in the API's Creer (lib/v1/schemas/memorials.ts).
const nameInput = formField(text(LIMITS.name));
const urlInput = formField(url(LIMITS.url));
const dateInput = formField(dateTime);

/**
 * The planting form, read into the domain's command (the same one the API's Creer gives) but
 * for its context, which the action looks up: each field by the API's rule for it, and only the
 * fields this kind of planting uses (4.1: an orphan or an existing memorial names no deceased).
 * The use case checks the rest (names, e-mail for a confirmation, dates in order) and names its
 * fields the same way.
 */
export const plantFormSchema = z
  .object({})
  .catchall(z.unknown())
  .transform((values, ctx): { contextId: string; command: Omit<CreateMemorialCommand, "context"> } => {
    const read = fieldReader(values, ctx);
    const memorialId = read("memorialId", formInteger(id));
    const planter = read("planter", formField(text(LIMITS.planter)));
    const message = read("message", formField(text(LIMITS.message)));
    const memorialLanguage = read("language", formField(language));
    const externalId = read("externalId", formInteger(int53));
    let target: CreateMemorialCommand["target"];
    if (values.orphan === true) {
      target = { kind: "orphan" }; // as the API's 4.1 rule 3: the memorial id is then ignored
    } else if (memorialId !== null && memorialId > 0) {
      // Planting into an existing memorial names no deceased and no family: they are the memorial's.
      target = { kind: "existing", memorialId };
    } else {
      const deathDate = read("deathDate", dateInput);
      if (deathDate === null && String(values.deathDate ?? "").trim() === "") {
        fieldIssue(ctx, "deathDate", "required", "is required");
      }
      target = {
        kind: "new",
        deceased: {
          firstName: read("firstName", nameInput),
          lastName: read("lastName", nameInput),
          civility: read("civility", formField(text(LIMITS.civility))),
          deathDate: deathDate ?? new Date(0),
          deathDateApproximate: values.deathDateApproximate === true,
          birthDate: read("birthDate", dateInput),
          // Stored on the person as PUT /Personne/Modifier stores LieuDeces (blank: none).
          placeOfDeath: read("placeOfDeath", formField(text(LIMITS.placeOfDeath))),
          url: read("url", urlInput),
          imageUrl: read("imageUrl", urlInput),
        },
        family: {
          email: read("familyEmail", formField(email(LIMITS.email))),
          name: read("familyName", nameInput),
          language: read("familyLanguage", formField(language)),
        },
        // 4.1 rule 7: the anonymous name is used only for an anonymous memorial.
        anonymous:
          values.anonymous === true
            ? { name: read("anonymousName", formField(text(LIMITS.anonymousName))) }
            : null,
        awaitConfirmation: values.confirm === true,
      };
    }
    return {
      // The context is the operator's own, looked up by the action.
      contextId: String(values.contextId ?? "").trim(),
      command: {
        target,
        planter,
        message,
        language: memorialLanguage,
        externalId,
        memorialsLot: null,
        uEventId: null,
        specialEmailType: null,
      },
    };
  });

/** The planting form parsed into the domain's command, or the reason each refused field is refused. */
export function parsePlantForm(
  values: PlantFormValues,
  context: ContextIds,
): { ok: true; command: CreateMemorialCommand } | { ok: false; fields: FieldReasons } {
  const parsed = plantFormSchema.safeParse(values);
  if (parsed.success) return { ok: true, command: { ...parsed.data.command, context } };
  const fields: FieldReasons = {};
  for (const issue of parsed.error.issues) {
    fields[String(issue.path[0]) as keyof PlantFormValues] ??= issueReason(issue);
  }
  return { ok: false, fields };
}
