// Numbers in the reader's language, the same for the public pages and the dashboard, on the
// server and in the browser.
import { type Language, LOCALES } from "./languages";

export function formatNumber(value: number | string, lang: Language, maximumFractionDigits = 2): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits }).format(Number(value));
}
