// The visitors' search of the home page against the real PostgreSQL (accents, case,
// ranking, town, date, paging) and what it must never find (link only, hidden, test, awaiting the
// family, an anonymous memorial by its deceased), and the privacy levels chosen by the family or
// defaulted by the funeral home.
import { actingAs } from "@memorial/lib/audit/actor";
import { db, transaction } from "@memorial/lib/db/client";
import { issueManageToken } from "@memorial/lib/memorials/manage-token";
import { memorialPrivacy } from "@memorial/lib/memorials/privacy";
import { parseSearch, SEARCH_PAGE_SIZE, searchMemorials } from "@memorial/lib/memorials/search";
import { setMemorialPrivacy } from "@memorial/lib/memorials/set-privacy";
import { setContextDefaultPrivacy } from "@memorial/lib/operators/contexts";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_LINE, makeContext, makeIsolatedOperator, searchWord } from "@/e2e/support/factories";
import { awaitingFamilyTarget, newMemorialTarget, plantingCommand } from "./support/commands";
import { fixtureMemorial } from "./support/memorials";

afterAll(() => db.$disconnect());

async function operator() {
  const op = await makeIsolatedOperator({ language: "fr" });
  const epf = await makeContext(op.operatorId, "Epf");
  const caller = (await authenticateKey(op.key)) as Caller;
  const testCaller = (await authenticateKey(op.testKey)) as Caller;
  const plant = async (
    first: string | null,
    last: string,
    options: {
      town?: string;
      death?: string;
      approximate?: boolean;
      anonymousName?: string;
      awaiting?: boolean;
      test?: boolean;
    } = {},
  ) => {
    const deceased = {
      firstName: first,
      lastName: last,
      deathDate: new Date(`${options.death ?? "2026-10-01"}T00:00:00Z`),
      deathDateApproximate: options.approximate ?? false,
    };
    const anonymous = options.anonymousName === undefined ? null : { name: options.anonymousName };
    const target = options.awaiting
      ? awaitingFamilyTarget("family@example.test", { deceased, anonymous })
      : newMemorialTarget({ deceased, anonymous });
    const created = await fixtureMemorial(
      options.test ? testCaller : caller,
      plantingCommand(target, { context: { Epf: epf.id } }),
    );
    if (options.town !== undefined) {
      const memorial = await db.memorial.findUniqueOrThrow({ where: { id: created.memorialId } });
      await db.person.update({ where: { id: memorial.personId! }, data: { placeOfDeath: options.town } });
    }
    return created.memorialId;
  };
  return { op, epf, plant };
}

const search = async (q: string, date: string | null = null, page = 1) =>
  (await searchMemorials({ text: q, date, page })).hits.map((hit) => hit.id);

/** The family of `memorialId` chooses on its management page: they act. */
const asFamily = <T>(memorialId: number, work: () => Promise<T>) =>
  actingAs({ kind: "family", memorialId }, work);

const familyToken = (memorialId: number) =>
  transaction(async (tx) => (await issueManageToken(tx, memorialId)).token);

