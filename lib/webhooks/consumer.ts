// The webhook consumer of the domain events: for each event an endpoint can receive, one
// delivery per matching endpoint, in the dispatcher's transaction (so exactly once per event and
// endpoint; the unique (endpoint_id, event_id) holds it even if an event were handed twice).
// Matching endpoints are the event's operator's own (never another operator's), of the event's
// environment (a test key's event goes to test endpoints only, a live event to live ones only),
// that chose the event's type. The body is written now, in the Standard Webhooks shape
// {type, timestamp, data}; the sender (sender.ts) signs and sends it, and retries.
import { randomBytes } from "node:crypto";
import type { Tx } from "@memorial/lib/db/client";
import type { StoredEvent, StoredEventOf } from "@memorial/lib/events/dispatcher";
import type { FAMILY_CONTROL_EVENTS } from "@memorial/lib/events/family-control-events";
import type { GuestbookEvent } from "@memorial/lib/events/guestbook-events";
import type { TreeLifeEvent } from "@memorial/lib/events/tree-life-events";
import { memorialUrl } from "@memorial/lib/links";
import { displayTitle, memorialsVisibleTo, PUBLIC, TITLE_SELECT } from "@memorial/lib/memorials/policy";
import { environmentOf } from "@memorial/lib/scope";
import { settings } from "@memorial/lib/settings";
import { treePhotoUrl } from "@memorial/lib/trees/photo-url";
import { isWebhookEvent, type WebhookEventType } from "./endpoints";
import type { WebhookData } from "./schemas";

interface WebhookMessage {
  type: WebhookEventType;
  timestamp: string;
  data: WebhookData<WebhookEventType>;
}

export async function webhookConsumer(tx: Tx, event: StoredEvent): Promise<void> {
  if (!isWebhookStoredEvent(event)) return;
  // At most one row per endpoint and type (the primary key of webhook_endpoint_event).
  const endpoints = await tx.$queryRaw<{ id: number }[]>`
    SELECT e."id" FROM "webhook_endpoint" e
      JOIN "webhook_endpoint_event" chosen
        ON chosen."endpoint_id" = e."id" AND chosen."event_type" = ${event.type}::varchar
    WHERE e."operator_id" = ${event.operatorId} AND e."is_test" = ${event.isTest} AND e."disabled_at" IS NULL
    ORDER BY e."id"`;
  if (endpoints.length === 0) return;
  const message: WebhookMessage = {
    type: event.type,
    timestamp: new Date(event.createdAt).toISOString(),
    data: await dataOf(tx, event),
  };
  const payload = JSON.stringify(message);
  for (const endpoint of endpoints) {
    await tx.$executeRaw`
      INSERT INTO "webhook_delivery" ("endpoint_id", "event_id", "message_id", "event_type", "payload")
      VALUES (${endpoint.id}, ${event.id}, ${messageId()}, ${event.type}, ${payload}::jsonb)
      ON CONFLICT ("endpoint_id", "event_id") DO NOTHING`;
  }
}

type WebhookStoredEvent = { [T in WebhookEventType]: StoredEventOf<T> }[WebhookEventType];

const isWebhookStoredEvent = (event: StoredEvent): event is WebhookStoredEvent => isWebhookEvent(event.type);

/** The webhook-id: random, so that it says nothing of the service's volume; stable across retries. */
const messageId = () => `msg_${randomBytes(18).toString("base64url")}`;

/** Builds type T's documented `data` (lib/webhooks/schemas.ts) from T's stored payload. */
type Builder<T extends WebhookEventType> = (tx: Tx, event: StoredEventOf<T>) => Promise<WebhookData<T>>;

/** What each event tells: ids the operator knows from the API, and the memorial's public address. */
function dataOf<T extends WebhookEventType>(tx: Tx, event: StoredEventOf<T>): Promise<WebhookData<T>> {
  return (BUILDERS[event.type] as Builder<T>)(tx, event);
}

/** The memorial of an event about one (all but person.modified): a bug if missing. */
function memorialOf(event: { id: bigint; type: string; memorialId: number | null }): number {
  if (event.memorialId === null) throw new Error(`event ${event.id} (${event.type}) names no memorial`);
  return event.memorialId;
}

/** What every event about a memorial carries. */
async function aboutMemorial(tx: Tx, event: StoredEventOf<WebhookEventType>) {
  return {
    memorialId: memorialOf(event),
    memorialUrl: await publicUrl(tx, event),
    environment: environmentOf(event.isTest),
  };
}

// The family's controls (or the operator's own change of them): who acted, what the memorial is
// now called and where the public finds it (null while hidden: never an address that answers 404).
async function familyChange(tx: Tx, event: StoredEventOf<(typeof FAMILY_CONTROL_EVENTS)[number]>) {
  return {
    ...(await aboutMemorial(tx, event)),
    by: event.payload.by,
    memorialTitle: await titleOf(tx, event),
  };
}

