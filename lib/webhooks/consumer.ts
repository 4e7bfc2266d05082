// The webhook consumer of the domain events: for each event an endpoint can receive, one
// delivery per matching endpoint, in the dispatcher's transaction (so exactly once per event and
// endpoint; the unique (endpoint_id, event_id) holds it even if an event were handed twice).
// Matching endpoints are the event's operator's own (never another operator's), of the event's
// environment (a test key's event goes to test endpoints only, a live event to live ones only),
// that chose the event's type. The body is written now, in the Standard Webhooks shape
// {type, timestamp, data}; the sender (sender.ts) signs and sends it, and retries.
import { randomBytes } from "node:crypto";
import type { Tx } from "@/lib/db/client";
import type { StoredEvent } from "@/lib/events/dispatcher";
import { memorialUrl } from "@/lib/links";
import { displayTitle, memorialsVisibleTo, PUBLIC, TITLE_SELECT } from "@/lib/memorials/policy";
import { environmentOf } from "@/lib/scope";
import { settings } from "@/lib/settings";
import { treePhotoUrl } from "@/lib/trees/photo-url";
import { isWebhookEvent, type WebhookEventType } from "./endpoints";

export interface WebhookMessage {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

export async function webhookConsumer(tx: Tx, event: StoredEvent): Promise<void> {
  const type = event.type;
  if (!isWebhookEvent(type)) return;
  const endpoints = await tx.$queryRaw<{ id: number }[]>`
    SELECT "id" FROM "webhook_endpoint"
    WHERE "operator_id" = ${event.operatorId} AND "is_test" = ${event.isTest} AND "disabled_at" IS NULL
      AND ${event.type}::varchar = ANY("events")
    ORDER BY "id"`;
  if (endpoints.length === 0) return;
  const message: WebhookMessage = {
    type,
    timestamp: new Date(event.createdAt).toISOString(),
    data: await dataOf(tx, event, type),
  };
  const payload = JSON.stringify(message);
  for (const endpoint of endpoints) {
    await tx.$executeRaw`
      INSERT INTO "webhook_delivery" ("endpoint_id", "event_id", "message_id", "event_type", "payload")
      VALUES (${endpoint.id}, ${event.id}, ${messageId()}, ${event.type}, ${payload}::jsonb)
      ON CONFLICT ("endpoint_id", "event_id") DO NOTHING`;
  }
}

/** A privacy level of an event's payload (memorial.privacy_changed). */
const privacyLevel = (value: unknown) => (value === "link_only" || value === "hidden" ? value : "public");

/** The webhook-id: random, so that it says nothing of the service's volume; stable across retries. */
const messageId = () => `msg_${randomBytes(18).toString("base64url")}`;

/** What each event tells: ids the operator knows from the API, and the memorial's public address. */
async function dataOf(tx: Tx, event: StoredEvent, type: WebhookEventType): Promise<Record<string, unknown>> {
  const environment = environmentOf(event.isTest);
  const p = event.payload;
  const num = (value: unknown) => (typeof value === "number" ? value : null);
  switch (type) {
    case "memorial.created":
      return {
        memorialId: event.memorialId,
        awaitingConfirmation: p.awaitingConfirmation === true,
        global: p.global === true,
        memorialUrl: await publicUrl(tx, event),
        environment,
      };
    case "tree.planted":
      return {
        memorialId: event.memorialId,
        treeId: num(p.treeId),
        transactionId: num(p.transactionId),
        speciesId: num(p.speciesId),
        memorialUrl: await publicUrl(tx, event),
        environment,
      };
    case "memorial.confirmed":
      return { memorialId: event.memorialId, memorialUrl: await publicUrl(tx, event), environment };
    // The family's controls (or the operator's own change of them): who acted, what the memorial
    // is now called and where the public finds it (null while hidden: never an address that
    // answers 404). A message's event names its tree.
    case "memorial.hidden":
    case "memorial.shown":
    case "memorial.anonymised":
    case "memorial.unanonymised":
    case "memorial.title_changed":
    case "message.hidden":
    case "message.shown":
    case "memorial.privacy_changed":
      return {
        memorialId: event.memorialId,
        ...(type.startsWith("message.") ? { treeId: num(p.treeId) } : {}),
        by: p.by === "family" ? "family" : "operator",
        ...(type === "memorial.title_changed"
          ? { anonymousTitle: p.anonymousTitle === "initials" ? "initials" : "name" }
          : {}),
        ...(type === "memorial.privacy_changed"
          ? { privacy: privacyLevel(p.privacy), previousPrivacy: privacyLevel(p.previousPrivacy) }
          : {}),
        memorialTitle: await titleOf(tx, event),
        memorialUrl: await publicUrl(tx, event),
        environment,
      };
    // A tree's life (lib/trees): the tree, the day of the step and what was recorded.
    case "tree.in_ground":
    case "tree.checked":
    case "tree.died":
    case "tree.replaced": {
      const common = {
        memorialId: event.memorialId,
        treeId: num(p.treeId),
        date: typeof p.on === "string" ? p.on : null,
        memorialUrl: await publicUrl(tx, event),
        environment,
      };
      const photo = async () =>
        typeof p.photoKey === "string" ? treePhotoUrl(p.photoKey, await baseOf(tx, event)) : null;
      if (type === "tree.in_ground") {
        return { ...common, latitude: p.latitude, longitude: p.longitude, photoUrl: await photo() };
      }
      if (type === "tree.checked") {
        return { ...common, health: p.health, heightCm: num(p.heightCm), photoUrl: await photo() };
      }
      if (type === "tree.died")
        return { ...common, reason: p.reason, replacementDue: p.replacementDue === true };
      return { ...common, replacementTreeId: num(p.replacementTreeId) };
    }
    // The guestbook (lib/guestbook): the message's id and what became of it, never its words.
    case "guestbook.entry_received":
    case "guestbook.entry_published":
    case "guestbook.entry_hidden":
    case "guestbook.entry_deleted": {
      const common = {
        memorialId: event.memorialId,
        entryId: num(p.entryId),
        memorialUrl: await publicUrl(tx, event),
        environment,
      };
      if (type === "guestbook.entry_received")
        return { ...common, status: p.status === "published" ? "published" : "pending" };
      if (type === "guestbook.entry_published")
        return { ...common, by: p.by === "family" || p.by === "operator" ? p.by : null };
      return { ...common, by: p.by === "family" ? "family" : "operator" };
    }
    case "memorial.guestbook_mode_changed":
      return {
        memorialId: event.memorialId,
        mode: p.mode,
        by: p.by === "family" ? "family" : "operator",
        memorialUrl: await publicUrl(tx, event),
        environment,
      };
    case "person.modified":
      // The person is the operator's own (only its creator can modify it), and so are its memorials.
      return {
        personId: num(p.personId),
        memorialIds: Array.isArray(p.memorialIds) ? p.memorialIds.filter((id) => typeof id === "number") : [],
        titlesUpdated: p.titlesUpdated === true,
        environment,
      };
  }
}

/**
 * The memorial's public address, or null while the public may not see it (the policy's
 * memorialsVisibleTo: awaiting its family, made with a test key, or hidden by its family), so that
 * a webhook never carries an address that answers 404 when it is written. The base is APP_URL;
 * else the address the request came to, carried by the event (or by the memorial's nearest event
 * that carries one: the confirmation page's request does not, the creation's did); else
 * http://localhost:PORT.
 */
async function publicUrl(tx: Tx, event: StoredEvent): Promise<string | null> {
  if (event.memorialId === null) return null;
  const memorial = await tx.memorial.findFirst({
    where: { AND: [{ id: event.memorialId }, memorialsVisibleTo(PUBLIC)] },
    select: { id: true, language: true },
  });
  if (!memorial) return null;
  return memorialUrl(await baseOf(tx, event), memorial);
}

/** What the memorial is called now, as people read it (the policy's displayTitle). */
async function titleOf(tx: Tx, event: StoredEvent): Promise<string | null> {
  if (event.memorialId === null) return null;
  const memorial = await tx.memorial.findUnique({ where: { id: event.memorialId }, select: TITLE_SELECT });
  return memorial ? displayTitle(memorial) : null;
}

/** The base of the links the service writes for an event (also the family e-mails'): see publicUrl. */
export async function baseOf(tx: Tx, event: StoredEvent): Promise<string> {
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

function linkBaseIn(payload: Record<string, unknown>): string | null {
  const confirmation = payload.confirmation as { linkBase?: unknown } | undefined;
  const base = payload.linkBase ?? confirmation?.linkBase;
  return typeof base === "string" && /^https?:\/\//.test(base) ? base.replace(/\/+$/, "") : null;
}
