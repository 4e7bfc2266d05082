// What the public pages (home, memorial, planting form) are framed and divided by: the skip link,
// the header with the site's name and the language switch, the footer, a section under its
// heading. One place, so that every page has the same frame and a section is always named by its
// heading (aria-labelledby).
import type { Language } from "@memorial/lib/i18n/languages";
import type { PageTranslator } from "@memorial/lib/i18n/translate";
import type { ReactNode } from "react";
import { LanguageSwitch } from "@/components/public/language-switch";

/**
 * A page's frame around its <main id="content"> (`children`, in `mainClassName`), with `tail`
 * after the footer. `path`: the page's address for the language switch. The home page (`home`)
 * names the site without a link to itself.
 */
export function PageFrame({
  t,
  language,
  path,
  home = false,
  mainClassName,
  tail,
  children,
}: {
  t: PageTranslator;
  language: Language;
  path: string;
  home?: boolean;
  mainClassName: string;
  tail?: ReactNode;
  children: ReactNode;
}) {
  const siteName = "font-serif text-lg text-forest-800";
  return (
    <>
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      <header className="border-b border-forest-100 bg-white">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          {home ? (
            <span className={siteName}>{t("siteName")}</span>
          ) : (
            <a href="/" className={siteName}>
              {t("siteName")}
            </a>
          )}
          <LanguageSwitch current={language} path={path} />
        </div>
      </header>
      <main id="content" className={mainClassName}>
        {children}
      </main>
      <footer className="border-t border-forest-100 bg-white">
        <p className="mx-auto max-w-5xl px-4 py-6 text-sm text-stone-700 sm:px-6">{t("footer")}</p>
      </footer>
      {tail}
    </>
  );
}

/**
 * A section of a page under its <h2>: `name` makes the heading's id (`{name}-heading`). A map,
 * which has no margin of its own, wants room under the heading (`spaced`).
 */
export function PageSection({
  name,
  heading,
  id,
  testId,
  spaced = false,
  children,
}: {
  name: string;
  heading: ReactNode;
  id?: string;
  testId?: string;
  spaced?: boolean;
  children: ReactNode;
}) {
  const headingId = `${name}-heading`;
  return (
    <section aria-labelledby={headingId} className="py-6" id={id} data-testid={testId}>
      <h2 id={headingId} className={`${spaced ? "mb-4 " : ""}font-serif text-2xl text-forest-800`}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** The banner that says what just happened (a confirmation, a planting's outcome): a title, a text. */
export function OutcomeBanner({
  title,
  text,
  warning = false,
  testId,
  outcome,
}: {
  title: string;
  text: string;
  warning?: boolean;
  testId: string;
  outcome?: string;
}) {
  return (
    <div
      role="status"
      className={`mt-6 rounded-xl border-l-4 ${
        warning ? "border-amber-600 bg-amber-50" : "border-forest-600 bg-forest-100"
      } px-4 py-3`}
      data-testid={testId}
      data-outcome={outcome}
    >
      <p className="font-serif text-xl text-forest-900">{title}</p>
      <p className="text-stone-800">{text}</p>
    </div>
  );
}