describe("the visitors' search", () => {
  it("ignores accents and case, on both sides, and ranks the closest name first", async () => {
    const { plant } = await operator();
    const word = searchWord();
    const emile = await plant("Émile", `Dubœis${word}`);
    const exact = await plant("Zoë", word);
    const longer = await plant("Anne", `${word}ska`);

    expect(await search(`emile dubœis${word.toLowerCase()}`)).toEqual([emile]);
    expect(await search(`ÉMILE`)).toContain(emile);
    expect(await search(`zoe ${word.toUpperCase()}`)).toEqual([exact]);
    // The whole word first, then the longer name that contains it, then the name that only ends with it.
    const ranked = await search(word);
    expect(ranked[0]).toBe(exact);
    expect(ranked).toEqual(expect.arrayContaining([exact, longer, emile]));
    expect(ranked.indexOf(longer)).toBeLessThan(ranked.indexOf(emile));
  });

  it("finds by town (the place of death) and by date of death, never by an approximate date", async () => {
    const { plant } = await operator();
    const word = searchWord();
    const town = `Liège-${word}`;
    const inTown = await plant("Paul", `Martin${word}`, { town, death: "2026-03-14" });
    const sameDay = await plant("Jean", `Lambert${word}`, { death: "2026-03-14" });
    const approximate = await plant("Luc", `Renard${word}`, { death: "2026-03-14", approximate: true });
    await plant("Léa", `Simon${word}`, { death: "2026-03-15" });

    expect(await search(`liege-${word.toLowerCase()}`)).toEqual([inTown]);
    expect(await search(`LIÈGE-${word}`)).toEqual([inTown]);
    const onDay = await search(word, "2026-03-14");
    expect(onDay.sort()).toEqual([inTown, sameDay].sort());
    expect(onDay).not.toContain(approximate);
    // A result shows the town and the (exact) date; an approximate date is not shown.
    const hits = (await searchMemorials({ text: `martin${word}`, date: null, page: 1 })).hits;
    expect(hits).toEqual([
      { id: inTown, kind: "classic", title: `Paul Martin${word}`, town, deathDate: "2026-03-14" },
    ]);
    const renard = (await searchMemorials({ text: `renard${word}`, date: null, page: 1 })).hits;
    expect(renard[0]?.deathDate).toBeNull();
  });

  it("finds an anonymous memorial by its title only, never by the deceased's name, town or date", async () => {
    const { plant } = await operator();
    const word = searchWord();
    const anonymous = await plant("Émile", `Secret${word}`, {
      anonymousName: `Pour un ami ${word}`,
      town: `Namur${word}`,
      death: "2026-02-02",
    });
    expect(await search(`secret${word}`)).toEqual([]);
    expect(await search(`emile secret${word}`)).toEqual([]);
    expect(await search(`namur${word}`)).toEqual([]);
    expect(await search(`pour un ami ${word}`)).toEqual([anonymous]);
    expect(await search(word.toLowerCase(), "2026-02-02")).toEqual([]);
    const [hit] = (await searchMemorials({ text: `ami ${word}`, date: null, page: 1 })).hits;
    expect(hit).toEqual({
      id: anonymous,
      kind: "anonymous",
      title: `Pour un ami ${word}`,
      town: null,
      deathDate: null,
    });
  });

  it("never finds a memorial that is link only, hidden, made with a test key or awaiting its family", async () => {
    const { op, epf, plant } = await operator();
    const word = searchWord();
    const shown = await plant("Anne", `Public${word}`);
    const linkOnly = await plant("Anne", `Linkonly${word}`);
    const hidden = await plant("Anne", `Hidden${word}`);
    const test = await plant("Anne", `Test${word}`, { test: true });
    const awaiting = await plant("Anne", `Awaiting${word}`, { awaiting: true });
    await asFamily(linkOnly, async () =>
      setMemorialPrivacy({ by: "family", token: await familyToken(linkOnly) }, "link_only"),
    );
    await asFamily(hidden, async () =>
      setMemorialPrivacy({ by: "family", token: await familyToken(hidden) }, "hidden"),
    );
    expect(await search(word)).toEqual([shown]);

    // The funeral home's default applies until the family chooses; the family's choice wins.
    await actingAs(COMMAND_LINE, () => setContextDefaultPrivacy(op.operatorId, epf.id, "link_only"));
    expect(await search(word)).toEqual([]);
    expect(await memorialPrivacy(shown)).toEqual({ level: "link_only", isDefault: true });
    await asFamily(shown, async () =>
      setMemorialPrivacy({ by: "family", token: await familyToken(shown) }, "public"),
    );
    expect(await search(word)).toEqual([shown]);
    expect(await memorialPrivacy(shown)).toEqual({ level: "public", isDefault: false });
    // Showing a hidden memorial again: it is public again only if chosen so.
    await asFamily(hidden, async () =>
      setMemorialPrivacy({ by: "family", token: await familyToken(hidden) }, "public"),
    );
    expect((await search(word)).sort()).toEqual([shown, hidden].sort());
    expect(await search(`test${word}`)).toEqual([]);
    expect(await search(`awaiting${word}`)).toEqual([]);
    expect(test).toBeGreaterThan(0);
    expect(awaiting).toBeGreaterThan(0);
  });

  it("records memorial.privacy_changed (and the hide) in the change's transaction, saying who acted", async () => {
    const { plant } = await operator();
    const word = searchWord();
    const id = await plant("Anne", `Events${word}`);
    const token = await familyToken(id);
    await asFamily(id, () => setMemorialPrivacy({ by: "family", token }, "link_only"));
    await asFamily(id, () => setMemorialPrivacy({ by: "family", token }, "link_only")); // no change: no event
    await asFamily(id, () => setMemorialPrivacy({ by: "family", token }, "hidden"));
    const events = await db.domainEvent.findMany({
      where: { memorialId: id, type: { in: ["memorial.privacy_changed", "memorial.hidden"] } },
      orderBy: { id: "asc" },
      select: { type: true, payload: true },
    });
    expect(events).toEqual([
      {
        type: "memorial.privacy_changed",
        payload: { by: "family", privacy: "link_only", previousPrivacy: "public" },
      },
      { type: "memorial.hidden", payload: { by: "family" } },
      {
        type: "memorial.privacy_changed",
        payload: { by: "family", privacy: "hidden", previousPrivacy: "link_only" },
      },
    ]);
  });

  it("pages the results, and reads a form's values safely", async () => {
    const { plant } = await operator();
    const word = searchWord();
    const ids: number[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 2; i++) ids.push(await plant("Anne", `${word}`));
    const first = await searchMemorials({ text: word, date: null, page: 1 });
    const second = await searchMemorials({ text: word, date: null, page: 2 });
    expect(first.hits).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.hasNext).toBe(true);
    expect(second.hits).toHaveLength(2);
    expect(second.hasNext).toBe(false);
    expect([...first.hits, ...second.hits].map((h) => h.id).sort()).toEqual(ids.sort());

    expect(parseSearch({ q: "  x ", date: "2026-02-30", page: "abc" })).toEqual({
      query: { text: "x", date: null, page: 1 },
      badDate: true,
    });
    expect(parseSearch({ q: null, date: "2026-02-28", page: "999" }).query).toEqual({
      text: "",
      date: "2026-02-28",
      page: 50,
    });
    expect(await searchMemorials({ text: "  ", date: null, page: 1 })).toEqual({
      hits: [],
      page: 1,
      hasNext: false,
    });
    // LIKE's wildcards are plain characters.
    expect(await search(`%${word}%`)).toEqual([]);
  });
});