// A message the family hid or showed again: which tree's.
async function messageChange(tx: Tx, event: StoredEventOf<"message.hidden" | "message.shown">) {
  return { ...(await familyChange(tx, event)), treeId: event.payload.treeId };
}

// A tree's life (lib/trees): the tree, the day of the step and what was recorded.
async function treeStep(tx: Tx, event: StoredEventOf<TreeLifeEvent>) {
  return { ...(await aboutMemorial(tx, event)), treeId: event.payload.treeId, date: event.payload.on };
}

async function stepPhoto(tx: Tx, event: StoredEventOf<"tree.in_ground" | "tree.checked">) {
  const key = event.payload.photoKey;
  return key ? treePhotoUrl(key, await baseOf(tx, event)) : null;
}

// The guestbook (lib/guestbook): the message's id and what became of it, never its words.
async function guestbookEntry(
  tx: Tx,
  event: StoredEventOf<Exclude<GuestbookEvent, "memorial.guestbook_mode_changed">>,
) {
  return { ...(await aboutMemorial(tx, event)), entryId: event.payload.entryId };
}

// A guestbook message hidden or deleted: by whom. (A published one may be by nobody: received in
// an open guestbook.)
async function guestbookDecision(
  tx: Tx,
  event: StoredEventOf<"guestbook.entry_hidden" | "guestbook.entry_deleted">,
) {
  return { ...(await guestbookEntry(tx, event)), by: event.payload.by };
}

/** One builder per webhook event type: a type without one, or a payload it does not read, fails the type check. */
const BUILDERS: { [T in WebhookEventType]: Builder<T> } = {
  "memorial.created": async (tx, event) => ({
    ...(await aboutMemorial(tx, event)),
    awaitingConfirmation: event.payload.awaitingConfirmation,
    global: event.payload.global === true,
  }),
  "tree.planted": async (tx, event) => ({
    ...(await aboutMemorial(tx, event)),
    treeId: event.payload.treeId,
    transactionId: event.payload.transactionId,
    speciesId: event.payload.speciesId,
    origin: event.payload.origin ?? "partner",
  }),
  "memorial.confirmed": (tx, event) => aboutMemorial(tx, event),
  "memorial.expired": async (tx, event) => ({
    ...(await aboutMemorial(tx, event)),
    reason: event.payload.reason,
    outcome: event.payload.outcome,
    treeId: event.payload.treeId,
    globalMemorialId: event.payload.globalMemorialId,
  }),
  // The person is the operator's own (only its creator can modify it), and so are its memorials.
  "person.modified": async (_tx, event) => ({
    personId: event.payload.personId,
    memorialIds: event.payload.memorialIds ?? [],
    titlesUpdated: event.payload.titlesUpdated,
    environment: environmentOf(event.isTest),
  }),
  "memorial.hidden": familyChange,
  "memorial.shown": familyChange,
  "memorial.anonymised": familyChange,
  "memorial.unanonymised": familyChange,
  "memorial.taken_down": familyChange,
  "memorial.restored": familyChange,
  "memorial.erasure_requested": familyChange,
  "memorial.erasure_cancelled": familyChange,
  "memorial.erased": familyChange,
  "memorial.title_changed": async (tx, event) => ({
    ...(await familyChange(tx, event)),
    anonymousTitle: event.payload.anonymousTitle,
  }),
  "message.hidden": messageChange,
  "message.shown": messageChange,
  "memorial.privacy_changed": async (tx, event) => ({
    ...(await familyChange(tx, event)),
    privacy: event.payload.privacy,
    // Before the family's first choice, the level was the funeral home's default: public.
    previousPrivacy: event.payload.previousPrivacy ?? "public",
  }),
  "tree.in_ground": async (tx, event) => ({
    ...(await treeStep(tx, event)),
    latitude: event.payload.latitude,
    longitude: event.payload.longitude,
    photoUrl: await stepPhoto(tx, event),
  }),
  "tree.checked": async (tx, event) => ({
    ...(await treeStep(tx, event)),
    health: event.payload.health,
    heightCm: event.payload.heightCm,
    photoUrl: await stepPhoto(tx, event),
  }),
  "tree.died": async (tx, event) => ({
    ...(await treeStep(tx, event)),
    reason: event.payload.reason,
    replacementDue: event.payload.replacementDue,
  }),
  "tree.replaced": async (tx, event) => ({
    ...(await treeStep(tx, event)),
    replacementTreeId: event.payload.replacementTreeId,
  }),
  "guestbook.entry_received": async (tx, event) => ({
    ...(await guestbookEntry(tx, event)),
    status: event.payload.status,
  }),
  "guestbook.entry_published": async (tx, event) => ({
    ...(await guestbookEntry(tx, event)),
    by: event.payload.by,
  }),
  "guestbook.entry_hidden": guestbookDecision,
  "guestbook.entry_deleted": guestbookDecision,
  "guestbook.entry_withdrawn": guestbookEntry,
  "memorial.guestbook_mode_changed": async (tx, event) => ({
    ...(await aboutMemorial(tx, event)),
    mode: event.payload.mode,
    by: event.payload.by,
  }),
  "tree.moved": async (tx, event) => ({
    ...(await aboutMemorial(tx, event)),
    treeIds: event.payload.treeIds,
    fromMemorialId: event.payload.fromMemorialId,
    toMemorialId: event.payload.toMemorialId,
    mergeId: event.payload.mergeId,
  }),
  "memorial.merged": mergeChange,
  "memorial.unmerged": mergeChange,
  "memorial.personal_data_erased": aboutMemorial,
  "ceremony.scheduled": ceremonyChange,
  "ceremony.changed": async (tx, event) => ({
    ...(await ceremonyChange(tx, event)),
    previousStart: event.payload.previousStartsAt,
    fields: event.payload.fields as WebhookData<"ceremony.changed">["fields"],
  }),
  "ceremony.cancelled": ceremonyChange,
  "photo.published": async (tx, event) => ({
    ...(await aboutMemorial(tx, event)),
    photoId: event.payload.photoId,
    by: event.payload.by,
  }),
};

