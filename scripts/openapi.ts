// npm run docs:openapi: prints the OpenAPI 3.1 document of /v1 (the one the service serves at
// /openapi.json) without starting anything, e.g. `npm run -s docs:openapi > openapi.json` for a
// client generator.
import { buildOpenApiDocument } from "@memorial/lib/v1/openapi";

process.stdout.write(`${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`);
