// A country's name in the reader's language, from its ISO 3166 code (a planting site's country on
// the public page and on the certificate).
import { type Language, LOCALES } from "./languages";

/** A namer of country codes; an unknown or malformed code is shown as it is. */
export function countryNamer(language: Language) {
  const names = new Intl.DisplayNames([LOCALES[language]], { type: "region", fallback: "code" });
  return (code: string) => {
    try {
      return names.of(code) ?? code;
    } catch {
      return code;
    }
  };
}