/** What partners hear of a ceremony's change. */
async function ceremonyChange(
  tx: Tx,
  event: StoredEventOf<"ceremony.scheduled" | "ceremony.changed" | "ceremony.cancelled">,
) {
  return {
    ...(await aboutMemorial(tx, event)),
    start: event.payload.startsAt,
    timeZone: event.payload.timeZone,
    sequence: event.payload.sequence,
  };
}

/** What partners hear of a merge and of its undo. */
async function mergeChange(tx: Tx, event: StoredEventOf<"memorial.merged" | "memorial.unmerged">) {
  return {
    ...(await aboutMemorial(tx, event)),
    mergeId: event.payload.mergeId,
    keptMemorialId: event.payload.keptMemorialId,
    mergedMemorialId: event.payload.mergedMemorialId,
    treeIds: event.payload.treeIds,
  };
}

/** What the links of an event need: its memorial, and the link base its payload may carry. */
type EventOfMemorial = Pick<StoredEvent, "id" | "memorialId" | "payload">;

/**
 * The memorial's public address, or null while the public may not see it (the policy's
 * memorialsVisibleTo: awaiting its family, made with a test key, or hidden by its family), so that
 * a webhook never carries an address that answers 404 when it is written. The base is APP_URL;
 * else the address the request came to, carried by the event (or by the memorial's nearest event
 * that carries one: the confirmation page's request does not, the creation's did); else
 * http://localhost:PORT.
 */
async function publicUrl(tx: Tx, event: EventOfMemorial): Promise<string | null> {
  if (event.memorialId === null) return null;
  const memorial = await tx.memorial.findFirst({
    where: { AND: [{ id: event.memorialId }, memorialsVisibleTo(PUBLIC)] },
    select: { id: true, language: true },
  });
  if (!memorial) return null;
  return memorialUrl(await baseOf(tx, event), memorial);
}

/** What the memorial is called now, as people read it (the policy's displayTitle). */
async function titleOf(tx: Tx, event: EventOfMemorial): Promise<string | null> {
  if (event.memorialId === null) return null;
  const memorial = await tx.memorial.findUnique({ where: { id: event.memorialId }, select: TITLE_SELECT });
  return memorial ? displayTitle(memorial) : null;
}

/** The base of the links the service writes for an event (also the family e-mails'): see publicUrl. */
export async function baseOf(tx: Tx, event: EventOfMemorial): Promise<string> {
  const { APP_URL, PORT } = settings();
  if (APP_URL) return APP_URL;
  const carried = linkBaseIn(event.payload);
  if (carried) return carried;
  const [earlier] = await tx.$queryRaw<{ base: string | null }[]>`
    SELECT COALESCE("payload"->>'linkBase', "payload"->'confirmation'->>'linkBase') AS "base"
    FROM "domain_event"
    WHERE "memorial_id" = ${event.memorialId}
      AND ("payload" ? 'linkBase' OR "payload" ? 'confirmation')
    ORDER BY abs("id" - ${event.id}) LIMIT 1`;
  if (earlier?.base && /^https?:\/\//.test(earlier.base)) return earlier.base.replace(/\/+$/, "");
  return `http://localhost:${PORT}`;
}

function linkBaseIn(stored: object): string | null {
  const payload = stored as { linkBase?: unknown; confirmation?: unknown };
  const confirmation = payload.confirmation as { linkBase?: unknown } | undefined;
  const base = payload.linkBase ?? confirmation?.linkBase;
  return typeof base === "string" && /^https?:\/\//.test(base) ? base.replace(/\/+$/, "") : null;
}
