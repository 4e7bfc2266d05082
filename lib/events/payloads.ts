// The payload of each domain event type, in one map: the use cases record events
// through it (lib/events/events.ts NewDomainEvent), the durable consumers read them through it
// (lib/events/dispatcher.ts StoredEvent: a consumer that narrows on `event.type` gets the type's
// payload), and the webhook consumer turns each into its documented message with one builder per
// type (lib/webhooks/consumer.ts), whose output is the webhook schema's own type
// (lib/webhooks/schemas.ts). Changing a payload here fails the type check of every recorder and
// consumer that no longer agrees with it.
//
// Payloads are stored as JSON (domain_event.payload); only JSON values belong here.
import type { DeathReason, GuestbookMode, TreeHealth } from "@memorial/lib/db/generated/enums";

/**
 * A memorial's privacy level as the family sees it: "public" (found by the home page's search),
 * "link_only" (seen by whoever has its address, never searched, noindex) or "hidden" (the family's
 * hide: hidden_at, 404 to the public). memorial.privacy null is the funeral home's default
 * (context.default_privacy, the nearest one up the memorial's context chain), and null there is public.
 */
export type PrivacyLevel = "public" | "link_only" | "hidden";

/** The planting a confirmation will make (lib/mail/confirmation-token.ts keeps it with the token). */
export interface PendingPlanting {
  operatorId: number;
  contextId: number | null;
  planter: string;
  message: string | null;
  externalId: number | null;
  memorialsLot: number | null;
  uEventId: number | null;
}

/** What a use case puts in the event for the confirmation e-mail (lib/mail/confirmation-consumer.ts). */
export interface ConfirmationRequest {
  /** Base address of the link (APP_URL, else the address the request came to). */
  linkBase: string;
  planting: PendingPlanting;
}

/** What the operator's new management link puts in its event (lib/mail/manage-consumer.ts). */
export interface ManageLinkRequest {
  /** Base address of the link (APP_URL, else the address the request came to). */
  linkBase: string;
}

/** Who acted on a family setting: the family (its management link) or the operator's user. */
export interface ActedBy {
  by: "family" | "operator";
  /** The dashboard's user, when one acted. */
  userId?: number;
}

/** A step of a tree's life (lib/trees): the tree, its memorial and the day of the step. */
interface TreeStep {
  treeId: number;
  memorialId: number | null;
  /** YYYY-MM-DD, as recorded by the operator. */
  on: string;
}

