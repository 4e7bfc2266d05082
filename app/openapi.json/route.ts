import { openApiDocument } from "@memorial/lib/v1/openapi";

// GET /openapi.json: the OpenAPI 3.1 document of /v1, generated from the code's zod schemas
export function GET() {
  return new Response(JSON.stringify(openApiDocument()), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "public, max-age=300",
      "access-control-allow-origin": "*",
    },
  });
}
