// Every /v1 path no other route file serves: the JSON 404 for every method (contract.md, "Base
// address and routing"), never Next.js's HTML page.
import { noEndpoint } from "@memorial/lib/v1/routes";

export const dynamic = "force-dynamic";
export const GET = noEndpoint;
export const HEAD = noEndpoint;
export const POST = noEndpoint;
export const PUT = noEndpoint;
export const DELETE = noEndpoint;
export const PATCH = noEndpoint;