export interface EventPayloads {
  "memorial.created": {
    awaitingConfirmation: boolean;
    /** The operator's global memorial (rule 4.1.3). */
    global?: boolean;
    /** The base of the memorial's address in webhooks (APP_URL, else the request's host). */
    linkBase?: string;
    /** Awaiting its family: what the confirmation e-mail needs (lib/mail/confirmation-consumer.ts). */
    confirmation?: ConfirmationRequest;
  };
  "tree.planted": {
    treeId: number;
    transactionId: number;
    speciesId: number;
    linkBase?: string;
    /** Planted from the planting queue (lib/plantings/planting-queue.ts). */
    queuedPlantingId?: number;
    /** A visitor's tree (absent: the operator's), and the visitor's planting. */
    origin?: "visitor_code" | "visitor_payment";
    visitorPlantingId?: number;
  };
  "memorial.confirmed": Record<string, never>;
  /** A person's data (an address and what went with it) erased on the memorial by staff. */
  "memorial.personal_data_erased": Record<string, never>;
  /**
   * Closed as not confirmed: its link expired, or its family declined. Its waiting tree
   * was not planted and nothing charged ("credit"), or planted (treeId, null while it waits for
   * stock) in the operator's global memorial (globalMemorialId).
   */
  "memorial.expired": {
    reason: "expired" | "declined";
    outcome: "credit" | "global";
    treeId: number | null;
    globalMemorialId: number | null;
  };
  "person.modified": { personId: number; titlesUpdated: boolean };
  "confirmation.resent": { confirmation: ConfirmationRequest };
  "key.revoked": { keyId: number };
  "memorial.hidden": ActedBy;
  "memorial.shown": ActedBy;
  "memorial.anonymised": ActedBy;
  "memorial.unanonymised": ActedBy;
  "memorial.title_changed": ActedBy & { anonymousTitle: "name" | "initials" };
  "message.hidden": ActedBy & { treeId: number };
  "message.shown": ActedBy & { treeId: number };
  "memorial.privacy_changed": ActedBy & { privacy: PrivacyLevel; previousPrivacy: PrivacyLevel | null };
  "memorial.taken_down": ActedBy;
  "memorial.restored": ActedBy;
  "memorial.erasure_requested": ActedBy;
  "memorial.erasure_cancelled": ActedBy;
  "memorial.erased": ActedBy;
  "manage_link.sent": { by: "operator"; userId?: number; manage: ManageLinkRequest };
  "planting.queued": { queuedPlantingId: number; replacesTreeId?: number };
  "tree.in_ground": TreeStep & { latitude: number; longitude: number; photoKey: string | null };
  "tree.checked": TreeStep & { health: TreeHealth; heightCm: number | null; photoKey: string | null };
  "tree.died": TreeStep & { reason: DeathReason; replacementDue: boolean };
  "tree.replaced": TreeStep & { replacementTreeId: number; speciesId: number; plantationId: number };
  "guestbook.entry_received": { entryId: number; status: "published" | "pending" };
  "guestbook.entry_published": { entryId: number; by: "family" | "operator" | null; userId?: number };
  "guestbook.entry_hidden": { entryId: number } & ActedBy;
  "guestbook.entry_deleted": { entryId: number } & ActedBy;
  /** Its author withdrew it with the link e-mailed to them: by nobody of the family or the operator. */
  "guestbook.entry_withdrawn": { entryId: number };
  "memorial.guestbook_mode_changed": ActedBy & { mode: GuestbookMode; previousMode: GuestbookMode };
  /** The operator's trees moved from one of its memorials to another (mergeId: by a merge). */
  "tree.moved": { treeIds: number[]; fromMemorialId: number; toMemorialId: number; mergeId: number | null };
  /**
   * Memorial mergedMemorialId was merged into keptMemorialId (the event's memorialId):
   * its trees (treeIds), guestbook, subscriptions and waiting plantings moved; its address answers
   * 301 to the kept one's. by: the dashboard user's e-mail, or "cli".
   */
  "memorial.merged": MergePayload & { linkBase?: string };
  /** A merge undone: what it moved is back in mergedMemorialId (the event's memorialId). */
  "memorial.unmerged": MergePayload;
  /** The memorial's ceremony set for the first time, or set again after its cancellation. */
  "ceremony.scheduled": CeremonyPayload;
  /** A detail of the ceremony changed; previousStartsAt: where it was before when it was moved. */
  "ceremony.changed": CeremonyPayload & { previousStartsAt: string | null; fields: string[] };
  "ceremony.cancelled": CeremonyPayload;
  /** A visitor shared a photo of the memorial: it waits for the family's approval. */
  "photo.shared": { photoId: number };
  /** The family or the operator published a visitor's photo in the memorial's gallery. */
  "photo.published": ActedBy & { photoId: number };
  /** The family or the operator removed a visitor's photo (waiting or published); its files are gone. */
  "photo.removed": ActedBy & { photoId: number; wasPublished: boolean };
}

/** What every event of a memorial's ceremony carries (lib/ceremonies). */
export interface CeremonyPayload {
  ceremonyId: number;
  /** The start, an instant in ISO 8601 UTC. */
  startsAt: string;
  /** The IANA time zone the start is set and shown in. */
  timeZone: string;
  /** The calendar file's SEQUENCE after the change. */
  sequence: number;
}

export type EventType = keyof EventPayloads;

/** What a merge of duplicate memorials (or its undo) moved, for its events. */
export interface MergePayload {
  mergeId: number;
  keptMemorialId: number;
  mergedMemorialId: number;
  treeIds: number[];
  guestbookEntries: number;
  subscriptions: number;
  by: string;
}

/** What is stored of a payload: the recorded one, and the other memorials it concerns. */
export type StoredPayload<T extends EventType> = EventPayloads[T] & { memorialIds?: number[] };
