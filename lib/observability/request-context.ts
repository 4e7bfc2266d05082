// What is known of the request being served, for its log line and its traces: its id, its route
// template and, once the code that authenticates it knows, the operator. Carried by the one
// context of the work in progress (lib/work-context.ts): the server that opens it and the pages
// Next.js renders inside it import that one module (docs/architecture.md, "One module graph").
import { currentWork, type RequestContext, runForRequest } from "@memorial/lib/work-context";

export type { RequestContext };

/** Runs `work` (the serving of one request) with its context. */
export function withRequestContext<T>(context: RequestContext, work: () => T): T {
  return runForRequest(context, work);
}

/** The context of the request being served, if any. */
export function currentRequest(): RequestContext | undefined {
  return currentWork()?.request;
}

/** Says which operator the request acts for (its API key or its dashboard session). */
export function noteOperator(operatorId: number): void {
  const context = currentWork()?.request;
  if (context) context.operatorId = operatorId;
}

/** Says which client the request comes from (the audit log keeps its hash). */
export function noteClient(client: string): void {
  const context = currentWork()?.request;
  if (context) context.client = client;
}
