// An anonymous memorial's title (4.1 rule 7: its MemorialAnonymeNom, or its id when
// that is null, shown as "In memoriam · n° 123" in the page's language) is written in TypeScript
// (displayTitle) and in SQL (anonymousNameTitleSql, the visitors' search), side by side in
// lib/memorials/policy.ts. Both give the same title, with and without MemorialAnonymeNom, in every
// language, and the search finds such a memorial by the title people read of it.
import { db, Prisma } from "@memorial/lib/db/client";
import { LANGUAGES, type Language } from "@memorial/lib/i18n/languages";
import { anonymousNameTitleSql, displayTitle, TITLE_SELECT } from "@memorial/lib/memorials/policy";
import { searchMemorials } from "@memorial/lib/memorials/search";
import { authenticateKey, type Caller } from "@memorial/lib/operators/keys";
import { beforeAll, describe, expect, it } from "vitest";
import { makeIsolatedOperator } from "@/e2e/support/factories";
import { newMemorialTarget, plantingCommand } from "./support/commands";
import { callerMemorial } from "./support/memorials";

/** MemorialAnonymeNom as stored: absent, blank, padded (spaces a name may carry) or plain. */
const NAMES = [null, "", "   ", "\u00a0\t", "  Une amie ", "\u00a0Marie\u3000", "Souvenir"];
// A memorial's own language: each of the four, and one the service does not speak (French then).
const OWN_LANGUAGES = [...LANGUAGES, "es"];
const ids: number[] = [];

beforeAll(async () => {
  const op = await makeIsolatedOperator({ stock: NAMES.length * OWN_LANGUAGES.length });
  const caller = (await authenticateKey(op.key)) as Caller;
  for (const anonymousName of NAMES) {
    for (const language of OWN_LANGUAGES) {
      const { memorialId } = await callerMemorial(
        caller,
        plantingCommand(newMemorialTarget()),
        "http://localhost:3000",
      );
      await db.memorial.update({
        where: { id: memorialId },
        data: { kind: "anonymous", anonymousName, anonymousTitle: "name", language },
      });
      ids.push(memorialId);
    }
  }
});

describe("an anonymous memorial's title, in TypeScript and in SQL", () => {
  it("is the same in every language, and in the memorial's own without one", async () => {
    const memorials = await db.memorial.findMany({
      where: { id: { in: ids } },
      select: TITLE_SELECT,
      orderBy: { id: "asc" },
    });
    for (const language of [null, ...LANGUAGES] as (Language | null)[]) {
      const rows = await db.$queryRaw<{ id: number; title: string }[]>`
        SELECT m."id", ${anonymousNameTitleSql(language)} AS "title"
        FROM "memorial" m WHERE m."id" IN (${Prisma.join(ids)}) ORDER BY m."id"`;
      expect(rows.map((row) => row.title)).toEqual(
        memorials.map((memorial) => displayTitle(memorial, language ?? undefined)),
      );
    }
  });

  it("names a memorial without MemorialAnonymeNom by its number, in the reader's language", async () => {
    const [id] = ids;
    const rows = await db.$queryRaw<{ fr: string; en: string; nl: string; de: string }[]>`
      SELECT ${anonymousNameTitleSql("fr")} AS "fr", ${anonymousNameTitleSql("en")} AS "en",
        ${anonymousNameTitleSql("nl")} AS "nl", ${anonymousNameTitleSql("de")} AS "de"
      FROM "memorial" m WHERE m."id" = ${id}`;
    expect(rows[0]).toEqual({
      fr: `In memoriam · n° ${id}`,
      en: `In memoriam · no. ${id}`,
      nl: `In memoriam · nr. ${id}`,
      de: `In memoriam · Nr. ${id}`,
    });
  });

  it("is what the search finds an anonymous memorial by: its number as people read it", async () => {
    const id = ids[1]!;
    const { hits } = await searchMemorials({ text: `n° ${id}`, date: null, page: 1 }, "fr");
    expect(hits.find((hit) => hit.id === id)?.title).toBe(`In memoriam · n° ${id}`);
  });
});
