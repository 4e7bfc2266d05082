// A funeral home's chain of contexts has one definition (lib/operators/context-chain.ts)
// with its depth limit stated once (CONTEXT_CHAIN_DEPTH). Every reader gets the same answer for a
// chain deeper than two levels, and for one linked deeper than the limit by hand: the chain itself
// (loadChain, the planting and the reports), its ids per kind (chainIdsOf, the transactions), the
// privacy that applies to a memorial (effectivePrivacySql: the public pages and the search) and the
// memorials that follow a context's default (setContextDefaultPrivacy).
import { db } from "@memorial/lib/db/client";
import { memorialPrivacy } from "@memorial/lib/memorials/privacy";
import { searchMemorials } from "@memorial/lib/memorials/search";
import {
  CONTEXT_CHAIN_DEPTH,
  chainIdsOf,
  loadChain,
  memorialsFollowingContext,
} from "@memorial/lib/operators/contexts";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { beforeAll, describe, expect, it } from "vitest";
import { makeContext, makeIsolatedOperator, unique } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

let operatorId: number;
let group: number;
let epf: number;
let agency: number;
let memorialId: number;
const lastName = unique("Chainname").replace(/[^A-Za-z]/g, "");

/** What every reader says of the agency's chain and of the memorial planted in it. */
async function readers() {
  const chain = await loadChain(db, operatorId, agency);
  const ids = (await chainIdsOf(operatorId, [agency])).get(agency) ?? {};
  const privacy = await memorialPrivacy(memorialId);
  const found = (await searchMemorials({ text: lastName, date: null, page: 1 })).hits.map((hit) => hit.id);
  const contexts = await db.context.findMany({ where: { operatorId }, select: { id: true } });
  const following: number[] = [];
  for (const { id } of contexts) {
    if ((await memorialsFollowingContext(id)).includes(memorialId)) following.push(id);
  }
  return {
    chain: chain.map((node) => node.id),
    ids: Object.values(ids).sort((a, b) => a - b),
    following: following.sort((a, b) => a - b),
    privacy: privacy?.level,
    searchable: found.includes(memorialId),
  };
}

/** Every reader agrees on `chain` (most specific first) and on a public, searchable memorial. */
async function expectPublicChain(chain: number[]) {
  const sorted = [...chain].sort((a, b) => a - b);
  expect(await readers()).toEqual({
    chain,
    ids: sorted,
    following: sorted,
    privacy: "public",
    searchable: true,
  });
}

beforeAll(async () => {
  const op = await makeIsolatedOperator({ stock: 5 });
  operatorId = op.operatorId;
  group = (await makeContext(operatorId, "GroupeEpf")).id;
  epf = (await makeContext(operatorId, "Epf", group)).id;
  agency = (await makeContext(operatorId, "EpfAgence", epf)).id;
  const caller = (await authenticateKey(op.key)) as Caller;
  ({ memorialId } = await fixtureMemorial(
    caller,
    plantingCommand(newMemorialTarget({ deceased: { lastName } }), {
      context: { EpfAgence: agency },
    }),
    "http://localhost:3000",
  ));
});

describe("a chain of contexts, read by every reader", () => {
  it("is three levels deep along the longest line of the hierarchy", () => {
    expect(CONTEXT_CHAIN_DEPTH).toBe(3);
  });

  it("gives the same chain and the same privacy everywhere, the default set three levels up", async () => {
    expect((await db.memorial.findUniqueOrThrow({ where: { id: memorialId } })).contextId).toBe(agency);
    await expectPublicChain([agency, epf, group]);
    await db.context.update({ where: { id: group }, data: { defaultPrivacy: "link_only" } });
    expect(await readers()).toMatchObject({
      chain: [agency, epf, group],
      privacy: "link_only",
      searchable: false,
    });
    // The nearest default wins.
    await db.context.update({ where: { id: epf }, data: { defaultPrivacy: "public" } });
    expect(await readers()).toMatchObject({ privacy: "public", searchable: true });
    await db.context.update({ where: { id: epf }, data: { defaultPrivacy: null } });
    await db.context.update({ where: { id: group }, data: { defaultPrivacy: null } });
  });

  it("stops at the depth limit in every reader, for a chain linked deeper by hand", async () => {
    // No use case makes a fourth level (createContext checks the kinds); a row linked by hand is
    // still read alike everywhere: cut at CONTEXT_CHAIN_DEPTH.
    const outer = (await makeContext(operatorId, "GroupeEpf")).id;
    await db.context.update({ where: { id: outer }, data: { defaultPrivacy: "link_only" } });
    await db.context.update({ where: { id: group }, data: { parentId: outer } });
    try {
      await expectPublicChain([agency, epf, group]);
    } finally {
      await db.context.update({ where: { id: group }, data: { parentId: null } });
    }
  });

  it("never crosses to another operator's context", async () => {
    const other = await makeIsolatedOperator({ stock: 1 });
    const foreign = (await makeContext(other.operatorId, "GroupeEpf")).id;
    await db.context.update({ where: { id: foreign }, data: { defaultPrivacy: "link_only" } });
    // The funeral home's parent is another operator's group, whose default would apply at level 3.
    await db.context.update({ where: { id: epf }, data: { parentId: foreign } });
    try {
      await expectPublicChain([agency, epf]);
      expect(await loadChain(db, other.operatorId, agency)).toEqual([]);
    } finally {
      await db.context.update({ where: { id: epf }, data: { parentId: group } });
    }
  });
});
