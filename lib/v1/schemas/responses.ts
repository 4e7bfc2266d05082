// The v1 response objects as zod schemas: the serializers' return types are inferred from them
// (so a serializer cannot add, drop or retype a field without the type check failing), and the
// OpenAPI document (lib/v1/openapi.ts) is generated from them. Objects are strict: the document
// says `additionalProperties: false`, so the contract test (e2e/api/contract.spec.ts) catches any
// field that reaches the wire without being documented.
//
// One file per resource, re-exported here in the order they were written: the
// OpenAPI document lists the schemas in the order they are defined, and stays byte-identical.

export * from "./responses-catalogue";
export * from "./responses-common";
export * from "./responses-contexts";
export * from "./responses-infos";
export * from "./responses-memorials";
export * from "./responses-reports";
export * from "./responses-transactions";
export * from "./responses-tree-life";
