// What is known of the request being served, for its log line and its traces: its id, its route
// template and, once the code that authenticates it knows, the operator. One AsyncLocalStorage per
// process: the server that opens the context and the pages Next.js renders inside it import this
// one module (docs/architecture.md, "One module graph").
import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
  route: string;
  operatorId?: number;
  /** The client's address as the limits count it (lib/auth/client-address.ts), once known. */
  client?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

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

/** Says which client the request comes from (the audit log keeps its hash). */
export function noteClient(client: string): void {
  const context = storage.getStore();
  if (context) context.client = client;
}
