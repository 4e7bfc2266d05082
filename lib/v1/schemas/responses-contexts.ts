// The v1 response objects (lib/v1/schemas/responses.ts): the caller's contexts and one guestbook
// message (extensions).
import { z } from "zod";
import { envelope, listingPageShape, nullable, uint, ZContexteKind, ZDateTime } from "./responses-common";

// ---------------------------------------------------------------------------------------------
// Extension: the caller's contexts

const ZContexteRecord = z
  .strictObject({
    Id: uint().meta({ description: "The context's id, as the `Contexte…Id` fields and `epfId` use it." }),
    Type: ZContexteKind,
    Nom: z.string(),
    ParentId: nullable(uint()).meta({ description: "The parent context's id; null when it has none." }),
    Langue: nullable(z.enum(["fr", "nl", "en", "de"])).meta({
      description: "The context's own language for messages (4.1 rule 6); null when it has none.",
    }),
  })
  .meta({ id: "ContexteRecord", description: "Extension: one context of the caller's operator." });
export type TContexteRecord = z.infer<typeof ZContexteRecord>;

export const ZContextesListing = z
  .strictObject({ ...envelope("contextes"), Contextes: z.array(ZContexteRecord), ...listingPageShape })
  .meta({ id: "ContextesListing", description: "Extension: the caller's contexts." });

// ---------------------------------------------------------------------------------------------
// Extension: one guestbook message, the read that follows a guestbook.entry_* webhook

const ZLivreDorMessageFields = z.strictObject({
  MessageId: uint().meta({ description: "The message: `entryId` of the guestbook.entry_* webhooks." }),
  MemorialId: uint(),
  Nom: z.string().meta({ description: "The name the visitor signed with (at most 80 characters)." }),
  Message: z.string().meta({ description: "The visitor's words (at most 1000 characters)." }),
  Etat: z.enum(["pending", "published", "hidden"]).meta({
    description:
      "`pending`: waiting for the family's approval; `published`: shown on the memorial page; `hidden`: refused or hidden by the family or the operator.",
  }),
  DateCreation: ZDateTime,
  DateDecision: nullable(ZDateTime).meta({ description: "When it was approved or hidden; null before." }),
  DecidePar: nullable(z.enum(["family", "operator"])).meta({
    description: "Who decided, as in the webhooks' `by`; null before a decision or when published at once.",
  }),
});
export type TLivreDorMessageFields = z.infer<typeof ZLivreDorMessageFields>;

export const ZLivreDorMessage = z
  .strictObject({ ...envelope("livreDorMessage"), ...ZLivreDorMessageFields.shape })
  .meta({
    id: "LivreDorMessage",
    description:
      "Extension: one message of the guestbook of one of the caller's memorials (the webhooks carry its id, never its words).",
  });
