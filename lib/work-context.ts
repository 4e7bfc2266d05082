// What the work in progress carries through its awaits: the request it serves
// (lib/observability/request-context.ts) and who acts (lib/audit/actor.ts). One AsyncLocalStorage
// for both: on Node.js 20 each one enabled in a process is copied onto every promise the process
// makes, and every await of a request makes one (an await costs about 0.35 µs more for each one
// enabled: docs/performance.md, "The v1 API today").
import { AsyncLocalStorage } from "node:async_hooks";
import type { Actor } from "@memorial/lib/scope";

export interface RequestContext {
  requestId: string;
  route: string;
  operatorId?: number;
  /** The client's address as the limits count it (lib/auth/client-address.ts), once known. */
  client?: string;
}

interface WorkContext {
  request?: RequestContext;
  actor?: Actor;
}

const storage = new AsyncLocalStorage<WorkContext>();

/** Runs `work` (the serving of one request) with its context, and the actor of the work around. */
export function runForRequest<T>(request: RequestContext, work: () => T): T {
  return storage.run({ request, actor: storage.getStore()?.actor }, work);
}

/** Runs `work` as `actor`, within the request of the work around. */
export function runAsActor<T>(actor: Actor, work: () => T): T {
  return storage.run({ request: storage.getStore()?.request, actor }, work);
}

/** What the work in progress carries, if anything. */
export function currentWork(): WorkContext | undefined {
  return storage.getStore();
}
