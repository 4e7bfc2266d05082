// The typed event map (lib/events/payloads.ts) bites at the type check (`npm run typecheck`, part
// of `npm test`): each `@ts-expect-error` below is a mistake the map must refuse; were the payloads
// untyped again, the directives would be unused and the type check would fail on them.
import { expect, it } from "vitest";
import type { StoredEvent, StoredEventOf } from "./dispatcher";
import { EVENT_TYPES } from "./event-types";
import type { NewDomainEvent } from "./events";

it("refuses, at the type check, a payload that is not its type's", () => {
  const right: NewDomainEvent = { type: "key.revoked", operatorId: 1, isTest: false, payload: { keyId: 3 } };
  const wrongField: NewDomainEvent = {
    type: "key.revoked",
    operatorId: 1,
    isTest: false,
    // @ts-expect-error key.revoked carries the key's id, not a tree's
    payload: { treeId: 3 },
  };
  const incomplete: NewDomainEvent = {
    type: "tree.in_ground",
    operatorId: 1,
    isTest: false,
    memorialId: 2,
    // @ts-expect-error a tree in the ground has its point (latitude, longitude)
    payload: { treeId: 1, memorialId: 2, on: "2026-11-26", photoKey: null },
  };
  expect([right, wrongField, incomplete].map((event) => event.type)).toEqual([
    "key.revoked",
    "key.revoked",
    "tree.in_ground",
  ]);
});

it("gives a consumer the payload of the type it narrowed to, and nothing else", () => {
  const reasonOf = (event: StoredEvent) => (event.type === "tree.died" ? event.payload.reason : null);
  // @ts-expect-error a death has a reason, not a cause: a consumer reading a field that is not there fails
  const causeOf = (event: StoredEventOf<"tree.died">) => event.payload.cause;
  const died: StoredEventOf<"tree.died"> = {
    id: 1n,
    type: "tree.died",
    operatorId: 1,
    memorialId: 2,
    isTest: false,
    createdAt: new Date(),
    payload: { treeId: 5, memorialId: 2, on: "2026-11-26", reason: "drought", replacementDue: true },
  };
  expect(reasonOf(died)).toBe("drought");
  expect(causeOf(died)).toBeUndefined();
  expect(EVENT_TYPES).toContain("tree.died");
});
