// The webhook messages as zod schemas, one per event type: the API reference's `webhooks` section
// (lib/v1/openapi.ts) is generated from them, and the end-to-end tests hold every message a
// receiver gets against them, so that what is sent is what is documented.

import { ENVIRONMENTS } from "@memorial/lib/scope";
import { z } from "zod";
import type { WebhookEventType } from "./event-types";

const id = () => z.int().min(1);
const environment = z
  .enum(ENVIRONMENTS)
  .describe(
    "The environment of the key (or dashboard) that acted: `production` or `test`, as the API's `Environnement`.",
  );
const memorialUrl = z
  .url()
  .nullable()
  .describe(
    "The memorial's public page; null while the public may not see it (awaiting its family, made with a test key, or hidden by its family): never an address that answers 404 when the message is written.",
  );
const memorialTitle = z
  .string()
  .nullable()
  .describe(
    "What people read of the memorial now (the page's title): never the deceased's name for an anonymous memorial, never a bare id.",
  );
const by = z
  .enum(["family", "operator"])
  .describe("Who acted: the family (its management link) or the operator.");

const family = { memorialId: id(), by, memorialTitle, memorialUrl, environment };

// A merge of duplicate memorials, and its undo.
const merge = {
  mergeId: id().describe("The merge (the dashboard's undo names it)."),
  keptMemorialId: id().describe("The memorial that stays."),
  mergedMemorialId: id().describe("The memorial merged into the kept one."),
  treeIds: z
    .array(id())
    .describe(
      "The trees moved by the merge (or moved back by its undo): they keep their ids and transactions.",
    ),
  memorialUrl,
  environment,
};

// A memorial's ceremony (lib/ceremonies): GET /v1/Memorial/{memorialId}/Ceremonie reads it whole.
const ceremony = {
  memorialId: id(),
  start: z.iso.datetime().describe("When the ceremony starts (ISO 8601, UTC)."),
  timeZone: z.string().describe("The IANA time zone it is set and shown in, e.g. `Europe/Brussels`."),
  sequence: z
    .int()
    .min(0)
    .describe("The calendar file's SEQUENCE after this change: it grows with each change."),
  memorialUrl,
  environment,
};

// A tree's life (lib/trees): the tree is the API's ArbreId (GET /v1/Arbre/{arbreId}).
const day = z.iso.date().describe("The day of the step (YYYY-MM-DD), as recorded by the operator.");
const photoUrl = z
  .url()
  .nullable()
  .describe("The step's photo (resized, without location metadata), or null when none was taken.");
const treeLife = { memorialId: id(), treeId: id(), date: day, memorialUrl, environment };

// The guestbook (lib/guestbook): the message's id and what became of it; never the
// visitor's words nor its address.
const entryId = () =>
  id().describe("The guestbook message (its id in the service); `GET /v1/LivreDor/{entryId}` reads it.");
const guestbookBy = z
  .enum(["family", "operator"])
  .nullable()
  .describe(
    "Who decided: the family (its management page) or the operator; null when published at once (open guestbook).",
  );
const guestbook = { memorialId: id(), entryId: entryId(), memorialUrl, environment };

