// One ICU message (plural, select, {name} arguments) formatted in one of our languages by
// intl-messageformat. Compiled messages are kept: a page formats the same few hundred again and
// again. No catalogue is imported here, so the dashboard's client components can use it with the
// messages the server passes them (lib/i18n/translate.ts is the server's side).
import { IntlMessageFormat } from "intl-messageformat";
import type { Language } from "./languages";

export type MessageValues = Record<string, string | number>;

const compiled = new Map<string, IntlMessageFormat>();

/** A French word starting with a vowel sound (an h is taken as mute: "d'Hélène"). */
const FRENCH_ELIDES = /^[aeiouyhàâäæéèêëîïôöœùûüÿ]/i;

/**
 * French elides "de" before a name that starts with a vowel: "en mémoire d'Émile", never "de
 * Émile". A catalogue that writes "de {name}" gets "d'{name}" for such a value, whatever the name
 * (an e-mail address keeps "de").
 */
function elide(language: Language, message: string, values?: MessageValues): string {
  if (language !== "fr" || !values || !message.includes("de {")) return message;
  return message.replace(/\bde \{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    // A name, never an e-mail address: "le rôle de anne@example.org" is read letter by letter.
    return typeof value === "string" && FRENCH_ELIDES.test(value) && !value.includes("@")
      ? `d''{${name}}`
      : whole;
  });
}

export function formatMessage(language: Language, given: string, values?: MessageValues): string {
  const message = elide(language, given, values);
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
