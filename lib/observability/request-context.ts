// What is known of the request being served, for its log line and its traces: its id, its route
// template and, once the code that authenticates it knows, the operator. One AsyncLocalStorage per
// process (lib/singleton.ts), so the copies of lib/ in Next.js's bundle and in the server's own
// module graph write into the same request's context.
import { AsyncLocalStorage } from "node:async_hooks";
import { processSingleton } from "@memorial/lib/singleton";

export interface RequestContext {
  requestId: string;
  route: string;
  operatorId?: number;
}

const storage = processSingleton("requestContext", () => new AsyncLocalStorage<RequestContext>());

/** Runs `work` (the serving of one request) with its context. */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the request being served, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Says which operator the request acts for (its API key or its dashboard session). */
export function noteOperator(operatorId: number): void {
  const context = storage.getStore();
  if (context) context.operatorId = operatorId;
}
