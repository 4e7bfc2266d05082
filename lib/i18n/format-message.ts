// One ICU message (plural, select, {name} arguments) formatted in one of our languages by
// intl-messageformat. Compiled messages are kept: a page formats the same few hundred again and
// again. No catalogue is imported here, so the dashboard's client components can use it with the
// messages the server passes them (lib/i18n/translate.ts is the server's side).
import { IntlMessageFormat } from "intl-messageformat";
import type { Language } from "./languages";

export type MessageValues = Record<string, string | number>;

const compiled = new Map<string, IntlMessageFormat>();

export function formatMessage(language: Language, message: string, values?: MessageValues): string {
  const id = `${language}\u0000${message}`;
  let format = compiled.get(id);
  if (!format) {
    // The language's own plural rules and number format ("1 234" in French), as Intl gives them;
    // a "<" is text, never a rich-text tag.
    format = new IntlMessageFormat(message, language, undefined, { ignoreTag: true });
    compiled.set(id, format);
  }
  return String(format.format<string>(values));
}
