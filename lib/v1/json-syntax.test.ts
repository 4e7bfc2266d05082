// A malformed body says where it breaks. The scan agrees with JSON.parse on what is
// JSON, and with its position wherever Node's message gives one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateJsonError } from "./json-syntax";

/** The position JSON.parse gives in its message, when it gives one (Node 20 often does not). */
function parserPosition(text: string): number | null | "valid" {
  try {
    JSON.parse(text);
    return "valid";
  } catch (error) {
    const m = /at position (\d+)/.exec((error as Error).message);
    return m ? Number(m[1]) : null;
  }
}

describe("locateJsonError", () => {
  it("finds nothing wrong in valid JSON", () => {
    for (const text of ['{"a":[1,-2.5e+3,true,false,null,"\\u00e9\\n"]}', " {} ", '"x"', "0", "[]"]) {
      expect(locateJsonError(text), text).toBeNull();
    }
  });

  it("gives the line, column and offset of the first wrong character, and what was expected", () => {
    expect(locateJsonError('{\n  "Defunt": {}\n  "AConfirmer": true\n}')).toEqual({
      offset: 19,
      line: 3,
      column: 3,
      reason: "expected ',' or '}' after the property value, found '\"'",
    });
    expect(locateJsonError('{"a":}')).toMatchObject({ offset: 5, line: 1, column: 6 });
    expect(locateJsonError('{"a":1,}')?.reason).toBe("expected a property name in double quotes, found '}'");
    expect(locateJsonError("{'a':1}")).toMatchObject({
      offset: 1,
      reason: expect.stringMatching(/found "'"$/),
    });
    expect(locateJsonError('{"a":\u0001}')?.reason).toMatch(/found U\+0001$/);
    expect(locateJsonError('{"a": tru}')).toMatchObject({ offset: 9, reason: "expected 'true', found '}'" });
    expect(locateJsonError('{"a":1')).toMatchObject({
      offset: 6,
      reason: expect.stringMatching(/the text ends/),
    });
    expect(locateJsonError('{"a":"x\ny"}')?.reason).toMatch(/control character/);
    expect(locateJsonError('{"a":01}')?.offset).toBe(6);
    expect(locateJsonError("{} x")?.reason).toBe(
      "expected the end of the text after the JSON value, found 'x'",
    );
    expect(locateJsonError('{"a":"\\x"}')?.offset).toBe(7);
    expect(locateJsonError('{"a":"\\u12G4"}')?.offset).toBe(10);
    expect(locateJsonError("")?.reason).toMatch(/expected a value/);
  });

  it("agrees with JSON.parse on every text, and on the position where it says one", () => {
    const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v, null, 1));
    const mutated = fc
      .tuple(json, fc.nat(), fc.constantFrom("", "}", "]", ",", ":", '"', "'", "x", "\n", "-", "0", "\\"))
      .map(([text, at, insert]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(i + (at % 2));
      });
    fc.assert(
      fc.property(fc.oneof(json, mutated, fc.string({ maxLength: 12 })), (text) => {
        const position = parserPosition(text);
        const found = locateJsonError(text);
        if (position === "valid") expect(found).toBeNull();
        else {
          expect(found, text).not.toBeNull();
          if (position !== null) expect(found?.offset, text).toBe(position);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
