// The 404 page of URLs that match no route. The app has several root layouts (the site, each
// memorial page in its own language), so this page brings its own <html> (Next 16 globalNotFound).
// It is rendered once, without the request: it says the same in the four languages, the
// browser's first (by its own lang attribute, each block is read in its language).

import { LANGUAGES } from "@memorial/lib/i18n/languages";
import { t as text, translator } from "@memorial/lib/i18n/translate";
import type { Metadata } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: `${text("fr", "page.notFoundTitle")} · ${text("nl", "page.notFoundTitle")} · ${text("en", "page.notFoundTitle")} · ${text("de", "page.notFoundTitle")}`,
  description: text("en", "page.notFoundText"),
};

export default function GlobalNotFound() {
  return (
    <html lang="fr">
      <body className="min-h-screen bg-forest-50 text-stone-900 antialiased">
        <main className="mx-auto max-w-2xl px-6 py-16">
          <h1 className="font-serif text-3xl text-forest-800">
            {LANGUAGES.map((language, i) => (
              <span key={language} lang={language} className="block">
                {i > 0 ? <span className="sr-only"> · </span> : null}
                {text(language, "page.notFoundTitle")}
              </span>
            ))}
          </h1>
          {LANGUAGES.map((language) => {
            const t = translator(language, "page");
            return (
              <p key={language} lang={language} className="mt-4">
                {t("notFoundText")}{" "}
                <a className="text-forest-700 underline" href={`/?lang=${language}`}>
                  {t("home")}
                </a>
              </p>
            );
          })}
        </main>
      </body>
    </html>
  );
}
