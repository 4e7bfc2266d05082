// Where a JSON text breaks (a malformed body says where), as line, column and offset.
// JSON.parse decides whether a body is JSON; this scan only finds the place, because Node 20's
// parser omits the position from its most common message ("Unexpected token 'x', ... is not valid
// JSON") and quotes the body instead. The grammar is RFC 8259's, as JSON.parse reads it.

export interface JsonSyntaxError {
  /** 0-based offset of the first character that cannot be there (the length for a cut text). */
  offset: number;
  /** 1-based line and column of that character, as an editor shows them. */
  line: number;
  column: number;
  /** What was expected or found there. */
  reason: string;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly reason: string,
  ) {}
}

/** The first syntax error of a JSON text, or null when it is valid JSON. */
export function locateJsonError(text: string): JsonSyntaxError | null {
  let i = 0;
  const fail = (expected: string): never => {
    throw new Stop(
      i,
      `expected ${expected}, ${i >= text.length ? "but the text ends" : `found ${shown(text, i)}`}`,
    );
  };
  const space = () => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r"))
      i++;
  };
  const literal = (word: string) => {
    for (const c of word) {
      if (text[i] !== c) fail(`'${word}'`);
      i++;
    }
  };
  const digits = (what: string) => {
    if (!(text[i] >= "0" && text[i] <= "9")) fail(what);
    while (text[i] >= "0" && text[i] <= "9") i++;
  };
  const number = () => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else digits("a digit");
    if (text[i] === ".") {
      i++;
      digits("a digit after the decimal point");
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      digits("a digit in the exponent");
    }
  };
  const string = () => {
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) throw new Stop(i, "a string is not closed: the text ends inside it");
      const c = text.charCodeAt(i);
      if (c === 34) {
        i++;
        return;
      }
      if (c < 0x20) throw new Stop(i, "a control character (such as a line break) inside a string");
      if (c === 92) {
        i++;
        const e = text[i];
        if (e === "u") {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? "")) {
              i += k;
              fail("four hexadecimal digits after \\u");
            }
          }
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail('an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\u)');
      } else i++;
    }
  };
  /** After an object's or an array's opening bracket: no member, or members between commas, then `close`. */
  const members = (close: "}" | "]", member: string, read: () => void) => {
    i++;
    space();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      read();
      space();
      if (text[i] === ",") i++;
      else if (text[i] === close) {
        i++;
        return;
      } else fail(`',' or '${close}' after ${member}`);
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === "{") {
      members("}", "the property value", () => {
        space();
        if (text[i] !== '"') fail("a property name in double quotes");
        string();
        space();
        if (text[i] !== ":") fail("':' after the property name");
        i++;
        value();
      });
      return;
    }
    if (c === "[") {
      members("]", "the array element", value);
      return;
    }
    if (c === '"') string();
    else if (c === "t") literal("true");
    else if (c === "f") literal("false");
    else if (c === "n") literal("null");
    else if (c === "-" || (c >= "0" && c <= "9")) number();
    else fail("a value (an object, array, string, number, true, false or null)");
  };
  try {
    value();
    space();
    if (i < text.length) fail("the end of the text after the JSON value");
    return null;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    const before = text.slice(0, error.offset);
    const line = before.split("\n").length;
    const column = error.offset - before.lastIndexOf("\n");
    return { offset: error.offset, line, column, reason: error.reason };
  }
}

/** The character at an offset as a message shows it: 'x', or U+000A for an invisible one. */
function shown(text: string, offset: number): string {
  const code = text.codePointAt(offset) ?? 0;
  if (code < 0x20 || (code >= 0x7f && code <= 0xa0) || code === 0xfeff) {
    return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  }
  const char = String.fromCodePoint(code);
  return char === "'" ? `"'"` : `'${char}'`;
}
