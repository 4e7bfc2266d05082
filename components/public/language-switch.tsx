// Plain links (?lang=xx): they work without JavaScript, and as full page loads they also rewrite
// <html lang> in the root layout.
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "@memorial/lib/i18n/languages";
import { t } from "@memorial/lib/i18n/translate";

export function LanguageSwitch({ current, path }: { current: Language; path: string }) {
  return (
    <nav aria-label={t(current, "page.languageSwitch")}>
      <ul className="flex gap-1 text-sm">
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <a
              href={`${path}?lang=${lang}`}
              hrefLang={lang}
              lang={lang}
              aria-current={lang === current ? "true" : undefined}
              title={LANGUAGE_NAMES[lang]}
              className={
                lang === current
                  ? "block rounded px-2 py-1 font-bold uppercase text-white bg-forest-800"
                  : "block rounded px-2 py-1 uppercase text-forest-800 underline hover:bg-forest-100"
              }
            >
              <span aria-hidden="true">{lang}</span>
              <span className="sr-only">{LANGUAGE_NAMES[lang]}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