const DATA = {
  "memorial.created": {
    when: "A memorial was created (API, dashboard), also one awaiting its family and the global memorial.",
    data: z.strictObject({
      memorialId: id(),
      awaitingConfirmation: z.boolean(),
      global: z.boolean(),
      memorialUrl,
      environment,
    }),
  },
  "tree.planted": {
    when: "A tree was planted (API, dashboard, the family's confirmation, or a visitor from the memorial page).",
    data: z.strictObject({
      memorialId: id(),
      treeId: id().nullable(),
      transactionId: id().nullable(),
      speciesId: id().nullable(),
      origin: z.enum(["partner", "visitor_code", "visitor_payment"]).meta({
        description:
          "Who planted: `partner` (the operator), `visitor_code` (a visitor with a claim code of the ceremony card) or `visitor_payment` (a visitor who paid online).",
      }),
      memorialUrl,
      environment,
    }),
  },
  "memorial.confirmed": {
    when: "The family confirmed a memorial (its first tree follows as tree.planted).",
    data: z.strictObject({ memorialId: id(), memorialUrl, environment }),
  },
  "memorial.expired": {
    when: "A memorial awaiting its family was closed as not confirmed: its confirmation link expired (CONFIRMATION_TTL_DAYS) or its family declined it. Its public page never existed; Infos' Etat says `expired`.",
    data: z.strictObject({
      memorialId: id(),
      reason: z
        .enum(["expired", "declined"])
        .describe(
          "`expired`: the family never confirmed before its link expired; `declined`: the family declined.",
        ),
      outcome: z
        .enum(["credit", "global"])
        .describe(
          "Where its waiting tree went, as the operator chose (CLI `operator unconfirmed`): `credit`, not planted and nothing charged (the creation used no prepaid tree); `global`, planted in the operator's global memorial.",
        ),
      treeId: id()
        .nullable()
        .describe(
          "The tree planted in the global memorial; null with `credit`, or while it waits for stock.",
        ),
      globalMemorialId: id()
        .nullable()
        .describe("The operator's global memorial (outcome `global`), else null."),
      memorialUrl,
      environment,
    }),
  },
  "person.modified": {
    when: "A deceased person was modified (PUT /v1/Personne/Modifier, dashboard).",
    data: z.strictObject({
      personId: id().nullable(),
      memorialIds: z.array(id()),
      titlesUpdated: z.boolean(),
      environment,
    }),
  },
  "memorial.hidden": {
    when: "The family hid the memorial: the public gets 404 (memorialUrl is null).",
    data: z.strictObject(family),
  },
  "memorial.shown": {
    when: "The family showed its hidden memorial again.",
    data: z.strictObject(family),
  },
  "memorial.taken_down": {
    when: "The family took the memorial down: its page answers 410 Gone, it leaves the search (memorialUrl is null).",
    data: z.strictObject(family),
  },
  "memorial.restored": {
    when: "The family undid its takedown: the memorial is public again at its privacy level.",
    data: z.strictObject(family),
  },
  "memorial.erasure_requested": {
    when: "The family asked for the memorial's erasure: carried out on the 14th day after, unless it undoes its request.",
    data: z.strictObject(family),
  },
  "memorial.erasure_cancelled": {
    when: "The family undid its request for the memorial's erasure.",
    data: z.strictObject(family),
  },
  "memorial.erased": {
    when: "The family's erasure was carried out: the deceased, planters, guestbook and family are anonymised, the memorial is taken down for good; trees and transactions stay, anonymous.",
    data: z.strictObject(family),
  },
  "memorial.anonymised": {
    when: "The family made the memorial anonymous (4.1 rule 7 applies).",
    data: z.strictObject(family),
  },
  "memorial.unanonymised": {
    when: "The family showed the deceased's name again.",
    data: z.strictObject(family),
  },
  "memorial.title_changed": {
    when: "The family chose how its anonymous memorial is titled: its anonymous title, or the initials.",
    data: z.strictObject({ ...family, anonymousTitle: z.enum(["name", "initials"]) }),
  },
  "message.hidden": {
    when: "The family hid a planter's message.",
    data: z.strictObject({ ...family, treeId: id().nullable() }),
  },
  "message.shown": {
    when: "The family showed a planter's message again.",
    data: z.strictObject({ ...family, treeId: id().nullable() }),
  },
  "memorial.privacy_changed": {
    when: "The family chose its memorial's privacy level: public (found by the home page's search), link_only (seen by whoever has its address, never searched, noindex) or hidden (404 to the public).",
    data: z.strictObject({
      ...family,
      privacy: z.enum(["public", "link_only", "hidden"]).describe("The level that applies now."),
      previousPrivacy: z
        .enum(["public", "link_only", "hidden"])
        .describe("The level that applied before (the funeral home's default until the family chose)."),
    }),
  },
  "tree.in_ground": {
    when: "A tree was planted in the ground (its order was tree.planted): its day, its point, its photo.",
    data: z.strictObject({
      ...treeLife,
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
      photoUrl,
    }),
  },
  "tree.checked": {
    when: "A tree in the ground was checked: alive or sick, its height when measured.",
    data: z.strictObject({
      ...treeLife,
      health: z.enum(["alive", "sick"]),
      heightCm: z.int().min(1).max(10_000).nullable(),
      photoUrl,
    }),
  },
  "tree.died": {
    when: "A tree was declared dead. When within REPLACEMENT_YEARS of its day in the ground (replacementDue), tree.replaced follows (at once, or when stock returns).",
    data: z.strictObject({
      ...treeLife,
      reason: z.enum(["drought", "fire", "flood", "disease", "other"]),
      replacementDue: z.boolean(),
    }),
  },
  "tree.replaced": {
    when: "A dead tree's free replacement was ordered by the service (the replacement guarantee): replacementTreeId is the new tree.",
    data: z.strictObject({ ...treeLife, replacementTreeId: id() }),
  },
  "guestbook.entry_received": {
    when: "A visitor left a message in the memorial's guestbook: published at once (open guestbook) or waiting for the family's approval.",
    data: z.strictObject({ ...guestbook, status: z.enum(["published", "pending"]) }),
  },
  "guestbook.entry_published": {
    when: "A guestbook message became visible on the memorial page (approved, or received in an open guestbook).",
    data: z.strictObject({ ...guestbook, by: guestbookBy }),
  },
  "guestbook.entry_hidden": {
    when: "The family or the operator hid a guestbook message.",
    data: z.strictObject({ ...guestbook, by }),
  },
  "guestbook.entry_deleted": {
    when: "The family deleted a guestbook message (it is gone).",
    data: z.strictObject({ ...guestbook, by }),
  },
  "guestbook.entry_withdrawn": {
    when: "The author of a guestbook message withdrew it with the link e-mailed to them (it is gone).",
    data: z.strictObject(guestbook),
  },
  "memorial.guestbook_mode_changed": {
    when: "The family chose how its guestbook publishes messages: open, approval (the default) or closed.",
    data: z.strictObject({
      memorialId: id(),
      mode: z.enum(["open", "approval", "closed"]),
      by,
      memorialUrl,
      environment,
    }),
  },
  "tree.moved": {
    when: "The operator moved trees from one of its memorials to another (the dashboard, the command line, POST /v1/Arbres/Deplacer, or the merge of duplicate memorials). The trees keep their ids, history and transactions; memorialId is where they are now.",
    data: z.strictObject({
      memorialId: id().describe("The memorial the trees are in now (toMemorialId)."),
      treeIds: z.array(id()).min(1).describe("The trees moved (the API's ArbreId)."),
      fromMemorialId: id().describe("The memorial they left."),
      toMemorialId: id().describe("The memorial they are in now."),
      mergeId: id()
        .nullable()
        .describe("The merge of duplicate memorials that moved them; null for a move of its own."),
      memorialUrl,
      environment,
    }),
  },
  "memorial.merged": {
    when: "The operator merged two of its memorials made for the same person (the dashboard's possible duplicates): the trees, guestbook messages, reminder subscriptions and plantings waiting for stock of mergedMemorialId moved to keptMemorialId (memorialId), and the merged memorial's address answers 301 to the kept one's. The merge can be undone within 30 days (memorial.unmerged). Never across operators.",
    data: z.strictObject({ ...merge, memorialId: id().describe("The memorial kept (keptMemorialId).") }),
  },
  "memorial.unmerged": {
    when: "The operator undid a merge of duplicate memorials within its 30 days: what the merge moved is back in mergedMemorialId (memorialId), whose address answers again.",
    data: z.strictObject({
      ...merge,
      memorialId: id().describe("The memorial that had been merged (mergedMemorialId), public again."),
    }),
  },
  "memorial.personal_data_erased": {
    when: "A person's data was erased at their request (an e-mail address, and the name, words or contact that went with it, as a visitor, a guestbook author, a planter or a family): what the memorial shows changed; read it again.",
    data: z.strictObject({ memorialId: id(), memorialUrl, environment }),
  },
  "ceremony.scheduled": {
    when: "The operator set the memorial's ceremony (PUT /v1/Memorial/{memorialId}/Ceremonie), or set again a ceremony it had cancelled.",
    data: z.strictObject(ceremony),
  },
  "ceremony.changed": {
    when: "The operator changed the memorial's ceremony: moved it (previousStart says from when) or changed its place, livestream or note. Calendars that subscribed to its file see the change by its SEQUENCE.",
    data: z.strictObject({
      ...ceremony,
      previousStart: z.iso
        .datetime()
        .nullable()
        .describe(
          "The start before this change (ISO 8601, UTC) when the ceremony was moved; null otherwise.",
        ),
      fields: z
        .array(z.enum(["start", "timeZone", "place", "map", "livestream", "note"]))
        .min(1)
        .describe("What changed."),
    }),
  },
  "ceremony.cancelled": {
    when: "The operator cancelled the memorial's ceremony (POST /v1/Memorial/{memorialId}/Ceremonie/Annuler): the page says so, its calendar file says CANCELLED.",
    data: z.strictObject(ceremony),
  },
  "photo.published": {
    when: "The family (its management page) or the operator (its dashboard) approved a photo a visitor shared: it is now in the gallery of the memorial's page.",
    data: z.strictObject({
      memorialId: id(),
      photoId: id().describe("The photo's id (the memorial's gallery shows it)."),
      memorialUrl,
      environment,
      by,
    }),
  },
} satisfies Record<WebhookEventType, { when: string; data: z.ZodObject }>;

/** The `data` of type T's message, as its schema documents it: what the webhook consumer must build. */
export type WebhookData<T extends WebhookEventType> = z.output<(typeof DATA)[T]["data"]>;

/** The message of one event type, in the Standard Webhooks shape {type, timestamp, data}. */
export function webhookMessageSchema(type: WebhookEventType) {
  return z.strictObject({
    type: z.literal(type),
    timestamp: z.iso.datetime().describe("When the event happened (ISO 8601, UTC)."),
    data: DATA[type].data,
  });
}

export const webhookWhen = (type: WebhookEventType) => DATA[type].when;
